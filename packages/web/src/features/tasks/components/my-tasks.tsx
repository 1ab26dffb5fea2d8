import { Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconChecklist } from '@tabler/icons-react';
import { LoadError } from '../../../components/load-error.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useMyTasks } from '../api/tasks.ts';
import { AddTask } from './task-form.tsx';
import { TaskList } from './task-row.tsx';

/** The dashboard's "My tasks": the caller's open tasks, overdue first, each done in one click. */
export const MyTasks = () => {
  const tasks = useMyTasks();
  return (
    <Stack gap="sm">
      <AddTask />
      {tasks.isPending ? (
        <Loader size="sm" aria-label="Loading your tasks" />
      ) : tasks.isError ? (
        <LoadError
          title="Failed to load your tasks"
          message={errorMessage(tasks.error, 'Please try again.')}
          onRetry={() => void tasks.refetch()}
          retrying={tasks.isFetching}
        />
      ) : tasks.data.length === 0 ? (
        <Stack align="center" gap={6} py="md">
          <ThemeIcon size={44} radius="xl" variant="light" color="gray" aria-hidden>
            <IconChecklist size={24} />
          </ThemeIcon>
          <Text fw={600} ta="center">
            No open tasks
          </Text>
          <Text size="sm" c="dimmed" ta="center" maw={320}>
            Tasks you add, tasks from Automation rules and call or LinkedIn campaign steps appear
            here.
          </Text>
        </Stack>
      ) : (
        <TaskList tasks={tasks.data} label="My open tasks" showLead />
      )}
    </Stack>
  );
};
