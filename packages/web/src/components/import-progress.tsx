import {
  Alert,
  Button,
  Group,
  List,
  Modal,
  Progress,
  ScrollArea,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import type { ImportStatus } from '../lib/import-job.ts';

type Noun = { singular: string; plural: string };

const count = (value: number, noun: Noun) =>
  `${value.toLocaleString()} ${value === 1 ? noun.singular : noun.plural}`;

const Stat = ({ label, value, color }: { label: string; value: number; color?: string }) => (
  <Stack gap={0} align="center" p="xs" style={statStyle}>
    <Text fw={700} fz="xl" c={color}>
      {value.toLocaleString()}
    </Text>
    <Text size="xs" c="dimmed" ta="center">
      {label}
    </Text>
  </Stack>
);

const statStyle = {
  border: '1px solid var(--mantine-color-default-border)',
  borderRadius: 'var(--mantine-radius-md)',
};

type ImportProgressProps = { status: ImportStatus | null; noun: Noun; error?: string | null };

/** An import's progress bar while it runs, then its summary (added, duplicates, bad rows). */
export const ImportProgress = ({ status, noun, error }: ImportProgressProps) => {
  if (error && !status) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
        {error}
      </Alert>
    );
  }
  if (!status || status.status === 'running') {
    const total = status?.total ?? 0;
    const processed = status?.processed ?? 0;
    const percent = total > 0 ? Math.min(100, Math.round((processed / total) * 100)) : 0;
    return (
      <Stack gap="xs" aria-live="polite">
        <Text size="sm">
          {total > 0
            ? `Importing ${noun.plural}: ${processed.toLocaleString()} of ${total.toLocaleString()} rows`
            : `Reading the file…`}
        </Text>
        <Progress
          value={total > 0 ? percent : 100}
          animated={total === 0}
          striped
          size="lg"
          aria-label="Import progress"
        />
        <Text size="xs" c="dimmed">
          {total > 0 ? `${percent}%` : 'Starting the import'}
        </Text>
      </Stack>
    );
  }

  const failed = status.status === 'failed';
  const badRows = Math.max(status.errorCount ?? 0, status.errors.length);
  const unlisted = badRows - status.errors.length;
  return (
    <Stack gap="md" aria-live="polite">
      {failed ? (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle size={18} />}
          title="Import failed"
        >
          {status.message || 'The import stopped before it finished.'}
        </Alert>
      ) : (
        <Alert
          color={badRows > 0 ? 'yellow' : 'green'}
          variant="light"
          icon={<IconCircleCheck size={18} />}
          title="Import finished"
        >
          {count(status.inserted, noun)} added
          {status.duplicates > 0 ? `, ${count(status.duplicates, duplicateNoun)} skipped` : ''}
          {status.errors.length > 0 ? `, ${count(status.errors.length, rowNoun)} with errors` : ''}.
        </Alert>
      )}
      <SimpleGrid cols={3} spacing="xs">
        <Stat label="Added" value={status.inserted} color="green" />
        <Stat label="Duplicates skipped" value={status.duplicates} color="yellow.8" />
        <Stat label="Rows with errors" value={badRows} color="red" />
      </SimpleGrid>
      {status.errors.length > 0 ? (
        <Stack gap={6}>
          <Text size="sm" fw={600}>
            Rows not imported
          </Text>
          <ScrollArea.Autosize mah={220} type="auto" offsetScrollbars>
            <List size="sm" spacing={4} aria-label="Rows not imported">
              {status.errors.map((item) => (
                <List.Item key={`${item.row}:${item.message}`}>
                  Row {item.row}: {item.message}
                </List.Item>
              ))}
            </List>
            {unlisted > 0 ? (
              <Text size="sm" c="dimmed" mt={4}>
                …and {unlisted.toLocaleString()} more {unlisted === 1 ? 'row' : 'rows'} with errors
              </Text>
            ) : null}
          </ScrollArea.Autosize>
        </Stack>
      ) : null}
    </Stack>
  );
};

const duplicateNoun: Noun = { singular: 'duplicate', plural: 'duplicates' };
const rowNoun: Noun = { singular: 'row', plural: 'rows' };

type ImportDialogProps = ImportProgressProps & {
  opened: boolean;
  onClose: () => void;
  title: string;
};

/** The upload's progress and summary in a dialog; closing it does not stop the import. */
export const ImportDialog = ({ opened, onClose, title, ...progress }: ImportDialogProps) => {
  const running = !progress.error && (!progress.status || progress.status.status === 'running');
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="lg" centered>
      <Stack gap="md">
        <ImportProgress {...progress} />
        {running ? (
          <Text size="xs" c="dimmed">
            You can close this window: the import carries on and the list refreshes when it ends.
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button variant={running ? 'default' : 'filled'} onClick={onClose}>
            Close
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};
