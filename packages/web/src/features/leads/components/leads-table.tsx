import { memo, useMemo } from 'react';
import type { ReactNode } from 'react';
import { Group, Table, Text } from '@mantine/core';
import type { Lead } from '@leadline/shared/leads';
import { ColumnChooser } from '../../../components/column-chooser.tsx';
import { useColumnPrefs } from '../../../components/column-prefs.ts';
import { headClass, useCardLayout } from '../../../components/data-table.tsx';
import { SortHead } from '../../../components/sort-head.tsx';
import { WindowedTbody, rowCount } from '../../../components/windowed-rows.tsx';
import { LeadCards } from './lead-cards.tsx';
import { LEAD_COLUMNS, LEAD_COLUMN_BY_ID } from './lead-columns.tsx';
import type { LeadColumn } from './lead-columns.tsx';
import { LeadRow, PINNED } from './lead-row.tsx';
import type { LeadRowHandlers } from './lead-row.tsx';
import type { LeadSort, LeadSortKey } from './lead-view-state.ts';
import { SelectBox } from './select-box.tsx';

const Head = SortHead<LeadSortKey>;

/** The headings after the checkbox: re-rendered when the sort or the columns change. */
const ColumnHeaders = memo(
  ({
    sort,
    onSort,
    columns,
  }: {
    sort: LeadSort;
    onSort: (field: LeadSortKey) => void;
    columns: readonly LeadColumn[];
  }) => {
    const sortProps = { sort, onSort };
    return (
      <>
        <Head field="personFirstName" minWidth={190} {...PINNED.contact} {...sortProps}>
          Contact Person
        </Head>
        {columns.map((column) => (
          <Head key={column.id} field={column.sort} minWidth={column.minWidth} {...sortProps}>
            {column.label}
          </Head>
        ))}
        <Head field="status" {...PINNED.status} {...sortProps}>
          Status
        </Head>
        <Head {...PINNED.actions} {...sortProps}>
          Actions
        </Head>
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
  onSort: (field: LeadSortKey) => void;
  onToggleAll: (selected: boolean) => void;
  /** Loading, empty or error text in place of the rows. */
  placeholder: ReactNode | null;
  /** Showing the previous page while the next loads (dimmed). */
  stale: boolean;
  /** Loading or stale: the rows are not (yet) the answer to the current view. */
  busy: boolean;
  /** Columns after the lead's own (the organisation's custom fields, from the screen). */
  extraColumns?: readonly LeadColumn[];
};

const NO_COLUMNS: readonly LeadColumn[] = [];
const isCustomColumn = (column: LeadColumn) => column.id.startsWith('custom.');

const PINNED_NOTE = 'Contact Person, Status and Actions always stay in view.';

/**
 * The leads: a table whose contact column and row actions stay in view
 * while the chosen columns between them scroll sideways; a card list on narrow screens.
 */
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
  extraColumns = NO_COLUMNS,
  ...handlers
}: LeadsTableProps) => {
  const cards = useCardLayout();
  const allColumns = useMemo(
    () => (extraColumns.length ? [...LEAD_COLUMNS, ...extraColumns] : LEAD_COLUMNS),
    [extraColumns],
  );
  const prefs = useColumnPrefs('leads', allColumns);
  const columns = useMemo(() => {
    const byId = extraColumns.length
      ? new Map(allColumns.map((column) => [column.id, column]))
      : LEAD_COLUMN_BY_ID;
    return prefs.visible.flatMap((id) => byId.get(id) ?? []);
  }, [prefs.visible, allColumns, extraColumns.length]);
  const cardFields = useMemo(() => columns.filter(isCustomColumn), [columns]);
  const selectedHere = leads.filter((lead) => selectedIds.has(lead._id)).length;
  const all = leads.length > 0 && selectedHere === leads.length;
  const some = selectedHere > 0 && !all;

  if (cards) {
    return (
      <LeadCards
        leads={leads}
        selectedIds={selectedIds}
        canSend={canSend}
        sort={sort}
        onSort={onSort}
        allSelected={all}
        someSelected={some}
        onToggleAll={onToggleAll}
        placeholder={placeholder}
        stale={stale}
        busy={busy}
        extraColumns={extraColumns}
        fields={cardFields}
        {...handlers}
      />
    );
  }
  return (
    <div>
      <Group justify="flex-end" mb="xs">
        <ColumnChooser columns={allColumns} prefs={prefs} pinned={PINNED_NOTE} />
      </Group>
      <Table.ScrollContainer
        minWidth={0}
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
          aria-rowcount={rowCount(leads.length)}
          style={{ opacity: stale ? 0.6 : 1, transition: 'opacity 120ms', whiteSpace: 'nowrap' }}
        >
          <Table.Thead>
            <Table.Tr aria-rowindex={1}>
              <th className={`${headClass} ${PINNED.select.className}`} style={PINNED.select.style}>
                <SelectBox
                  label="Select all visible leads"
                  checked={all}
                  indeterminate={some}
                  disabled={leads.length === 0}
                  onChange={(event) => onToggleAll(event.currentTarget.checked)}
                />
              </th>
              <ColumnHeaders sort={sort} onSort={onSort} columns={columns} />
            </Table.Tr>
          </Table.Thead>
          <WindowedTbody
            items={leads}
            placeholder={
              placeholder ? (
                <Table.Tr>
                  <Table.Td colSpan={columns.length + 4}>
                    <Text c="dimmed" ta="left" py="xl" px="md" component="div">
                      {placeholder}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ) : null
            }
          >
            {(lead, index) => (
              <LeadRow
                key={lead._id}
                lead={lead}
                rowIndex={index + 2}
                selected={selectedIds.has(lead._id)}
                canSend={canSend}
                columns={columns}
                {...handlers}
              />
            )}
          </WindowedTbody>
        </Table>
      </Table.ScrollContainer>
    </div>
  );
};
