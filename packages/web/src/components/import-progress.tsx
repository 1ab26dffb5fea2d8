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
import {
  IconAlertCircle,
  IconAlertTriangle,
  IconCircleCheck,
  IconDownload,
} from '@tabler/icons-react';
import type { ImportStatus } from '../lib/import-job.ts';
import { errorMessage } from '../lib/api-client.ts';
import { downloadFailedRows, importSummary } from '../lib/import-preview.ts';
import { notifyError } from '../lib/notify.ts';

export type Noun = { singular: string; plural: string };

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

  if (status.status === 'failed') {
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title="Import failed">
        {status.message || 'The import stopped before it finished.'}
      </Alert>
    );
  }
  const badRows = Math.max(status.errorCount ?? 0, status.errors.length);
  const summary = importSummary(status);
  const tone = TONES[summary.tone];
  return (
    <Stack gap="md" aria-live="polite">
      <Alert
        color={tone.color}
        variant="light"
        icon={tone.icon}
        title={tone.title}
        data-testid="import-summary"
        data-tone={summary.tone}
      >
        {summary.text}
      </Alert>
      <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="xs">
        <Stat label="Added" value={status.inserted} color="green" />
        <Stat label="Duplicates skipped" value={status.duplicates} color="yellow.8" />
        <Stat label="Rows with errors" value={badRows} color="red" />
        <Stat label="Warnings" value={status.warningCount ?? 0} color="yellow.8" />
      </SimpleGrid>
      <IssueList
        title="Rows not imported"
        items={status.errors}
        total={badRows}
        more="rows with errors"
      />
      {badRows > 0 ? (
        <Group>
          <Button
            variant="light"
            size="sm"
            leftSection={<IconDownload size={16} />}
            onClick={() =>
              void downloadFailedRows(status).catch((error: unknown) =>
                notifyError(errorMessage(error, 'Failed to download the failed rows'), error),
              )
            }
          >
            Download failed rows (CSV)
          </Button>
        </Group>
      ) : null}
      <IssueList
        title="Imported with warnings"
        items={status.warnings ?? []}
        total={status.warningCount ?? 0}
        more="warnings"
      />
    </Stack>
  );
};

const TONES = {
  success: { color: 'green', icon: <IconCircleCheck size={18} />, title: 'Import finished' },
  warning: {
    color: 'yellow',
    icon: <IconAlertTriangle size={18} />,
    title: 'Import finished with problems',
  },
  error: { color: 'red', icon: <IconAlertCircle size={18} />, title: 'Nothing was imported' },
} as const;

type IssueListProps = {
  title: string;
  items: { row: number; message: string }[];
  total: number;
  more: string;
};

/** Rows and their problems, the first ones listed, the rest counted. */
const IssueList = ({ title, items, total, more }: IssueListProps) => {
  if (items.length === 0) return null;
  const unlisted = total - items.length;
  return (
    <Stack gap={6}>
      <Text size="sm" fw={600}>
        {title}
      </Text>
      <ScrollArea.Autosize mah={200} type="auto" offsetScrollbars>
        <List size="sm" spacing={4} aria-label={title}>
          {items.map((item) => (
            <List.Item key={`${item.row}:${item.message}`}>
              Row {item.row}: {item.message}
            </List.Item>
          ))}
        </List>
        {unlisted > 0 ? (
          <Text size="sm" c="dimmed" mt={4}>
            …and {unlisted.toLocaleString('en')} more {more}
          </Text>
        ) : null}
      </ScrollArea.Autosize>
    </Stack>
  );
};

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
