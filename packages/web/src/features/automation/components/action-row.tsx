import {
  ActionIcon,
  Group,
  MultiSelect,
  NumberInput,
  Select,
  TextInput,
  Textarea,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { ACTION_LABELS, ACTION_TYPES, NOTIFY_MESSAGE_MAX } from '@leadline/shared/automation';
import type { ActionType, AutomationOptions } from '@leadline/shared/automation';
import { LEAD_STATUSES } from '@leadline/shared/leads';
import { MERGE_FIELDS } from '@leadline/shared/merge-fields';

/** An action as the form edits it: every field of every type, filled as the type needs. */
export type ActionDraft = {
  type: ActionType;
  status: string;
  ownerId: string;
  userIds: string[];
  campaignId: string;
  title: string;
  dueInDays: number;
  url: string;
  /** The note a "Notify the owner" email adds (optional). */
  message: string;
};

/** What task titles and notes may name, filled in with the lead's values when the rule runs. */
const MERGE_HINT = `Merge fields: ${MERGE_FIELDS.map((field) => `{{${field}}}`).join(' ')}`;

export const emptyAction = (type: ActionType = 'set_status'): ActionDraft => ({
  type,
  status: '',
  ownerId: '',
  userIds: [],
  campaignId: '',
  title: '',
  dueInDays: 1,
  url: '',
  message: '',
});

type ActionRowProps = {
  index: number;
  action: ActionDraft;
  options: AutomationOptions | undefined;
  error?: string;
  onChange: (action: ActionDraft) => void;
  onRemove: () => void;
  removable: boolean;
};

/** One *then* action: its type and what that type needs. */
export const ActionRow = ({
  index,
  action,
  options,
  error,
  onChange,
  onRemove,
  removable,
}: ActionRowProps) => {
  const label = `Action ${index + 1}`;
  const users = (options?.users ?? [])
    .filter((user) => user.active)
    .map((user) => ({ value: user.id, label: user.name }));
  const set = (changes: Partial<ActionDraft>) => onChange({ ...action, ...changes });
  const field = (() => {
    switch (action.type) {
      case 'set_status':
        return (
          <Select
            size="xs"
            aria-label={`${label} status`}
            placeholder="Choose a status"
            data={[...LEAD_STATUSES]}
            value={action.status || null}
            onChange={(status) => set({ status: status ?? '' })}
            error={error}
            style={{ flex: '1 1 160px' }}
          />
        );
      case 'assign_owner':
        return (
          <Select
            size="xs"
            aria-label={`${label} owner`}
            placeholder="Choose a user"
            data={users}
            searchable
            value={action.ownerId || null}
            onChange={(ownerId) => set({ ownerId: ownerId ?? '' })}
            error={error}
            style={{ flex: '1 1 160px' }}
          />
        );
      case 'assign_round_robin':
        return (
          <MultiSelect
            size="xs"
            aria-label={`${label} users`}
            placeholder="Choose users, in turn"
            data={users}
            searchable
            value={action.userIds}
            onChange={(userIds) => set({ userIds })}
            error={error}
            style={{ flex: '1 1 200px' }}
          />
        );
      case 'add_to_campaign':
        return (
          <Select
            size="xs"
            aria-label={`${label} campaign`}
            placeholder="Choose a campaign"
            data={(options?.campaigns ?? []).map((campaign) => ({
              value: campaign.id,
              label: `${campaign.name} (${campaign.status})`,
            }))}
            searchable
            nothingFoundMessage="No campaigns yet"
            value={action.campaignId || null}
            onChange={(campaignId) => set({ campaignId: campaignId ?? '' })}
            error={error}
            style={{ flex: '1 1 200px' }}
          />
        );
      case 'create_task':
        return (
          <Group gap="xs" align="flex-start" style={{ flex: '1 1 240px' }} wrap="wrap">
            <TextInput
              size="xs"
              aria-label={`${label} task title`}
              placeholder="Call {{firstName}} at {{companyName}}"
              description={MERGE_HINT}
              maxLength={200}
              value={action.title}
              onChange={(event) => set({ title: event.currentTarget.value })}
              error={error}
              style={{ flex: '1 1 160px' }}
            />
            <NumberInput
              size="xs"
              aria-label={`${label} due in days`}
              suffix={action.dueInDays === 1 ? ' day' : ' days'}
              min={0}
              max={365}
              allowDecimal={false}
              value={action.dueInDays}
              onChange={(value) => set({ dueInDays: typeof value === 'number' ? value : 0 })}
              w={110}
            />
          </Group>
        );
      case 'webhook':
        return (
          <TextInput
            size="xs"
            aria-label={`${label} URL`}
            placeholder="https://example.com/hooks/leadline"
            value={action.url}
            maxLength={2000}
            onChange={(event) => set({ url: event.currentTarget.value })}
            error={error}
            style={{ flex: '1 1 220px' }}
          />
        );
      case 'notify_owner':
        return (
          <Textarea
            size="xs"
            aria-label={`${label} note`}
            placeholder="Note for the owner (optional): {{firstName}} at {{companyName}} needs a call"
            description={MERGE_HINT}
            autosize
            minRows={1}
            maxRows={4}
            maxLength={NOTIFY_MESSAGE_MAX}
            value={action.message}
            onChange={(event) => set({ message: event.currentTarget.value })}
            error={error}
            style={{ flex: '1 1 240px' }}
          />
        );
    }
  })();
  return (
    <Group gap="xs" align="flex-start" wrap="wrap" role="group" aria-label={label}>
      <Select
        size="xs"
        aria-label={`${label} type`}
        data={ACTION_TYPES.map((value) => ({ value, label: ACTION_LABELS[value] }))}
        value={action.type}
        allowDeselect={false}
        onChange={(type) => onChange(emptyAction((type ?? 'set_status') as ActionType))}
        w={210}
      />
      {field}
      {removable ? (
        <ActionIcon
          variant="subtle"
          color="red"
          onClick={onRemove}
          aria-label={`Remove action ${index + 1}`}
          mt={2}
        >
          <IconTrash size={16} />
        </ActionIcon>
      ) : null}
    </Group>
  );
};
