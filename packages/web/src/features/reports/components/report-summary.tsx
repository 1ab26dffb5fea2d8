import { Card, SimpleGrid, Text } from '@mantine/core';
import { bounceRate, replyRate } from '@leadline/shared/reports';
import type { ReportResponse } from '@leadline/shared/reports';
import { formatCount } from '../../../lib/format.ts';

const Figure = ({ label, value, hint }: { label: string; value: string; hint: string }) => (
  <Card withBorder radius="md" padding="md">
    <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
      {label}
    </Text>
    <Text fz={26} fw={700} data-testid={`figure-${label}`}>
      {value}
    </Text>
    <Text size="xs" c="dimmed">
      {hint}
    </Text>
  </Card>
);

/** The period's totals above the charts. */
export const ReportSummary = ({ totals }: { totals: ReportResponse['totals'] }) => {
  const rate = replyRate(totals.replies, totals.emailsSent);
  const bounced = bounceRate(totals.bounces, totals.emailsSent);
  return (
    <SimpleGrid cols={{ base: 2, md: 3, lg: 6 }} spacing="md">
      <Figure
        label="Leads created"
        value={formatCount(totals.leads)}
        hint="New leads in the period"
      />
      <Figure
        label="Emails sent"
        value={formatCount(totals.emailsSent)}
        hint="By every sending path"
      />
      <Figure
        label="Replies"
        value={formatCount(totals.replies)}
        hint="From leads, found in inboxes"
      />
      <Figure
        label="Reply rate"
        value={rate === null ? '–' : `${rate}%`}
        hint="Replies per email sent"
      />
      <Figure
        label="Bounces"
        value={formatCount(totals.bounces)}
        hint="Emails that bounced for good"
      />
      <Figure
        label="Bounce rate"
        value={bounced === null ? '–' : `${bounced}%`}
        hint="Hard bounces per email sent"
      />
    </SimpleGrid>
  );
};
