import { useState } from 'react';
import { useReportDirty } from '../../../components/discard-guard.tsx';
import { Button, Group, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { TASK_TITLE_MAX, taskCreateSchema } from '@leadline/shared/tasks';
import { ApiRequestError, errorMessage } from '../../../lib/api-client.ts';
import { tomorrowInputValue } from '../../../lib/format.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useAddTask } from '../api/tasks.ts';

type Errors = Partial<Record<'title' | 'dueDate', string>>;

/** Adds a task (title and due date) for the caller, about the lead when one is given. */
export const TaskForm = ({ leadId, onDone }: { leadId?: string; onDone: () => void }) => {
  const add = useAddTask();
  const [title, setTitle] = useState('');
  const [dueDate, setDueDate] = useState(tomorrowInputValue());
  const [initialDue] = useState(dueDate);
  useReportDirty(title.trim() !== '' || dueDate !== initialDue);
  const [errors, setErrors] = useState<Errors>({});

  const submit = async () => {
    const parsed = taskCreateSchema.safeParse({ title, dueDate, ...(leadId ? { leadId } : {}) });
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'title' || field === 'dueDate') && !found[field])
          found[field] = issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      await add.mutateAsync(parsed.data);
      notifySuccess('Task added');
      onDone();
    } catch (error) {
      if (error instanceof ApiRequestError) setErrors(error.fieldErrors as Errors);
      notifyError(errorMessage(error, 'The task could not be added.'), error);
    }
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Group gap="xs" align="flex-start" wrap="wrap">
        <TextInput
          size="xs"
          label="Task"
          placeholder="Call back about the offer"
          maxLength={TASK_TITLE_MAX}
          value={title}
          error={errors.title}
          onChange={(event) => setTitle(event.currentTarget.value)}
          style={{ flex: '1 1 180px' }}
          data-autofocus
        />
        <TextInput
          size="xs"
          type="date"
          label="Due date"
          value={dueDate}
          error={errors.dueDate}
          onChange={(event) => setDueDate(event.currentTarget.value)}
          style={{ flex: '0 0 150px' }}
        />
      </Group>
      <Group gap="xs" mt="xs">
        <Button size="xs" type="submit" loading={add.isPending}>
          Add task
        </Button>
        <Button size="xs" variant="default" onClick={onDone}>
          Cancel
        </Button>
      </Group>
    </form>
  );
};

/** "Add task", which opens the form in its place until the task is added or cancelled. */
export const AddTask = ({ leadId }: { leadId?: string }) => {
  const [adding, setAdding] = useState(false);
  return adding ? (
    <TaskForm leadId={leadId} onDone={() => setAdding(false)} />
  ) : (
    <Button
      size="xs"
      variant="light"
      leftSection={<IconPlus size={14} />}
      onClick={() => setAdding(true)}
      style={{ alignSelf: 'flex-start' }}
    >
      Add task
    </Button>
  );
};
