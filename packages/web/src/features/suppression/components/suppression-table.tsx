import { ActionIcon, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { Suppression } from '@leadline/shared/suppression';
import { formatDateTime } from '../../../lib/format.ts';
import { ReasonBadge } from './reason-badge.tsx';

type SuppressionTableProps = {
  entries: Suppression[];
  onRemove: (entry: Suppression) => void;
};

/** The page of entries: address or domain, reason, source, when, and Remove. */
export const SuppressionTable = ({ entries, onRemove }: SuppressionTableProps) => (
  <Table.ScrollContainer minWidth={760}>
    <Table striped highlightOnHover verticalSpacing="sm" aria-label="Suppressed addresses">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Address or domain</Table.Th>
          <Table.Th>Reason</Table.Th>
          <Table.Th>Source</Table.Th>
          <Table.Th>Added</Table.Th>
          <Table.Th w={60}>
            <VisuallyHidden>Actions</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {entries.map((entry) => (
          <Table.Tr key={entry._id}>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>
              <Text size="sm" fw={500}>
                {entry.email}
              </Text>
              {entry.domain ? (
                <Text size="xs" c="dimmed">
                  Whole domain
                </Text>
              ) : null}
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap', minWidth: 170 }}>
              <ReasonBadge reason={entry.reason} />
            </Table.Td>
            <Table.Td>
              <Text size="sm">{entry.source}</Text>
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              <Text size="sm">{formatDateTime(entry.createdAt)}</Text>
            </Table.Td>
            <Table.Td>
              <Tooltip label="Remove from the list">
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Remove ${entry.email}`}
                  onClick={() => onRemove(entry)}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Tooltip>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  </Table.ScrollContainer>
);
