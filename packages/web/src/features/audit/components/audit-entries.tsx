import { Card, Stack, Table, Text } from '@mantine/core';
import type { AuditDetails, AuditEntry } from '@leadline/shared/audit';
import { AUDIT_KIND_LABELS } from '@leadline/shared/audit';
import { useCardLayout } from '../../../components/data-table.tsx';
import { formatDateTime } from '../../../lib/format.ts';

const WRAP = { overflowWrap: 'break-word', wordBreak: 'break-word' } as const;

/** An entry's details as short "key: value" lines (ids, names, a reason; never a secret). */
const detailLines = (details: AuditDetails): string[] =>
  Object.entries(details)
    .filter(([, value]) => value !== null && value !== undefined && value !== '')
    .map(
      ([key, value]) => `${key}: ${Array.isArray(value) ? value.join(', ') || '–' : String(value)}`,
    );

/** What happened; a refused sign-in stands out. */
const Kind = ({ entry }: { entry: AuditEntry }) => (
  <Text
    size="sm"
    fw={600}
    c={entry.kind === 'signin.failed' ? 'var(--mantine-color-red-text)' : undefined}
  >
    {AUDIT_KIND_LABELS[entry.kind] ?? entry.kind}
  </Text>
);

const Where = ({ entry }: { entry: AuditEntry }) => (
  <>
    <Text size="sm">{entry.ip ?? 'Unknown address'}</Text>
    {entry.device ? (
      <Text size="xs" c="dimmed" style={WRAP} lineClamp={2} title={entry.device}>
        {entry.device}
      </Text>
    ) : null}
  </>
);

const Details = ({ entry }: { entry: AuditEntry }) => (
  <Stack gap={0}>
    {detailLines(entry.details).map((line) => (
      <Text key={line} size="xs" c="dimmed" style={WRAP}>
        {line}
      </Text>
    ))}
  </Stack>
);

/** The entries: a table on wide screens, one card each on narrow ones. */
export const AuditEntries = ({ entries }: { entries: readonly AuditEntry[] }) => {
  const cards = useCardLayout();
  if (cards) {
    return (
      <Stack
        gap="sm"
        component="ol"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        aria-label="Audit entries"
      >
        {entries.map((entry) => (
          <li key={entry.id}>
            <Card withBorder radius="md" padding="sm">
              <Stack gap={4}>
                <Kind entry={entry} />
                <Text size="sm" fw={500} style={WRAP}>
                  {entry.actor}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatDateTime(entry.at)}
                </Text>
                <Where entry={entry} />
                <Details entry={entry} />
              </Stack>
            </Card>
          </li>
        ))}
      </Stack>
    );
  }
  return (
    <Table striped verticalSpacing="sm" aria-label="Audit entries" layout="fixed">
      <Table.Thead>
        <Table.Tr>
          <Table.Th w="14%">When</Table.Th>
          <Table.Th w="24%">Who</Table.Th>
          <Table.Th w="16%">What</Table.Th>
          <Table.Th w="20%">From where</Table.Th>
          <Table.Th>Details</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {entries.map((entry) => (
          <Table.Tr key={entry.id}>
            <Table.Td>
              <Text size="sm">{formatDateTime(entry.at)}</Text>
            </Table.Td>
            <Table.Td style={WRAP}>
              <Text size="sm">{entry.actor}</Text>
            </Table.Td>
            <Table.Td>
              <Kind entry={entry} />
            </Table.Td>
            <Table.Td style={WRAP}>
              <Where entry={entry} />
            </Table.Td>
            <Table.Td>
              <Details entry={entry} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
};
