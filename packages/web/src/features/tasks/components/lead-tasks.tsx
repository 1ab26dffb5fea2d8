import { useState } from 'react';
import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useLeadTasks } from '../api/tasks.ts';
import { AddTask } from './task-form.tsx';
import { TaskList } from './task-row.tsx';

/** The lead drawer's tasks: open ones (overdue first), add one, done ones folded away. */
export const LeadTasks = ({ leadId }: { leadId: string }) => {
  const tasks = useLeadTasks(leadId);
  const [showDone, setShowDone] = useState(false);
  const open = tasks.data?.filter((task) => !task.done) ?? [];
  const done = tasks.data?.filter((task) => task.done) ?? [];
  return (
    <Stack gap="sm">
      <AddTask leadId={leadId} />
      {tasks.isPending ? (
        <Loader size="sm" aria-label="Loading tasks" />
      ) : tasks.isError ? (
        <Alert color="red" variant="light">
          Failed to load the tasks.
        </Alert>
      ) : (
        <>
          {open.length === 0 ? (
            <Text size="sm" c="dimmed">
              No open tasks
            </Text>
          ) : (
            <TaskList tasks={open} label="Open tasks" />
          )}
          {done.length > 0 ? (
            <>
              <Button
                size="compact-xs"
                variant="subtle"
                color="gray"
                leftSection={
                  showDone ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />
                }
                onClick={() => setShowDone((shown) => !shown)}
                aria-expanded={showDone}
                style={{ alignSelf: 'flex-start' }}
              >
                {showDone ? 'Hide' : 'Show'} done tasks ({done.length})
              </Button>
              {showDone ? <TaskList tasks={done} label="Done tasks" /> : null}
            </>
          ) : null}
        </>
      )}
    </Stack>
  );
};
