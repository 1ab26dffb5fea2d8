import { useState } from 'react';
import { Button, SimpleGrid, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconPlus, IconRobot } from '@tabler/icons-react';
import type { Automation } from '@leadline/shared/automation';
import { confirmDanger } from '../../../components/confirm.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import {
  useAutomationOptions,
  useAutomations,
  useDeleteAutomation,
  useSwitchAutomation,
} from '../api/automations.ts';
import { RuleCard } from './rule-card.tsx';
import { RuleFormModal } from './rule-form-modal.tsx';
import { RunsModal } from './runs-modal.tsx';

/** The rules of the organisation: switch, edit, delete, see runs, and "New rule". */
export const AutomationRules = () => {
  const rules = useAutomations();
  const options = useAutomationOptions();
  const switchRule = useSwitchAutomation();
  const deleteRule = useDeleteAutomation();
  const [editing, setEditing] = useState<Automation | 'new' | null>(null);
  const [showingRuns, setShowingRuns] = useState<Automation | null>(null);

  const onSwitch = (rule: Automation, enabled: boolean) =>
    switchRule.mutate(
      { id: rule._id, enabled },
      {
        onSuccess: () => notifySuccess(`${rule.name} is ${enabled ? 'on' : 'off'}`),
        onError: (error) =>
          notifyError(errorMessage(error, 'The rule could not be switched.'), error),
      },
    );
  const onDelete = (rule: Automation) =>
    confirmDanger({
      title: 'Delete rule',
      message: `Delete “${rule.name}” and its list of runs? What it already did stays done.`,
      confirmLabel: 'Delete rule',
      onConfirm: () =>
        deleteRule.mutate(rule._id, {
          onSuccess: () => notifySuccess('Rule deleted'),
          onError: (error) =>
            notifyError(errorMessage(error, 'The rule could not be deleted.'), error),
        }),
    });

  const newRule = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
      New rule
    </Button>
  );

  let body;
  if (rules.isPending)
    body = (
      <SimpleGrid cols={{ base: 1, md: 2 }} aria-label="Loading rules">
        <Skeleton h={180} radius="md" />
        <Skeleton h={180} radius="md" />
      </SimpleGrid>
    );
  else if (rules.isError)
    body = (
      <LoadError
        title="Failed to load the rules"
        message={errorMessage(rules.error, 'Please try again.')}
        onRetry={() => void rules.refetch()}
        retrying={rules.isFetching}
      />
    );
  else if (rules.data.length === 0)
    body = (
      <Stack align="center" gap="xs" py="xl">
        <ThemeIcon size={56} radius="xl" variant="light" color="gray" aria-hidden>
          <IconRobot size={30} />
        </ThemeIcon>
        <Text fw={600}>No rules yet</Text>
        <Text size="sm" c="dimmed" ta="center" maw={420}>
          A rule waits for an event (a lead created, a status changed, an email replied), checks the
          lead, then acts: sets a status, assigns an owner, creates a task, calls a webhook or
          emails the owner.
        </Text>
        {newRule}
      </Stack>
    );
  else
    body = (
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {rules.data.map((rule) => (
          <RuleCard
            key={rule._id}
            rule={rule}
            options={options.data}
            switching={switchRule.isPending && switchRule.variables?.id === rule._id}
            onSwitch={(enabled) => onSwitch(rule, enabled)}
            onEdit={() => setEditing(rule)}
            onRuns={() => setShowingRuns(rule)}
            onDelete={() => onDelete(rule)}
          />
        ))}
      </SimpleGrid>
    );

  return (
    <Stack gap="md">
      {rules.isSuccess && rules.data.length > 0 ? (
        <div style={{ alignSelf: 'flex-end' }}>{newRule}</div>
      ) : null}
      {body}
      {editing ? (
        <RuleFormModal rule={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
      {showingRuns ? <RunsModal rule={showingRuns} onClose={() => setShowingRuns(null)} /> : null}
    </Stack>
  );
};
