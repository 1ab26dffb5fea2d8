import { useState } from 'react';
import { Chip, Group, Stack } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { RECIPIENT_STATE_LABELS } from '@leadline/shared/campaigns';
import type { CampaignDetail, RecipientState } from '@leadline/shared/campaigns';
import { PaginationBar } from '../../../components/pagination-bar.tsx';
import { DebouncedInput } from '../../../components/search-input.tsx';
import { errorMessage, isSessionExpired } from '../../../lib/api-client.ts';
import { notifyError } from '../../../lib/notify.ts';
import { useSetTask } from '../api/campaign-actions.ts';
import { useRecipients } from '../api/get-recipients.ts';
import { RecipientsTable } from './recipients-table.tsx';

const PAGE_SIZE = 25;
const EMAIL_STATES: RecipientState[] = ['queued', 'sent', 'failed', 'replied', 'unsubscribed'];
const TASK_STATES: RecipientState[] = ['queued', 'done'];

/** The campaign's leads, paged, by state or search; a LinkedIn or call campaign's as tasks. */
export const CampaignRecipients = ({ campaign }: { campaign: CampaignDetail }) => {
  const tasks = campaign.type !== 'email';
  const [state, setState] = useState<RecipientState | ''>('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const live = campaign.status === 'active' && !tasks;
  const recipients = useRecipients(
    campaign._id,
    { page, limit: PAGE_SIZE, state: state || undefined, search: search || undefined },
    live,
  );
  const setTask = useSetTask();
  // The task being saved shows its new state at once.
  const pending = setTask.isPending ? setTask.variables : null;
  const states = tasks ? TASK_STATES : EMAIL_STATES;
  const label = (s: RecipientState) =>
    tasks && s === 'queued' ? 'To do' : RECIPIENT_STATE_LABELS[s];

  const toggle = (leadId: string, done: boolean) => {
    setTask.mutate(
      { id: campaign._id, leadId, done },
      {
        onError: (error) => {
          if (!isSessionExpired(error))
            notifyError(errorMessage(error, 'Failed to update task.'), error);
        },
      },
    );
  };

  return (
    <Stack gap="sm">
      <Chip.Group
        value={state}
        onChange={(value) => {
          setState(value as RecipientState | '');
          setPage(1);
        }}
      >
        <Group gap={6} aria-label="Filter leads by state">
          <Chip value="" size="xs">
            All ({campaign.leadCount.toLocaleString()})
          </Chip>
          {states.map((s) => (
            <Chip key={s} value={s} size="xs">
              {label(s)} ({campaign.counts[s].toLocaleString()})
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      <DebouncedInput
        label="Search leads"
        placeholder="Name, email or company"
        leftSection={<IconSearch size={16} />}
        value={search}
        onCommit={(value) => {
          setSearch(value);
          setPage(1);
        }}
      />
      <RecipientsTable
        recipients={recipients.data?.recipients ?? []}
        tasks={
          tasks
            ? { kind: campaign.type === 'call' ? 'call' : 'linkedin', onToggle: toggle, pending }
            : null
        }
        busy={recipients.isFetching}
        empty={
          recipients.isPending
            ? 'Loading leads...'
            : recipients.isError
              ? errorMessage(recipients.error, 'Failed to load the leads')
              : campaign.status === 'draft'
                ? 'The leads appear here once the campaign is sent.'
                : 'No leads match.'
        }
      />
      <PaginationBar
        page={page}
        pageSize={PAGE_SIZE}
        total={recipients.data?.total ?? 0}
        noun="leads"
        onPageChange={setPage}
        disabled={recipients.isPending}
      />
    </Stack>
  );
};
