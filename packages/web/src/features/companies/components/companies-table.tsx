import { Anchor, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { companyPagePath } from '@leadline/shared/companies';
import type { Company } from '@leadline/shared/companies';
import { formatCount, formatDateTime } from '../../../lib/format.ts';
import { ownerNames } from './owner-names.ts';

/** One page of companies: each name opens the company's view. */
export const CompaniesTable = ({ companies }: { companies: Company[] }) => (
  <Table.ScrollContainer minWidth={720}>
    <Table verticalSpacing="sm" highlightOnHover aria-label="Companies">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Company</Table.Th>
          <Table.Th>Domain</Table.Th>
          <Table.Th ta="right">Contacts</Table.Th>
          <Table.Th>Owners</Table.Th>
          <Table.Th>Last email</Table.Th>
          <Table.Th>Last activity</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {companies.map((company) => (
          <Table.Tr key={company.key}>
            <Table.Td>
              <Anchor component={Link} to={companyPagePath(company.key)} fw={600}>
                {company.name}
              </Anchor>
            </Table.Td>
            <Table.Td>
              <Text size="sm" c={company.domain ? undefined : 'dimmed'}>
                {company.domain ?? '—'}
              </Text>
            </Table.Td>
            <Table.Td ta="right">{formatCount(company.contacts)}</Table.Td>
            <Table.Td>
              <Text size="sm" lineClamp={2}>
                {ownerNames(company.owners)}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{formatDateTime(company.lastEmailAt, '—')}</Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{formatDateTime(company.lastActivityAt)}</Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  </Table.ScrollContainer>
);
