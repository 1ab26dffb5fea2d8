import { Anchor, Badge, Checkbox, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { Task } from '@leadline/shared/tasks';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDay } from '../../../lib/format.ts';
import { notifyError } from '../../../lib/notify.ts';
import { useSetTaskDone } from '../api/tasks.ts';

type TaskRowProps = {
  task: Task;
  /** Name the lead, linked to it (the dashboard; the drawer is the lead already). */
  showLead?: boolean;
};

/** One task: a checkbox that ticks it off at once, its title, due date (overdue in red), lead. */
export const TaskRow = ({ task, showLead = false }: TaskRowProps) => {
  const setDone = useSetTaskDone();
  const toggle = (done: boolean) =>
    setDone.mutate(
      { id: task._id, done },
      {
        onError: (error) => notifyError(errorMessage(error, 'The task could not be saved.'), error),
      },
    );
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start" component="li" data-task={task._id}>
      <Checkbox
        mt={2}
        checked={task.done}
        disabled={setDone.isPending}
        onChange={(event) => toggle(event.currentTarget.checked)}
        aria-label={`${task.done ? 'Reopen' : 'Mark done'}: ${task.title}`}
      />
      <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
        <Text
          size="sm"
          fw={500}
          td={task.done ? 'line-through' : undefined}
          c={task.done ? 'dimmed' : undefined}
          style={{ overflowWrap: 'anywhere' }}
        >
          {task.title}
        </Text>
        <Group gap={6} wrap="wrap">
          {task.overdue ? (
            <Badge size="xs" color="red" variant="light">
              Overdue
            </Badge>
          ) : null}
          <Text size="xs" c={task.overdue ? 'red' : 'dimmed'}>
            Due {formatDay(task.dueDate)}
          </Text>
          {showLead && task.lead ? (
            <Anchor
              component={Link}
              to={`/leads-table?${new URLSearchParams({ lead: task.lead.id }).toString()}`}
              size="xs"
            >
              {task.lead.name}
            </Anchor>
          ) : null}
        </Group>
      </Stack>
    </Group>
  );
};

/** A list of task rows (an unstyled <ul>). */
export const TaskList = ({
  tasks,
  label,
  showLead,
}: {
  tasks: Task[];
  label: string;
  showLead?: boolean;
}) => (
  <Stack gap="sm" component="ul" aria-label={label} p={0} m={0} style={{ listStyle: 'none' }}>
    {tasks.map((task) => (
      <TaskRow key={task._id} task={task} showLead={showLead} />
    ))}
  </Stack>
);
