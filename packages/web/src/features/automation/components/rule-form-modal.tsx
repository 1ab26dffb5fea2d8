import { useState } from 'react';
import {
  Button,
  Checkbox,
  Divider,
  Group,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { differs, useDiscardGuard } from '../../../components/discard-guard.tsx';
import { GuardedModal } from '../../../components/discard-guard-modal.tsx';
import { FormActions, FormFailure } from '../../../components/form-actions.tsx';
import { IconPlus } from '@tabler/icons-react';
import { AUTOMATION_NAME_MAX, automationCreateSchema } from '@leadline/shared/automation';
import type { Action, Automation, Condition } from '@leadline/shared/automation';
import { EVENT_LABELS, EVENT_TYPES } from '@leadline/shared/events';
import type { EventType } from '@leadline/shared/events';
import { DEFAULT_HIT_CLASSES, HIT_CLASSES } from '@leadline/shared/tracking';
import type { HitClass } from '@leadline/shared/tracking';
import { ApiRequestError, errorMessage } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useAutomationOptions, useSaveAutomation } from '../api/automations.ts';
import { ActionRow, emptyAction } from './action-row.tsx';
import type { ActionDraft } from './action-row.tsx';
import { ConditionRow } from './condition-row.tsx';

type Draft = {
  name: string;
  trigger: EventType;
  conditions: Condition[];
  actions: ActionDraft[];
  enabled: boolean;
  hitClasses: HitClass[];
};

/** The triggers set off by a tracked email's hits, which say whose hits count. */
const TRACKING_TRIGGERS: readonly EventType[] = ['email.opened', 'email.clicked'];

const HIT_CLASS_CHOICES: Record<HitClass, string> = {
  human: 'People',
  proxy: 'Privacy proxies (Apple Mail, Gmail load every image: no sign anyone read)',
  machine: 'Machines (link scanners, prefetch, hits right after sending)',
};

const toDraftAction = (action: Action): ActionDraft => ({ ...emptyAction(action.type), ...action });

/** The action as the API takes it: only its type's fields. */
const toAction = (draft: ActionDraft): Record<string, unknown> => {
  switch (draft.type) {
    case 'set_status':
      return { type: draft.type, status: draft.status };
    case 'assign_owner':
      return { type: draft.type, ownerId: draft.ownerId };
    case 'assign_round_robin':
      return { type: draft.type, userIds: draft.userIds };
    case 'add_to_campaign':
      return { type: draft.type, campaignId: draft.campaignId };
    case 'create_task':
      return { type: draft.type, title: draft.title, dueInDays: draft.dueInDays };
    case 'webhook':
      return { type: draft.type, url: draft.url };
    case 'notify_owner':
      return draft.message.trim()
        ? { type: draft.type, message: draft.message }
        : { type: draft.type };
  }
};

/** Field errors by path ("name", "conditions.0", "actions.1"): the first message of each. */
type Errors = Record<string, string>;

const errorsOf = (issues: readonly { path: readonly PropertyKey[]; message: string }[]) => {
  const errors: Errors = {};
  for (const issue of issues) {
    const key = issue.path.slice(0, 2).map(String).join('.');
    errors[key] ??= issue.message;
  }
  return errors;
};

type RuleFormModalProps = { rule: Automation | null; onClose: () => void };

