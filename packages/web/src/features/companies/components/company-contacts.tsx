import { Anchor, Badge, Checkbox, Table, Text } from '@mantine/core';
import { personName } from '@leadline/shared/leads';
import type { Lead } from '@leadline/shared/leads';

type CompanyContactsProps = {
  contacts: Lead[];
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
  onToggleAll: () => void;
};

const nameOf = (lead: Lead) => personName(lead) || lead.personEmail;

/** The company's contacts, each with a checkbox (for a bulk email). */
export const CompanyContacts = ({
  contacts,
  selected,
  onToggle,
  onToggleAll,
}: CompanyContactsProps) => {
  const all = contacts.length > 0 && contacts.every((lead) => selected.has(lead._id));
  const some = !all && contacts.some((lead) => selected.has(lead._id));
  return (
    <Table.ScrollContainer minWidth={680}>
      <Table verticalSpacing="xs" aria-label="Contacts">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>
              <Checkbox
                aria-label="Select all contacts"
                checked={all}
                indeterminate={some}
                onChange={onToggleAll}
              />
            </Table.Th>
            <Table.Th>Name</Table.Th>
            <Table.Th>Email</Table.Th>
            <Table.Th>Phone</Table.Th>
            <Table.Th>Owner</Table.Th>
            <Table.Th>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {contacts.map((lead) => (
            <Table.Tr key={lead._id}>
              <Table.Td>
                <Checkbox
                  aria-label={`Select ${nameOf(lead)}`}
                  checked={selected.has(lead._id)}
                  onChange={() => onToggle(lead._id)}
                />
              </Table.Td>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {nameOf(lead)}
                </Text>
                {lead.personDesignation ? (
                  <Text size="xs" c="dimmed">
                    {lead.personDesignation}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {lead.personEmail}
                </Text>
              </Table.Td>
              <Table.Td>
                {lead.phone ? (
                  <Anchor href={`tel:${lead.phone}`} size="sm">
                    {lead.phone}
                  </Anchor>
                ) : (
                  <Text size="sm" c="dimmed">
                    —
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Text size="sm">{lead.owner?.name || '—'}</Text>
              </Table.Td>
              <Table.Td>
                {lead.status ? (
                  <Badge variant="light" size="sm">
                    {lead.status}
                  </Badge>
                ) : null}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
};
