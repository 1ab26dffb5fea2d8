import { useNavigate } from 'react-router';
import { PieChart } from '@mantine/charts';
import type { PieChartCell } from '@mantine/charts';
import {
  Box,
  ColorSwatch,
  Group,
  Stack,
  Text,
  ThemeIcon,
  Tooltip,
  useMantineTheme,
  getThemeColor,
} from '@mantine/core';
import { IconChartPie } from '@tabler/icons-react';
import type { PieLabelRenderProps } from 'recharts';
import type { CampaignPerformance } from '@leadline/shared/dashboard';
import { formatCount } from '../../../lib/format.ts';
import {
  CAMPAIGN_LABEL_MAX,
  CAMPAIGN_PALETTE,
  CHART_HEIGHT,
  MIN_PIE_LABEL_SHARE,
  formatShare,
  truncateLabel,
} from './dashboard-format.ts';
import classes from './dashboard.module.css';
import { Panel, PanelEmpty } from './panel.tsx';

const PIE_SIZE = CHART_HEIGHT - 80;

/**
 * A percentage beside each slice of 5% or more; smaller slices stay unlabelled. With these
 * outside labels the chart is PIE_SIZE + 80 px square (CHART_HEIGHT).
 */
const PercentLabel = ({ x, y, cx, percent }: PieLabelRenderProps) => {
  if (typeof percent !== 'number' || percent < MIN_PIE_LABEL_SHARE) return null;
  return (
    <text
      x={x}
      y={y}
      textAnchor={Number(x) > Number(cx) ? 'start' : 'end'}
      dominantBaseline="central"
      fill="var(--mantine-color-dimmed)"
      fontFamily="var(--mantine-font-family)"
      fontSize={12}
    >
      {`${Math.round(percent * 100)}%`}
    </text>
  );
};

type CampaignPerformanceChartProps = {
  data: CampaignPerformance[];
  /** Campaigns in the organisation, to tell "none yet" from "none with leads yet". */
  campaignCount: number;
  linkable: boolean;
};

/** Leads per campaign as a pie; a click opens the campaigns page. */
export const CampaignPerformanceChart = ({
  data,
  campaignCount,
  linkable,
}: CampaignPerformanceChartProps) => {
  const navigate = useNavigate();
  const theme = useMantineTheme();
  const campaigns = data.filter((campaign) => campaign.leads > 0);
  const total = campaigns.reduce((sum, campaign) => sum + campaign.leads, 0);
  const cells: PieChartCell[] = campaigns.map((campaign, index) => ({
    key: campaign._id,
    name: campaign.name,
    value: campaign.leads,
    color: CAMPAIGN_PALETTE[index % CAMPAIGN_PALETTE.length]!,
  }));
  const open = () => {
    if (linkable) void navigate('/campaigns');
  };

  return (
    <Panel title="Campaign Performance" description="Leads per campaign">
      {cells.length === 0 ? (
        <PanelEmpty
          minHeight={{ base: 0, md: CHART_HEIGHT }}
          icon={
            <ThemeIcon size={44} radius="xl" variant="light" color="gray" aria-hidden>
              <IconChartPie size={24} />
            </ThemeIcon>
          }
          title={campaignCount > 0 ? 'No campaign leads yet' : 'No campaigns yet'}
          hint={
            campaignCount > 0
              ? 'Each campaign appears here once leads are added to it.'
              : 'Create a campaign and add leads to it to see how each one performs.'
          }
        />
      ) : (
        <Group align="center" justify="center" gap="lg" wrap="wrap" mih={CHART_HEIGHT}>
          <PieChart
            data={cells}
            size={PIE_SIZE}
            withLabels
            withLabelsLine={false}
            labelsType="percent"
            withTooltip
            tooltipDataSource="segment"
            valueFormatter={(value) => `${formatCount(value)} leads`}
            strokeWidth={1}
            className={linkable ? classes.clickableChart : undefined}
            role="figure"
            aria-label="Campaign performance pie chart"
            pieProps={{ label: PercentLabel, onClick: open }}
          />
          <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none', minWidth: 0 }}>
            {cells.map((cell) => (
              <Box component="li" key={cell.key}>
                <Group gap={8} wrap="nowrap">
                  <ColorSwatch color={getThemeColor(cell.color, theme)} size={12} />
                  <Tooltip label={cell.name} disabled={cell.name.length <= CAMPAIGN_LABEL_MAX}>
                    <Text size="sm">{truncateLabel(cell.name, CAMPAIGN_LABEL_MAX)}</Text>
                  </Tooltip>
                  <Text size="sm" c="dimmed" ml="auto" pl="sm">
                    {formatCount(cell.value)} · {formatShare(cell.value, total)}
                  </Text>
                </Group>
              </Box>
            ))}
          </Stack>
        </Group>
      )}
    </Panel>
  );
};