/** New or edited rule: name, when (one event), if (conditions), then (one or more actions). */
export const RuleFormModal = ({ rule, onClose }: RuleFormModalProps) => {
  const options = useAutomationOptions();
  const save = useSaveAutomation();
  const [initial] = useState<Draft>(() => ({
    name: rule?.name ?? '',
    trigger: rule?.trigger ?? 'lead.created',
    conditions: rule?.conditions ?? [],
    actions: rule ? rule.actions.map(toDraftAction) : [emptyAction()],
    enabled: rule?.enabled ?? true,
    hitClasses: rule?.hitClasses ?? [...DEFAULT_HIT_CLASSES],
  }));
  const [draft, setDraft] = useState<Draft>(initial);
  const guard = useDiscardGuard({ dirty: differs(draft, initial), onClose });
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  /** Changes the draft; the errors of what changed (`keys`, else the fields named) go away. */
  const set = (changes: Partial<Draft>, keys: string[] = Object.keys(changes)) => {
    setDraft((current) => ({ ...current, ...changes }));
    setFailure(null);
    setErrors((current) =>
      Object.fromEntries(Object.entries(current).filter(([key]) => !keys.includes(key))),
    );
  };

  const submit = async () => {
    setFailure(null);
    const parsed = automationCreateSchema.safeParse({
      ...draft,
      actions: draft.actions.map(toAction),
      hitClasses: TRACKING_TRIGGERS.includes(draft.trigger) ? draft.hitClasses : undefined,
    });
    if (!parsed.success) {
      setErrors(errorsOf(parsed.error.issues));
      setFailure('Please correct the marked fields.');
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync({ ...parsed.data, ...(rule ? { id: rule._id } : {}) });
      notifySuccess(rule ? 'Rule saved' : 'Rule created');
      onClose();
    } catch (error) {
      if (error instanceof ApiRequestError)
        setErrors(
          Object.fromEntries(
            Object.entries(error.fieldErrors).map(([key, message]) => [
              key.split('.').slice(0, 2).join('.'),
              message,
            ]),
          ),
        );
      setFailure(errorMessage(error, 'The rule could not be saved.'));
    }
  };

  return (
    <GuardedModal guard={guard} opened title={rule ? 'Edit rule' : 'New rule'} size="xl" centered>
      <Stack gap="md">
        <TextInput
          label="Name"
          required
          placeholder="Referrals are hot"
          maxLength={AUTOMATION_NAME_MAX}
          value={draft.name}
          error={errors.name}
          onChange={(event) => set({ name: event.currentTarget.value })}
          data-autofocus
        />
        <Select
          label="When"
          description="The event that starts the rule"
          data={EVENT_TYPES.map((value) => ({ value, label: EVENT_LABELS[value] }))}
          value={draft.trigger}
          allowDeselect={false}
          onChange={(trigger) => set({ trigger: (trigger ?? 'lead.created') as EventType })}
          error={errors.trigger}
        />
        {TRACKING_TRIGGERS.includes(draft.trigger) ? (
          <Checkbox.Group
            label="Whose hits set it off"
            description="A tracked email's opens and clicks are told apart; by default only a person's count."
            value={draft.hitClasses}
            onChange={(value) => set({ hitClasses: value as HitClass[] })}
            error={errors.hitClasses}
          >
            <Stack gap={6} mt={6}>
              {HIT_CLASSES.filter((hit) => draft.trigger === 'email.opened' || hit !== 'proxy').map(
                (hit) => (
                  <Group key={hit} gap="xs" wrap="nowrap">
                    <Checkbox value={hit} label={HIT_CLASS_CHOICES[hit]} />
                  </Group>
                ),
              )}
            </Stack>
          </Checkbox.Group>
        ) : null}
        <Divider label="If (every condition must hold)" labelPosition="left" />
        {draft.conditions.length === 0 ? (
          <Text size="sm" c="dimmed">
            No conditions: the rule acts on every event of this kind.
          </Text>
        ) : null}
        {draft.conditions.map((condition, index) => (
          <ConditionRow
            key={index}
            index={index}
            condition={condition}
            options={options.data}
            error={errors[`conditions.${index}`]}
            onChange={(next) =>
              set({ conditions: draft.conditions.map((c, i) => (i === index ? next : c)) }, [
                `conditions.${index}`,
              ])
            }
            onRemove={() =>
              set(
                { conditions: draft.conditions.filter((_, i) => i !== index) },
                Object.keys(errors),
              )
            }
          />
        ))}
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} />}
          style={{ alignSelf: 'flex-start' }}
          onClick={() =>
            set({
              conditions: [...draft.conditions, { field: 'status', op: 'equals', value: '' }],
            })
          }
        >
          Add condition
        </Button>
        <Divider label="Then (in this order)" labelPosition="left" />
        {draft.actions.map((action, index) => (
          <ActionRow
            key={index}
            index={index}
            action={action}
            options={options.data}
            error={errors[`actions.${index}`]}
            removable={draft.actions.length > 1}
            onChange={(next) =>
              set({ actions: draft.actions.map((a, i) => (i === index ? next : a)) }, [
                `actions.${index}`,
                'actions',
              ])
            }
            onRemove={() =>
              set({ actions: draft.actions.filter((_, i) => i !== index) }, Object.keys(errors))
            }
          />
        ))}
        {errors.actions ? (
          <Text size="sm" c="red">
            {errors.actions}
          </Text>
        ) : null}
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} />}
          style={{ alignSelf: 'flex-start' }}
          onClick={() => set({ actions: [...draft.actions, emptyAction()] })}
        >
          Add action
        </Button>
        <Switch
          label="Rule is on"
          description="A rule that is off starts no runs."
          checked={draft.enabled}
          onChange={(event) => set({ enabled: event.currentTarget.checked })}
        />
        <FormFailure>{failure}</FormFailure>
        <FormActions
          onCancel={guard.close}
          onSubmit={() => void submit()}
          loading={save.isPending}
          submitLabel={rule ? 'Save rule' : 'Create rule'}
        />
      </Stack>
    </GuardedModal>
  );
};
