import { memo } from 'react';
import type { ReactNode } from 'react';
import type { Client } from '@leadline/shared/clients';
import { Group, NativeSelect } from '@mantine/core';
import { CardFields, cardSizeStyle } from '../../../components/card-fields.tsx';
import { tableClasses as t } from '../../../components/data-table.tsx';
import { SortDirectionButton } from '../../../components/sort-head.tsx';
import { CategoryBadge, ClientActions, Website } from './client-columns.tsx';
import type { ClientColumn, ClientRowHandlers } from './client-columns.tsx';
import type { ClientSort, ClientSortKey } from './client-view-state.ts';

type ClientCardProps = ClientRowHandlers & {
  client: Client;
  number: number;
  selected: boolean;
  fields: readonly ClientColumn[];
};

/** One client on a narrow screen, with the same actions as a table row. */
const ClientCard = memo(
  ({ client, number, selected, fields, onToggle, ...actions }: ClientCardProps) => (
    <li
      className={t.card}
      style={cardSizeStyle(fields.length)}
      data-selected={selected || undefined}
      data-client-card=""
    >
      <div className={t.cardHead}>
        <input
          type="checkbox"
          className={t.focus}
          style={{ accentColor: 'var(--mantine-primary-color-filled)' }}
          aria-label={`Select ${client.companyName}`}
          checked={selected}
          onChange={(event) => onToggle(client._id, event.currentTarget.checked)}
        />
        <span className={t.dim}>{number}</span>
        <div className={t.cardTitle}>
          <button
            type="button"
            className={`${t.name} ${t.focus}`}
            onClick={() => actions.onView(client._id)}
          >
            {client.companyName}
          </button>
          {client.parentCompany ? <div className={t.dim}>{client.parentCompany}</div> : null}
        </div>
        <CategoryBadge category={client.companyCategory} />
      </div>
      <div className={t.cardMeta}>
        <a className={`${t.link} ${t.focus}`} href={`mailto:${client.email}`}>
          {client.email}
        </a>
        <div>
          {client.contact} ({client.pic}){client.fullAddress ? ` · ${client.fullAddress}` : ''}
        </div>
      </div>
      <CardFields record={client} fields={fields} />
      <div className={t.cardActions}>
        <Website client={client} />
        <ClientActions client={client} {...actions} />
      </div>
    </li>
  ),
);
ClientCard.displayName = 'ClientCard';

type ClientCardsProps = ClientRowHandlers & {
  clients: Client[];
  firstNumber: number;
  selectedIds: ReadonlySet<string>;
  allSelected: boolean;
  someSelected: boolean;
  onToggleAll: (selected: boolean) => void;
  placeholder: ReactNode | null;
  stale: boolean;
  busy: boolean;
  /** The custom fields chosen as shown columns: a line each on every card. */
  fields: readonly ClientColumn[];
  /** The columns the list sorts by (the custom fields'): offered in a sort choice. */
  sortable: readonly ClientColumn[];
  sort: ClientSort;
  onSortChange: (sort: ClientSort) => void;
};

const NEWEST = '';

/** Newest first, or a custom field and its direction. */
const SortChoice = ({
  sortable,
  sort,
  onSortChange,
}: Pick<ClientCardsProps, 'sortable' | 'sort' | 'onSortChange'>) => (
  <Group gap={4} wrap="nowrap">
    <NativeSelect
      size="xs"
      aria-label="Sort by"
      value={sort?.field ?? NEWEST}
      data={[
        { value: NEWEST, label: 'Newest first' },
        ...sortable.flatMap((column) =>
          column.sort ? [{ value: column.sort, label: column.label }] : [],
        ),
      ]}
      onChange={(event) => {
        const field = event.currentTarget.value as ClientSortKey | typeof NEWEST;
        onSortChange(field ? { field, descending: false } : null);
      }}
    />
    {sort ? (
      <SortDirectionButton
        descending={sort.descending}
        onClick={() => onSortChange({ ...sort, descending: !sort.descending })}
      />
    ) : null}
  </Group>
);

/** The clients as a card list (narrow screens), with select-all on top. */
export const ClientCards = ({
  clients,
  firstNumber,
  selectedIds,
  allSelected,
  someSelected,
  onToggleAll,
  placeholder,
  stale,
  busy,
  fields,
  sortable,
  sort,
  onSortChange,
  ...handlers
}: ClientCardsProps) => (
  <section aria-label="Clients" aria-busy={busy}>
    <Group justify="space-between" gap="xs" wrap="nowrap" mb="xs">
      <label className={t.line} style={{ fontSize: 'var(--mantine-font-size-sm)' }}>
        <input
          type="checkbox"
          className={t.focus}
          style={{ accentColor: 'var(--mantine-primary-color-filled)' }}
          aria-label="Select all clients on this page"
          checked={allSelected}
          ref={(box) => {
            if (box) box.indeterminate = someSelected;
          }}
          disabled={clients.length === 0}
          onChange={(event) => onToggleAll(event.currentTarget.checked)}
        />
        All
      </label>
      {sortable.length > 0 ? (
        <SortChoice sortable={sortable} sort={sort} onSortChange={onSortChange} />
      ) : null}
    </Group>
    {placeholder ? (
      <div className={t.empty}>{placeholder}</div>
    ) : (
      <ul className={t.cards} style={{ opacity: stale ? 0.6 : 1, transition: 'opacity 120ms' }}>
        {clients.map((client, index) => (
          <ClientCard
            key={client._id}
            client={client}
            number={firstNumber + index}
            selected={selectedIds.has(client._id)}
            fields={fields}
            {...handlers}
          />
        ))}
      </ul>
    )}
  </section>
);
