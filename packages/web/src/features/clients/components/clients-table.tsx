import { memo, useMemo } from 'react';
import type { CSSProperties, ReactNode } from 'react';
import { Checkbox, Group, Table } from '@mantine/core';
import type { Client } from '@leadline/shared/clients';
import { ColumnChooser } from '../../../components/column-chooser.tsx';
import { useColumnPrefs } from '../../../components/column-prefs.ts';
import {
  ROW_ATTRIBUTES,
  cellClass,
  headClass,
  rowClass,
  stickyStyle,
  tableClasses as t,
  useCardLayout,
} from '../../../components/data-table.tsx';
import { SortHead } from '../../../components/sort-head.tsx';
import { WindowedTbody, rowCount } from '../../../components/windowed-rows.tsx';
import { ClientCards } from './client-cards.tsx';
import { CLIENT_COLUMNS, CLIENT_COLUMN_BY_ID, ClientActions } from './client-columns.tsx';
import type { ClientColumn, ClientRowHandlers } from './client-columns.tsx';
import type { ClientSort, ClientSortKey } from './client-view-state.ts';

export type { ClientRowHandlers } from './client-columns.tsx';

const SELECT_WIDTH = 40;
const NUMBER_WIDTH = 56;
const ACTIONS_WIDTH = 112;
const fixed = (px: number): CSSProperties => ({ width: px, minWidth: px, maxWidth: px });

/** The pinned cells: select, No and Company Name on the left, Action on the right. */
const PINNED = {
  select: { className: t.start, style: { ...stickyStyle('left', 0), ...fixed(SELECT_WIDTH) } },
  number: {
    className: t.start,
    style: { ...stickyStyle('left', SELECT_WIDTH), ...fixed(NUMBER_WIDTH) },
  },
  company: {
    className: `${t.start} ${t.startEdge} ${t.clip}`,
    style: {
      ...stickyStyle('left', SELECT_WIDTH + NUMBER_WIDTH),
      '--clip-width': '220px',
    } as CSSProperties,
  },
  actions: {
    className: `${t.end} ${t.endEdge}`,
    style: { ...stickyStyle('right', 0), ...fixed(ACTIONS_WIDTH) },
  },
};

const clipStyle = (column: ClientColumn): CSSProperties | undefined =>
  column.clip ? ({ '--clip-width': `${column.clip}px` } as CSSProperties) : undefined;

type ClientRowProps = ClientRowHandlers & {
  client: Client;
  number: number;
  /** The row's place in the whole table (the header row is 1), drawn or not. */
  rowIndex: number;
  selected: boolean;
  columns: readonly ClientColumn[];
};

/** One client: plain cells with Mantine's cell class (no Mantine component per cell). */
const ClientRow = memo(
  ({ client, number, rowIndex, selected, columns, onToggle, ...actions }: ClientRowProps) => (
    <tr
      className={rowClass}
      {...ROW_ATTRIBUTES}
      aria-rowindex={rowIndex}
      data-selected={selected || undefined}
    >
      <td className={`${cellClass} ${PINNED.select.className}`} style={PINNED.select.style}>
        <input
          type="checkbox"
          className={t.focus}
          style={{ accentColor: 'var(--mantine-primary-color-filled)', verticalAlign: 'middle' }}
          aria-label={`Select ${client.companyName}`}
          checked={selected}
          onChange={(event) => onToggle(client._id, event.currentTarget.checked)}
        />
      </td>
      <td
        className={`${cellClass} ${PINNED.number.className} ${t.dim}`}
        style={PINNED.number.style}
      >
        {number}
      </td>
      <td
        className={`${cellClass} ${PINNED.company.className} ${t.strong}`}
        style={PINNED.company.style}
        title={client.companyName}
      >
        {client.companyName}
      </td>
      {columns.map((column) => (
        <td
          key={column.id}
          className={column.clip ? `${cellClass} ${t.clip}` : cellClass}
          style={clipStyle(column)}
          title={column.title?.(client)}
        >
          {column.cell(client)}
        </td>
      ))}
      <td className={`${cellClass} ${PINNED.actions.className}`} style={PINNED.actions.style}>
        <ClientActions client={client} {...actions} />
      </td>
    </tr>
  ),
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
  /** Columns after the client's own (the organisation's custom fields, from the screen). */
  extraColumns?: readonly ClientColumn[];
  sort: ClientSort;
  onSort: (field: ClientSortKey) => void;
  /** The phone's sort choice (a field and direction at once). */
  onSortChange: (sort: ClientSort) => void;
};

