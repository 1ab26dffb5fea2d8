import { Badge, Button, Card, Group, Stack, Switch, Text, Title } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { RUN_STATUSES } from '@leadline/shared/automation';
import type { Automation, AutomationOptions } from '@leadline/shared/automation';
import { EVENT_LABELS } from '@leadline/shared/events';
import { hitClassesText } from './rule-text.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { actionText, conditionText, namesFrom } from './rule-text.ts';
import { RUN_STATUS_COLORS, RUN_STATUS_LABELS } from './runs-modal.tsx';
import { EditDeleteButtons } from '../../../components/edit-delete-buttons.tsx';

type RuleCardProps = {
  rule: Automation;
  options: AutomationOptions | undefined;
  switching: boolean;
  onSwitch: (enabled: boolean) => void;
  onEdit: () => void;
  onRuns: () => void;
  onDelete: () => void;
};

/** One rule: when, if, then, its switch, its last run and how its runs ended. */
export const RuleCard = ({
  rule,
  options,
  switching,
  onSwitch,
  onEdit,
  onRuns,
  onDelete,
}: RuleCardProps) => {
  const names = namesFrom(options);
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={rule.name}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Title order={3} size="h5" style={{ overflowWrap: 'anywhere' }}>
              {rule.name}
            </Title>
            <Text size="xs" c="dimmed">
              Last run: {formatDateTime(rule.lastRunAt)}
            </Text>
            {/* Who switches a rule on or saves it becomes the user it acts as. */}
            <Text size="xs" c="dimmed">
              {rule.createdBy
                ? `Acts as ${rule.createdBy.name}`
                : 'Acts as nobody: switch it on or save it to take it over'}
            </Text>
          </Stack>
          <Switch
            checked={rule.enabled}
            disabled={switching}
            onChange={(event) => onSwitch(event.currentTarget.checked)}
            label={rule.enabled ? 'On' : 'Off'}
            aria-label={`${rule.name} is ${rule.enabled ? 'on' : 'off'}`}
          />
        </Group>
        <Text size="sm">
          <Text span fw={600}>
            When{' '}
          </Text>
          {EVENT_LABELS[rule.trigger]}
          {rule.trigger === 'email.opened' || rule.trigger === 'email.clicked'
            ? ` (${hitClassesText(rule.hitClasses)})`
            : ''}
        </Text>
        {rule.conditions.length > 0 ? (
          <Text size="sm">
            <Text span fw={600}>
              If{' '}
            </Text>
            {rule.conditions.map((condition) => conditionText(condition, names)).join(' and ')}
          </Text>
        ) : null}
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          <Text span fw={600}>
            Then{' '}
          </Text>
          {rule.actions.map((action) => actionText(action, names)).join(', then ')}
        </Text>
        <Group gap={6} aria-label="Runs by outcome">
          {RUN_STATUSES.filter((status) => rule.counts[status] > 0 || status !== 'pending').map(
            (status) => (
              <Badge key={status} size="sm" variant="light" color={RUN_STATUS_COLORS[status]}>
                {RUN_STATUS_LABELS[status]}: {rule.counts[status]}
              </Badge>
            ),
          )}
        </Group>
        <Group gap="xs" justify="flex-end">
          <Button
            size="xs"
            variant="default"
            leftSection={<IconHistory size={14} />}
            onClick={onRuns}
          >
            Runs
          </Button>
          <EditDeleteButtons
            onEdit={onEdit}
            onDelete={onDelete}
            deleteLabel={`Delete ${rule.name}`}
          />
        </Group>
      </Stack>
    </Card>
  );
};
