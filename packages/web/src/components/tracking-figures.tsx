import { Stack, Text } from '@mantine/core';
import type { TrackingSummary } from '@leadline/shared/tracking';
import { clicksText, opensText } from '../lib/tracking.ts';

/** A share of the tracked emails, rounded; '–' without any. */
const share = (count: number, of: number) => (of > 0 ? `${Math.round((count / of) * 100)}%` : '–');

/**
 * Opens and clicks of the tracked emails, people, privacy proxies and machines apart: small,
 * under the headline (the reply rate). Nothing when no email was tracked.
 */
export const TrackingFigures = ({ summary }: { summary: TrackingSummary }) => {
  if (summary.tracked === 0) return null;
  return (
    <Stack gap={2} component="section" aria-label="Opens and clicks" data-testid="tracking-figures">
      <Text size="xs" fw={600}>
        Opens and clicks of {summary.tracked.toLocaleString()} tracked{' '}
        {summary.tracked === 1 ? 'email' : 'emails'}
      </Text>
      <Text size="xs" c="dimmed">
        Opened by people: {summary.openedByPeople.toLocaleString()} (
        {share(summary.openedByPeople, summary.tracked)}) · clicked by people:{' '}
        {summary.clickedByPeople.toLocaleString()} (
        {share(summary.clickedByPeople, summary.tracked)})
      </Text>
      <Text size="xs" c="dimmed">
        {opensText(summary.opens)}
      </Text>
      <Text size="xs" c="dimmed">
        {clicksText(summary.clicks)}
      </Text>
      <Text size="xs" c="dimmed">
        Privacy proxies and machines open or click without anyone reading: only people&apos;s count
        as interest.
      </Text>
    </Stack>
  );
};
