import { useState } from 'react';
import { Alert, Button, FileButton, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconPlus, IconUpload } from '@tabler/icons-react';
import { SUPPRESSION_CSV_CHARS_MAX } from '@leadline/shared/suppression';
import { errorMessage } from '../../../lib/api-client.ts';
import { useAddSuppressions, useImportSuppressions } from '../api/add-suppressions.ts';

/** The typed entries: one a line, or separated by commas, semicolons or spaces. */
const entriesOf = (text: string): string[] =>
  text
    .split(/[\s,;]+/)
    .map((entry) => entry.trim())
    .filter(Boolean);

type Outcome = { ok: boolean; message: string } | null;

/** Add addresses or whole domains by hand, or upload a CSV / text file of them. */
export const AddSuppressionsForm = () => {
  const [text, setText] = useState('');
  const [outcome, setOutcome] = useState<Outcome>(null);
  const add = useAddSuppressions();
  const upload = useImportSuppressions();

  const submit = async () => {
    const entries = entriesOf(text);
    if (entries.length === 0) {
      setOutcome({ ok: false, message: 'Type at least one address or @domain.' });
      return;
    }
    try {
      const answer = await add.mutateAsync({ entries });
      setOutcome({ ok: true, message: answer.message });
      setText('');
    } catch (error) {
      setOutcome({ ok: false, message: errorMessage(error, 'The entries could not be added.') });
    }
  };

  const uploadFile = async (file: File | null) => {
    if (!file) return;
    if (file.size > SUPPRESSION_CSV_CHARS_MAX) {
      setOutcome({ ok: false, message: 'The file is larger than 1 MB.' });
      return;
    }
    try {
      const answer = await upload.mutateAsync(await file.text());
      setOutcome({ ok: true, message: `${file.name}: ${answer.message}` });
    } catch (error) {
      setOutcome({ ok: false, message: errorMessage(error, 'The file could not be read.') });
    }
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
      <Stack gap="sm">
        <Textarea
          label="Add addresses or domains"
          description="One a line (or separated by commas). Write @example.com to stop every address at that domain."
          placeholder={'name@example.com\n@example.org'}
          autosize
          minRows={2}
          maxRows={8}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
        />
        {outcome ? (
          <Alert
            color={outcome.ok ? 'green' : 'red'}
            variant="light"
            icon={outcome.ok ? <IconCircleCheck size={18} /> : <IconAlertCircle size={18} />}
            role={outcome.ok ? 'status' : 'alert'}
            withCloseButton
            onClose={() => setOutcome(null)}
          >
            {outcome.message}
          </Alert>
        ) : null}
        <Group justify="space-between" gap="sm">
          <Text size="xs" c="dimmed">
            A CSV or text file: one address or @domain a line (the first column is read).
          </Text>
          <Group gap="sm">
            <FileButton
              onChange={(file) => void uploadFile(file)}
              accept=".csv,.txt,text/csv,text/plain"
            >
              {(props) => (
                <Button
                  {...props}
                  variant="default"
                  leftSection={<IconUpload size={16} />}
                  loading={upload.isPending}
                >
                  Upload CSV
                </Button>
              )}
            </FileButton>
            <Button
              leftSection={<IconPlus size={16} />}
              onClick={() => void submit()}
              loading={add.isPending}
            >
              Add to list
            </Button>
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
};
