import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconMailPause, IconPlayerPlay } from '@tabler/icons-react';
import type { Campaign } from '@leadline/shared/campaigns';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useResumeCampaignMailbox } from '../api/campaign-actions.ts';

/**
 * The mailboxes a campaign over several stopped sending from (too many of their emails
 * bounced), each with why and a button to send from it again; the other mailboxes go on.
 */
export const HeldMailboxesBanner = ({
  campaign,
}: {
  campaign: Pick<Campaign, '_id' | 'heldMailboxes'>;
}) => {
  const resume = useResumeCampaignMailbox();
  if (campaign.heldMailboxes.length === 0) return null;
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconMailPause size={18} />}
      title="Not sending from some mailboxes"
      role="status"
      data-testid="campaign-held-mailboxes"
    >
      <Stack gap="xs">
        <Text size="sm">
          Their leads wait while the campaign's other mailboxes go on. Check the addresses, then
          resume the mailbox.
        </Text>
        {campaign.heldMailboxes.map((held) => (
          <Group key={held.mailboxId} justify="space-between" gap="sm" wrap="wrap">
            <Stack gap={2} style={{ flex: '1 1 16rem', minWidth: 0 }}>
              <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {held.email}
              </Text>
              <Text size="xs">{held.message}</Text>
            </Stack>
            <Button
              size="xs"
              variant="white"
              color="orange"
              leftSection={<IconPlayerPlay size={14} />}
              loading={resume.isPending && resume.variables?.mailboxId === held.mailboxId}
              aria-label={`Resume sending from ${held.email}`}
              onClick={() =>
                resume.mutate(
                  { id: campaign._id, mailboxId: held.mailboxId },
                  {
                    onSuccess: ({ message }) => notifySuccess(message),
                    onError: (error) => notifyError('Could not resume the mailbox', error),
                  },
                )
              }
            >
              Resume
            </Button>
          </Group>
        ))}
      </Stack>
    </Alert>
  );
};
