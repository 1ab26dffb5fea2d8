import { Group, Paper, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { CAMPAIGN_TYPE_LABELS } from '@leadline/shared/campaigns';
import type { CampaignDetail } from '@leadline/shared/campaigns';
import { describeWindow } from '@leadline/shared/sending-window';
import type { GapSeconds } from '@leadline/shared/sending-window';
import { formatDateTime } from '../../../lib/format.ts';
import { TrackingFigures } from '../../../components/tracking-figures.tsx';
import { useAudienceOwners } from '../api/get-audience-owners.ts';
import { useCampaignTracking } from '../api/get-campaign-tracking.ts';

const Line = ({ label, value }: { label: string; value: string }) => (
  <Group gap="xs" wrap="nowrap" align="flex-start">
    <Text size="sm" c="dimmed" w={110} style={{ flexShrink: 0 }}>
      {label}
    </Text>
    <Text size="sm" style={{ wordBreak: 'break-word' }}>
      {value}
    </Text>
  </Group>
);

const filtersText = ({ targetFilters: f }: CampaignDetail, ownerName: string) =>
  [
    f.status && `Status ${f.status}`,
    f.ownerId && `Owner ${ownerName}`,
    f.source && `Source ${f.source}`,
    f.country && `Country ${f.country}`,
    f.industry && `Industry ${f.industry}`,
    f.region && `Region ${f.region}`,
    f.tags.length > 0 && `Tags ${f.tags.join(', ')}`,
  ]
    .filter(Boolean)
    .join(' · ') || 'None';

const scheduleText = ({ schedule }: CampaignDetail) =>
  schedule.sendNow
    ? 'Immediately'
    : `${schedule.startDate ? `From ${formatDateTime(schedule.startDate)}, ` : ''}at most ${schedule.throttlePerHour} an hour`;

const gapText = ({ min, max }: GapSeconds) =>
  max === 0
    ? 'None between emails'
    : min === max
      ? `${min} seconds between emails`
      : `${min} to ${max} seconds between emails, at random`;

/** Progress, per-step figures and the campaign's settings. */
export const CampaignSummary = ({ campaign }: { campaign: CampaignDetail }) => {
  const owners = useAudienceOwners(campaign.targetFilters.ownerId !== '');
  const ownerName =
    owners.data?.find((owner) => owner.id === campaign.targetFilters.ownerId)?.name ?? 'chosen';
  const tasks = campaign.type !== 'email';
  const reached = campaign.leadCount - campaign.counts.queued;
  const share = campaign.leadCount > 0 ? (reached / campaign.leadCount) * 100 : 0;
  const tracking = useCampaignTracking(campaign._id, !tasks && campaign.status !== 'draft');
  return (
    <Stack gap="md">
      {campaign.status !== 'draft' ? (
        <Paper withBorder radius="md" p="md">
          <Stack gap={6}>
            <Group justify="space-between" gap="xs">
              <Text size="sm" fw={600}>
                Progress
              </Text>
              <Text size="sm" c="dimmed">
                {reached.toLocaleString()} of {campaign.leadCount.toLocaleString()} leads{' '}
                {tasks ? 'done' : 'reached'}
              </Text>
            </Group>
            <Progress value={share} aria-label="Campaign progress" size="lg" radius="xl" />
            {!tasks ? (
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing={4}>
                {campaign.steps.map((step) => (
                  <Text key={step.step} size="xs" c="dimmed">
                    {step.step === 0 ? 'First email' : `Follow-up ${step.step}`}:{' '}
                    {step.sent.toLocaleString()} sent, {step.failed.toLocaleString()} failed,{' '}
                    {step.queued.toLocaleString()} waiting
                  </Text>
                ))}
              </SimpleGrid>
            ) : null}
            {tracking.data ? <TrackingFigures summary={tracking.data.tracking} /> : null}
            {campaign.nextSendAt ? (
              <Text size="xs" c="dimmed">
                Next send: {formatDateTime(campaign.nextSendAt)}
              </Text>
            ) : null}
          </Stack>
        </Paper>
      ) : null}
      <Stack gap={6}>
        {campaign.description ? <Text size="sm">{campaign.description}</Text> : null}
        <Line label="Type" value={CAMPAIGN_TYPE_LABELS[campaign.type]} />
        {!tasks ? <Line label="Subject" value={campaign.emailSubject} /> : null}
        {!tasks ? (
          <Line
            label="Follow-ups"
            value={
              campaign.followUps.length === 0
                ? 'None'
                : campaign.followUps.map((f) => `${f.delayDays} days later`).join(', ')
            }
          />
        ) : null}
        <Line label="Chosen leads" value={campaign.chosenLeads.toLocaleString()} />
        <Line label="Target filters" value={filtersText(campaign, ownerName)} />
        {!tasks ? <Line label="Schedule" value={scheduleText(campaign)} /> : null}
        {!tasks ? (
          <Line label="Sending window" value={describeWindow(campaign.sendingWindow)} />
        ) : null}
        {!tasks ? <Line label="Gap" value={gapText(campaign.gapSeconds)} /> : null}
        <Line label="Created by" value={campaign.createdBy?.name ?? 'A former user'} />
        <Line label="Started" value={formatDateTime(campaign.startedAt, 'Not sent yet')} />
        {campaign.completedAt ? (
          <Line label="Completed" value={formatDateTime(campaign.completedAt)} />
        ) : null}
      </Stack>
    </Stack>
  );
};