const NO_COLUMNS: readonly ClientColumn[] = [];
const isCustomColumn = (column: ClientColumn) => column.id.startsWith('custom.');

const Th = ({ children, pinned }: { children: ReactNode; pinned?: keyof typeof PINNED }) => (
  <th
    className={`${headClass} ${pinned ? PINNED[pinned].className : ''}`}
    style={{ whiteSpace: 'nowrap', ...(pinned ? PINNED[pinned].style : undefined) }}
  >
    {children}
  </th>
);

type ColumnHeadsProps = {
  columns: readonly ClientColumn[];
  sort: ClientSort;
  onSort: (field: ClientSortKey) => void;
};

/** The chosen columns' headings; a custom field's heading sorts by it. */
const ColumnHeads = memo(({ columns, sort, onSort }: ColumnHeadsProps) =>
  columns.map((column) => (
    <SortHead key={column.id} field={column.sort} sort={sort} onSort={onSort}>
      {column.label}
    </SortHead>
  )),
);
ColumnHeads.displayName = 'ColumnHeads';

const PINNED_NOTE = 'No, Company Name and Action always stay in view.';

/**
 * The client table: No and Company Name on the left and the actions on the
 * right stay in view while the chosen columns scroll sideways; a card list on narrow screens.
 */
export const ClientsTable = ({
  clients,
  firstNumber,
  selectedIds,
  onToggleAll,
  placeholder,
  stale,
  busy,
  extraColumns = NO_COLUMNS,
  sort,
  onSort,
  onSortChange,
  ...handlers
}: ClientsTableProps) => {
  const cards = useCardLayout();
  const allColumns = useMemo(
    () => (extraColumns.length ? [...CLIENT_COLUMNS, ...extraColumns] : CLIENT_COLUMNS),
    [extraColumns],
  );
  const prefs = useColumnPrefs('clients', allColumns);
  const columns = useMemo(() => {
    const byId = extraColumns.length
      ? new Map(allColumns.map((column) => [column.id, column]))
      : CLIENT_COLUMN_BY_ID;
    return prefs.visible.flatMap((id) => byId.get(id) ?? []);
  }, [prefs.visible, allColumns, extraColumns.length]);
  const cardFields = useMemo(() => columns.filter(isCustomColumn), [columns]);
  const selectedHere = clients.filter((client) => selectedIds.has(client._id)).length;
  const all = clients.length > 0 && selectedHere === clients.length;
  const some = selectedHere > 0 && !all;

  if (cards) {
    return (
      <ClientCards
        clients={clients}
        firstNumber={firstNumber}
        selectedIds={selectedIds}
        allSelected={all}
        someSelected={some}
        onToggleAll={onToggleAll}
        placeholder={placeholder}
        stale={stale}
        busy={busy}
        fields={cardFields}
        sortable={extraColumns}
        sort={sort}
        onSortChange={onSortChange}
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
          aria-rowcount={rowCount(clients.length)}
          style={{ opacity: stale ? 0.6 : 1, transition: 'opacity 120ms', whiteSpace: 'nowrap' }}
        >
          <Table.Thead>
            <Table.Tr aria-rowindex={1}>
              <Th pinned="select">
                <Checkbox
                  size="xs"
                  aria-label="Select all clients on this page"
                  checked={all}
                  indeterminate={some}
                  disabled={clients.length === 0}
                  onChange={(event) => onToggleAll(event.currentTarget.checked)}
                />
              </Th>
              <Th pinned="number">No</Th>
              <Th pinned="company">Company Name</Th>
              <ColumnHeads columns={columns} sort={sort} onSort={onSort} />
              <Th pinned="actions">Action</Th>
            </Table.Tr>
          </Table.Thead>
          <WindowedTbody
            items={clients}
            placeholder={
              placeholder ? (
                <Table.Tr>
                  <Table.Td colSpan={columns.length + 4}>{placeholder}</Table.Td>
                </Table.Tr>
              ) : null
            }
          >
            {(client, index) => (
              <ClientRow
                key={client._id}
                client={client}
                number={firstNumber + index}
                rowIndex={index + 2}
                selected={selectedIds.has(client._id)}
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
