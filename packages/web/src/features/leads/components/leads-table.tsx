import { memo } from 'react';
import type { ReactNode } from 'react';
import { Table, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';
import type { Lead, LeadSortField } from '@leadline/shared/leads';
import { LeadRow } from './lead-row.tsx';
import type { LeadRowHandlers } from './lead-row.tsx';
import type { LeadSort } from './lead-view-state.ts';
import { SelectBox } from './select-box.tsx';

type SortableThProps = {
  field: LeadSortField;
  sort: LeadSort;
  onSort: (field: LeadSortField) => void;
  children: ReactNode;
  minWidth?: number;
};

const SortableTh = ({ field, sort, onSort, children, minWidth }: SortableThProps) => {
  const active = sort.field === field;
  const SortIcon = !active ? IconSelector : sort.descending ? IconChevronDown : IconChevronUp;
  return (
    <Table.Th
      aria-sort={active ? (sort.descending ? 'descending' : 'ascending') : 'none'}
      style={{ minWidth, whiteSpace: 'nowrap' }}
    >
      <UnstyledButton
        onClick={() => onSort(field)}
        style={{ display: 'inline-flex', alignItems: 'center', gap: 4, fontWeight: 700 }}
        fz="sm"
      >
        {children}
        <SortIcon size={14} stroke={1.6} aria-hidden opacity={active ? 1 : 0.5} />
      </UnstyledButton>
    </Table.Th>
  );
};

const Th = ({ children, minWidth }: { children: ReactNode; minWidth?: number }) => (
  <Table.Th style={{ minWidth, whiteSpace: 'nowrap' }}>{children}</Table.Th>
);

/** The column headings after the checkbox: re-rendered when the sort changes, not on selection. */
const ColumnHeaders = memo(
  ({ sort, onSort }: { sort: LeadSort; onSort: (field: LeadSortField) => void }) => {
    const sortProps = { sort, onSort };
    return (
      <>
        <SortableTh field="personFirstName" minWidth={190} {...sortProps}>
          Contact Person
        </SortableTh>
        <SortableTh field="personEmail" minWidth={200} {...sortProps}>
          Contact Email
        </SortableTh>
        <SortableTh field="companyName" minWidth={170} {...sortProps}>
          Company Info
        </SortableTh>
        <SortableTh field="industry" {...sortProps}>
          Industry
        </SortableTh>
        <SortableTh field="size" {...sortProps}>
          Company Size
        </SortableTh>
        <Th minWidth={150}>Company Website</Th>
        <Th minWidth={130}>Job Title</Th>
        <Th>Personal LinkedIn</Th>
        <SortableTh field="personCountry" minWidth={180} {...sortProps}>
          Location
        </SortableTh>
        <SortableTh field="source" minWidth={120} {...sortProps}>
          Lead Source
        </SortableTh>
        <SortableTh field="status" {...sortProps}>
          Status
        </SortableTh>
        <SortableTh field="createdAt" {...sortProps}>
          Created Date
        </SortableTh>
        <Th minWidth={170}>Actions</Th>
      </>
    );
  },
);
ColumnHeaders.displayName = 'ColumnHeaders';

type LeadsTableProps = LeadRowHandlers & {
  leads: Lead[];
  selectedIds: ReadonlySet<string>;
  canSend: boolean;
  sort: LeadSort;
  onSort: (field: LeadSortField) => void;
  onToggleAll: (selected: boolean) => void;
  /** Loading, empty or error text in place of the rows. */
  placeholder: ReactNode | null;
  /** Showing the previous page while the next loads (dimmed). */
  stale: boolean;
  /** Loading or stale: the rows are not (yet) the answer to the current view. */
  busy: boolean;
};

/** The 14 named columns of seed §Leads table; scrolls sideways, header stays on top. */
export const LeadsTable = ({
  leads,
  selectedIds,
  canSend,
  sort,
  onSort,
  onToggleAll,
  placeholder,
  stale,
  busy,
  ...handlers
}: LeadsTableProps) => {
  const selectedHere = leads.filter((lead) => selectedIds.has(lead._id)).length;
  const all = leads.length > 0 && selectedHere === leads.length;
  return (
    <Table.ScrollContainer
      minWidth={1800}
      maxHeight="max(420px, calc(100dvh - 240px))"
      type="native"
      style={{
        border: '1px solid var(--mantine-color-default-border)',
        borderRadius: 'var(--mantine-radius-md)',
      }}
    >
      <Table
        stickyHeader
        highlightOnHover
        verticalSpacing={6}
        aria-label="Leads"
        aria-busy={busy}
        style={{ opacity: stale ? 0.6 : 1, transition: 'opacity 120ms', whiteSpace: 'nowrap' }}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>
              <SelectBox
                label="Select all visible leads"
                checked={all}
                indeterminate={selectedHere > 0 && !all}
                disabled={leads.length === 0}
                onChange={(event) => onToggleAll(event.currentTarget.checked)}
              />
            </Table.Th>
            <ColumnHeaders sort={sort} onSort={onSort} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {placeholder ? (
            <Table.Tr>
              <Table.Td colSpan={14}>
                <Text c="dimmed" ta="left" py="xl" px="md" component="div">
                  {placeholder}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            leads.map((lead) => (
              <LeadRow
                key={lead._id}
                lead={lead}
                selected={selectedIds.has(lead._id)}
                canSend={canSend}
                {...handlers}
              />
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
};
