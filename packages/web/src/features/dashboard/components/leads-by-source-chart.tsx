import { Link, useNavigate } from 'react-router';
import { BarChart } from '@mantine/charts';
import { ThemeIcon } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChartBar } from '@tabler/icons-react';
import type { XAxisProps } from 'recharts';
import { UNKNOWN_SOURCE } from '@leadline/shared/dashboard';
import type { DashboardResponse } from '@leadline/shared/dashboard';
import { MOBILE_QUERY } from '../../../lib/constants.ts';
import { formatCount } from '../../../lib/format.ts';
import { CHART_HEIGHT, SOURCE_LABEL_MAX, truncateLabel } from './dashboard-format.ts';
import classes from './dashboard.module.css';
import { Panel, PanelEmpty } from './panel.tsx';

type LeadsBySourceChartProps = {
  data: DashboardResponse['leadsBySource'];
  /** False when the user may not open the leads table: the bars are then not links. */
  linkable: boolean;
};

/** The leads of one source; leads without a source cannot be filtered, so 'Unknown' opens all. */
export const sourceLeadsPath = (source: string) =>
  source === UNKNOWN_SOURCE
    ? '/leads-table'
    : `/leads-table?${new URLSearchParams({ source }).toString()}`;

/** A bar per lead source; a click opens the leads of that source. */
export const LeadsBySourceChart = ({ data, linkable }: LeadsBySourceChartProps) => {
  const navigate = useNavigate();
  const mobile = useMediaQuery(MOBILE_QUERY, false, { getInitialValueInEffect: false });
  const sourceTicks = {
    tickFormatter: (value: unknown) => truncateLabel(String(value), SOURCE_LABEL_MAX),
    interval: 0 as const,
  };
  // Many columns: slanted names, so that neighbours do not overlap.
  const slanted: XAxisProps =
    data.length > 5 ? { angle: -40, textAnchor: 'end', height: 64, tickMargin: 4 } : {};
  const open = (source: unknown) => {
    if (linkable && typeof source === 'string' && source) void navigate(sourceLeadsPath(source));
  };

  return (
    <Panel
      title="Leads by Source"
      description={
        linkable && data.length > 0
          ? 'Select a bar to see those leads'
          : 'Where your leads come from'
      }
    >
      {data.length === 0 ? (
        <PanelEmpty
          minHeight={{ base: 0, md: CHART_HEIGHT }}
          icon={
            <ThemeIcon size={44} radius="xl" variant="light" color="gray" aria-hidden>
              <IconChartBar size={24} />
            </ThemeIcon>
          }
          title="No leads yet"
          hint="Leads appear here by source once you create or upload them."
        />
      ) : (
        <div>
          <BarChart
            h={CHART_HEIGHT}
            data={data}
            dataKey="source"
            series={[{ name: 'count', label: 'Leads', color: 'blue.6' }]}
            orientation={mobile ? 'vertical' : 'horizontal'}
            tickLine="none"
            gridAxis={mobile ? 'y' : 'x'}
            maxBarWidth={48}
            valueFormatter={formatCount}
            className={linkable ? classes.clickableChart : undefined}
            aria-label="Leads by source bar chart"
            role="figure"
            // On a phone the bars lie down, so every source name has room beside its bar.
            xAxisProps={mobile ? { allowDecimals: false } : { ...sourceTicks, ...slanted }}
            yAxisProps={
              mobile ? { ...sourceTicks, width: 100 } : { allowDecimals: false, width: 48 }
            }
            minBarSize={4}
            barProps={{
              onClick: (bar: { payload?: { source?: unknown } }) => open(bar.payload?.source),
            }}
            barChartProps={{ margin: { left: 0, right: 8, top: 8, bottom: 0 } }}
          />
          {linkable ? (
            <ul aria-label="Leads by source" className={classes.sourceLinks}>
              {data.map((row) => (
                <li key={row.source}>
                  <Link to={sourceLeadsPath(row.source)}>
                    {row.source}: {formatCount(row.count)} leads
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      )}
    </Panel>
  );
};
