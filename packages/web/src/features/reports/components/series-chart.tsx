import type { ComponentProps } from 'react';
import { BarChart, LineChart } from '@mantine/charts';
import { Stack } from '@mantine/core';
import type { ReportBucket, ReportTable } from '@leadline/shared/reports';
import { formatCount } from '../../../lib/format.ts';
import { CHART_HEIGHT, chartData, chartSeries, tableTotal } from './report-format.ts';
import { ChartLegend } from './chart-legend.tsx';
import { ReportPanel } from './report-panel.tsx';

type SeriesChartProps = {
  table: ReportTable;
  bucket: ReportBucket;
  /** Stacked bars (parts of a whole) or lines (figures side by side). */
  kind: 'stacked' | 'lines';
  label: string;
};

/** A report table over time: one bar (or point) per bucket, one colour per series. */
export const SeriesChart = ({ table, bucket, kind, label }: SeriesChartProps) => {
  const data = chartData(table, bucket);
  const series = chartSeries(table);
  const common = {
    h: CHART_HEIGHT,
    data,
    dataKey: 'bucket',
    series,
    tickLine: 'none' as const,
    valueFormatter: formatCount,
    yAxisProps: { allowDecimals: false, width: 40 },
    xAxisProps: { minTickGap: 12 },
    tooltipProps: {
      labelFormatter: (_label: unknown, payload: readonly { payload?: { title?: string } }[]) =>
        payload[0]?.payload?.title ?? String(_label),
    },
    role: 'figure',
    'aria-label': label,
  };
  return (
    <Stack gap="sm">
      {kind === 'stacked' ? (
        <BarChart {...common} type="stacked" maxBarWidth={40} />
      ) : (
        <LineChart {...common} curveType="linear" withDots={data.length <= 45} />
      )}
      <ChartLegend series={series} />
    </Stack>
  );
};

type SeriesPanelProps = Omit<ComponentProps<typeof ReportPanel>, 'empty' | 'children'> &
  Omit<SeriesChartProps, 'label'> & {
    /** Shown instead of the chart when every count is 0. */
    emptyText: string;
  };

/** A report table's chart in its panel, with its download and its empty state. */
export const SeriesPanel = ({ table, bucket, kind, emptyText, ...panel }: SeriesPanelProps) => (
  <ReportPanel {...panel} empty={tableTotal(table) === 0 ? emptyText : null}>
    <SeriesChart table={table} bucket={bucket} kind={kind} label={`${panel.title} chart`} />
  </ReportPanel>
);
