import { memo } from 'react';
import type { ReactNode } from 'react';
import { ActionIcon, Anchor, Checkbox, Group, Table, Text } from '@mantine/core';
import { IconEye, IconPencil, IconTrash } from '@tabler/icons-react';
import type { Client } from '@leadline/shared/clients';
import { externalHref } from '../../../lib/links.ts';
import { ClientCategoryBadge } from './client-category-badge.tsx';

export type ClientRowHandlers = {
  onToggle: (id: string, selected: boolean) => void;
  onView: (id: string) => void;
  onEdit: (client: Client) => void;
  onDelete: (client: Client) => void;
};

type ClientRowProps = ClientRowHandlers & { client: Client; number: number; selected: boolean };

const Empty = ({ children }: { children: ReactNode }) => (
  <Text size="sm" c="dimmed">
    {children}
  </Text>
);

const ClientRow = memo(
  ({ client, number, selected, onToggle, onView, onEdit, onDelete }: ClientRowProps) => {
    const website = externalHref(client.website);
    return (
      <Table.Tr bg={selected ? 'var(--mantine-color-blue-light)' : undefined}>
        <Table.Td>
          <Checkbox
            size="xs"
            aria-label={`Select ${client.companyName}`}
            checked={selected}
            onChange={(event) => onToggle(client._id, event.currentTarget.checked)}
          />
        </Table.Td>
        <Table.Td>
          <Text size="sm" c="dimmed">
            {number}
          </Text>
        </Table.Td>
        <Table.Td>
          <Text size="sm" fw={600}>
            {client.companyName}
          </Text>
        </Table.Td>
        <Table.Td>
          {client.parentCompany ? <Text size="sm">{client.parentCompany}</Text> : <Empty>—</Empty>}
        </Table.Td>
        <Table.Td>
          {website ? (
            <Anchor
              href={website}
              target="_blank"
              rel="noopener noreferrer"
              size="sm"
              title={website}
            >
              Visit
            </Anchor>
          ) : (
            <Empty>No website</Empty>
          )}
        </Table.Td>
        <Table.Td>
          <Anchor href={`mailto:${client.email}`} size="sm">
            {client.email}
          </Anchor>
        </Table.Td>
        <Table.Td>
          <Text size="sm">{client.contact}</Text>
        </Table.Td>
        <Table.Td>
          <Text size="sm" fw={600}>
            {client.pic}
          </Text>
        </Table.Td>
        <Table.Td>
          <ClientCategoryBadge category={client.companyCategory} />
        </Table.Td>
        <Table.Td style={{ whiteSpace: 'normal', minWidth: 220, maxWidth: 320 }}>
          {client.fullAddress ? (
            <Text size="sm" lineClamp={2} title={client.fullAddress}>
              {client.fullAddress}
            </Text>
          ) : (
            <Empty>—</Empty>
          )}
        </Table.Td>
        <Table.Td>
          <Group gap={4} wrap="nowrap">
            <ActionIcon
              variant="subtle"
              aria-label={`View ${client.companyName}`}
              title="View"
              onClick={() => onView(client._id)}
            >
              <IconEye size={18} />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`Edit ${client.companyName}`}
              title="Edit"
              onClick={() => onEdit(client)}
            >
              <IconPencil size={18} />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Delete ${client.companyName}`}
              title="Delete"
              onClick={() => onDelete(client)}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Group>
        </Table.Td>
      </Table.Tr>
    );
  },
);
ClientRow.displayName = 'ClientRow';

type ClientsTableProps = ClientRowHandlers & {
  clients: Client[];
  firstNumber: number;
  selectedIds: ReadonlySet<string>;
  onToggleAll: (selected: boolean) => void;
  placeholder: ReactNode | null;
  /** Showing the previous page while the next loads (dimmed). */
  stale: boolean;
  busy: boolean;
};

const HEADERS = [
  'No',
  'Company Name',
  'Parent Company',
  'Website',
  'Email',
  'Contact',
  'PIC',
  'Company Category',
  'Full Address',
  'Action',
];

/** The client table (seed §Client list): 11 columns, scrolls sideways on small screens. */
export const ClientsTable = ({
  clients,
  firstNumber,
  selectedIds,
  onToggleAll,
  placeholder,
  stale,
  busy,
  ...handlers
}: ClientsTableProps) => {
  const selectedHere = clients.filter((client) => selectedIds.has(client._id)).length;
  const all = clients.length > 0 && selectedHere === clients.length;
  return (
    <Table.ScrollContainer
      minWidth={1250}
      type="native"
      style={{
        border: '1px solid var(--mantine-color-default-border)',
        borderRadius: 'var(--mantine-radius-md)',
      }}
    >
      <Table
        highlightOnHover
        verticalSpacing="xs"
        aria-label="Clients"
        aria-busy={busy}
        style={{ opacity: stale ? 0.6 : 1, transition: 'opacity 120ms', whiteSpace: 'nowrap' }}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>
              <Checkbox
                size="xs"
                aria-label="Select all clients on this page"
                checked={all}
                indeterminate={selectedHere > 0 && !all}
                disabled={clients.length === 0}
                onChange={(event) => onToggleAll(event.currentTarget.checked)}
              />
            </Table.Th>
            {HEADERS.map((header) => (
              <Table.Th key={header} style={{ whiteSpace: 'nowrap' }}>
                {header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {placeholder ? (
            <Table.Tr>
              <Table.Td colSpan={HEADERS.length + 1}>{placeholder}</Table.Td>
            </Table.Tr>
          ) : (
            clients.map((client, index) => (
              <ClientRow
                key={client._id}
                client={client}
                number={firstNumber + index}
                selected={selectedIds.has(client._id)}
                {...handlers}
              />
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
};
