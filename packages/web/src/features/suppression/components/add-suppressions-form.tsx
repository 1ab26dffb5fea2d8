import { useState } from 'react';
import {
  Alert,
  Button,
  FileButton,
  Group,
  List,
  Paper,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconPlus, IconUpload } from '@tabler/icons-react';
import { SUPPRESSION_CSV_CHARS_MAX } from '@leadline/shared/suppression';
import type { RefusedLine, SuppressionAdded } from '@leadline/shared/suppression';
import { errorMessage } from '../../../lib/api-client.ts';
import { useAddSuppressions, useImportSuppressions } from '../api/add-suppressions.ts';

/** The typed or pasted lines: one a line, or separated by commas, semicolons or tabs. */
const entriesOf = (text: string): string[] =>
  text
    .split(/[\n\r,;\t]+/)
    .map((entry) => entry.trim())
    .filter(Boolean);

type Outcome = { ok: boolean; message: string; refused?: RefusedLine[]; invalid?: number } | null;

/** The refused lines as typed, one a line, each with why. */
const RefusedLines = ({ refused, total }: { refused: RefusedLine[]; total: number }) => (
  <Stack gap={4} mt="xs">
    <Text size="sm" fw={600}>
      Not added:
    </Text>
    <List size="sm" spacing={2} data-testid="refused-lines">
      {refused.map((line, index) => (
        <List.Item key={`${index}-${line.value}`} style={{ overflowWrap: 'anywhere' }}>
          <Text span size="sm" ff="monospace">
            {line.value}
          </Text>{' '}
          <Text span size="sm" c="dimmed">
            ({line.reason.replace(/^Not an email address or @domain: /, '')})
          </Text>
        </List.Item>
      ))}
    </List>
    {total > refused.length ? (
      <Text size="xs" c="dimmed">
        …and {total - refused.length} more.
      </Text>
    ) : null}
  </Stack>
);

const outcomeOf = (answer: SuppressionAdded, message: string): Outcome => ({
  ok: answer.invalid === 0,
  message,
  refused: answer.refused,
  invalid: answer.invalid,
});

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
      setOutcome(outcomeOf(answer, answer.message));
      // The refused lines stay in the box to be corrected; the added ones go.
      setText(answer.refused.map((line) => line.value).join('\n'));
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
      setOutcome(outcomeOf(answer, `${file.name}: ${answer.message}`));
    } catch (error) {
      setOutcome({ ok: false, message: errorMessage(error, 'The file could not be read.') });
    }
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
      <Stack gap="sm">
        <Textarea
          label="Add addresses or domains"
          description="One a line (or separated by commas): paste a list, the valid lines are added and the others listed. Write @example.com to stop every address at that domain."
          placeholder={'name@example.com\n@example.org'}
          autosize
          minRows={2}
          maxRows={8}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
        />
        {outcome ? (
          <Alert
            color={outcome.ok ? 'green' : outcome.refused ? 'yellow' : 'red'}
            variant="light"
            icon={outcome.ok ? <IconCircleCheck size={18} /> : <IconAlertCircle size={18} />}
            role={outcome.ok ? 'status' : 'alert'}
            withCloseButton
            onClose={() => setOutcome(null)}
          >
            {outcome.message}
            {outcome.refused && outcome.refused.length > 0 ? (
              <RefusedLines
                refused={outcome.refused}
                total={outcome.invalid ?? outcome.refused.length}
              />
            ) : null}
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
