import { BarChart } from '@mantine/charts';
import { Stack, Table, Text } from '@mantine/core';
import { bounceRate, replyRate } from '@leadline/shared/reports';
import type { CampaignResult } from '@leadline/shared/reports';
import { formatCount } from '../../../lib/format.ts';
import { ChartLegend } from './chart-legend.tsx';

const TYPE_LABELS: Record<string, string> = { email: 'Email', linkedin: 'LinkedIn', call: 'Call' };
const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const NAME_MAX = 16;
const shortName = (name: string) =>
  Array.from(name).length > NAME_MAX ? `${Array.from(name).slice(0, NAME_MAX).join('')}…` : name;

/** At most this many campaigns in the chart (the busiest); the table lists them all. */
const CHART_CAMPAIGNS = 10;
/** Height of one campaign's group of bars. */
const BAR_ROW = 48;
const CAMPAIGN_SERIES = [
  { name: 'sent', label: 'Emails sent', color: 'blue.6' },
  { name: 'tasksDone', label: 'Tasks done', color: 'grape.6' },
  { name: 'replies', label: 'Replies', color: 'teal.6' },
  { name: 'bounces', label: 'Bounces', color: 'red.6' },
];

/** Each campaign's results in the period: a chart of the busiest and the full table. */
export const CampaignResults = ({ campaigns }: { campaigns: CampaignResult[] }) => {
  const charted = campaigns
    .filter((campaign) => campaign.sent + campaign.tasksDone + campaign.replies > 0)
    .slice(0, CHART_CAMPAIGNS)
    .map((campaign) => ({
      name: shortName(campaign.name),
      sent: campaign.sent,
      tasksDone: campaign.tasksDone,
      replies: campaign.replies,
      bounces: campaign.bounces,
    }));
  return (
    <Stack gap="md">
      {charted.length > 0 ? (
        <Stack gap="sm">
          {/* Bars lie down: every campaign name has room beside its bars, on a phone too. */}
          <BarChart
            h={BAR_ROW * charted.length + 40}
            data={charted}
            dataKey="name"
            series={CAMPAIGN_SERIES}
            orientation="vertical"
            tickLine="none"
            gridAxis="x"
            valueFormatter={formatCount}
            xAxisProps={{ allowDecimals: false }}
            yAxisProps={{ width: 120, interval: 0 }}
            maxBarWidth={14}
            role="figure"
            aria-label="Campaign results bar chart"
          />
          <ChartLegend series={CAMPAIGN_SERIES} />
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          No campaign sent anything in this period.
        </Text>
      )}
      <Table.ScrollContainer minWidth={800}>
        <Table striped withTableBorder verticalSpacing="xs" aria-label="Campaign results">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Campaign</Table.Th>
              <Table.Th>Type</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th ta="right">Leads reached</Table.Th>
              <Table.Th ta="right">Emails sent</Table.Th>
              <Table.Th ta="right">Failed</Table.Th>
              <Table.Th ta="right">Tasks done</Table.Th>
              <Table.Th ta="right">Replies</Table.Th>
              <Table.Th ta="right">Reply rate</Table.Th>
              <Table.Th ta="right">Bounces</Table.Th>
              <Table.Th ta="right">Bounce rate</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {campaigns.map((campaign) => {
              const rate = replyRate(campaign.replies, campaign.sent);
              const bounced = bounceRate(campaign.bounces, campaign.sent);
              return (
                <Table.Tr key={campaign._id}>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{campaign.name}</Table.Td>
                  <Table.Td>{TYPE_LABELS[campaign.type] ?? capitalise(campaign.type)}</Table.Td>
                  <Table.Td>{capitalise(campaign.status)}</Table.Td>
                  <Table.Td ta="right">{formatCount(campaign.leads)}</Table.Td>
                  <Table.Td ta="right">{formatCount(campaign.sent)}</Table.Td>
                  <Table.Td ta="right">{formatCount(campaign.failed)}</Table.Td>
                  <Table.Td ta="right">{formatCount(campaign.tasksDone)}</Table.Td>
                  <Table.Td ta="right">{formatCount(campaign.replies)}</Table.Td>
                  <Table.Td ta="right">{rate === null ? '–' : `${rate}%`}</Table.Td>
                  <Table.Td ta="right">{formatCount(campaign.bounces)}</Table.Td>
                  <Table.Td ta="right">{bounced === null ? '–' : `${bounced}%`}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
};
