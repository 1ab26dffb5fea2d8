import { memo } from 'react';
import type { ReactNode } from 'react';
import { Group, NativeSelect } from '@mantine/core';
import { formatLocation } from '@leadline/shared/leads';
import type { Lead } from '@leadline/shared/leads';
import { CardFields, cardSizeStyle } from '../../../components/card-fields.tsx';
import { tableClasses as t } from '../../../components/data-table.tsx';
import { SortDirectionButton } from '../../../components/sort-head.tsx';
import { formatDate } from '../../../lib/format.ts';
import { LEAD_COLUMNS } from './lead-columns.tsx';
import type { LeadColumn } from './lead-columns.tsx';
import {
  DealValue,
  LeadAvatar,
  LeadName,
  PhoneLink,
  SendControl,
  StatusCell,
  ViewDelete,
} from './lead-controls.tsx';
import type { LeadRowHandlers } from './lead-controls.tsx';
import type { LeadSort, LeadSortKey } from './lead-view-state.ts';
import { SelectBox } from './select-box.tsx';
import { fullName } from './lead-status.ts';

type LeadCardProps = LeadRowHandlers & {
  lead: Lead;
  selected: boolean;
  canSend: boolean;
  fields: readonly LeadColumn[];
};

/** One lead on a narrow screen: who, where from, and the same actions as a table row. */
const LeadCard = memo(
  ({
    lead,
    selected,
    canSend,
    fields,
    onToggle,
    onStatusChange,
    onView,
    onDelete,
    onSend,
  }: LeadCardProps) => (
    <li
      className={t.card}
      style={cardSizeStyle(fields.length)}
      data-selected={selected || undefined}
      data-lead-card=""
    >
      <div className={t.cardHead}>
        <SelectBox
          label={`Select ${fullName(lead)}`}
          checked={selected}
          onChange={(event) => onToggle(lead, event.currentTarget.checked)}
        />
        <LeadAvatar lead={lead} />
        <div className={t.cardTitle}>
          <LeadName lead={lead} onView={onView} />
          <div className={t.dim}>
            {lead.personDesignation ? `${lead.personDesignation} · ` : ''}
            {lead.companyName}
          </div>
        </div>
      </div>
      <div className={t.cardMeta}>
        <a className={`${t.link} ${t.focus}`} href={`mailto:${lead.personEmail}`}>
          {lead.personEmail}
        </a>
        <div>
          {formatLocation(lead)} · {lead.source} · {formatDate(lead.createdAt)}
        </div>
        {lead.owner || lead.phone || lead.dealValue !== null ? (
          <div>
            {lead.owner ? `Owner: ${lead.owner.name}` : null}
            {lead.phone ? (
              <>
                {lead.owner ? ' · ' : null}
                <PhoneLink phone={lead.phone} />
              </>
            ) : null}
            {lead.dealValue !== null ? (
              <>
                {lead.owner || lead.phone ? ' · ' : null}
                <DealValue value={lead.dealValue} />
              </>
            ) : null}
          </div>
        ) : null}
      </div>
      <CardFields record={lead} fields={fields} />
      <div className={t.cardActions}>
        <StatusCell lead={lead} onStatusChange={onStatusChange} />
        <SendControl lead={lead} canSend={canSend} onSend={onSend} />
        <ViewDelete lead={lead} onView={onView} onDelete={onDelete} />
      </div>
    </li>
  ),
);
LeadCard.displayName = 'LeadCard';

const sortOptions = (columns: readonly LeadColumn[]) => [
  { value: 'personFirstName', label: 'Contact Person' },
  ...columns.flatMap((column) =>
    column.sort && column.sort !== 'personFirstName'
      ? [{ value: column.sort, label: column.label }]
      : [],
  ),
  { value: 'status', label: 'Status' },
];
const SORT_OPTIONS = sortOptions(LEAD_COLUMNS);

type LeadCardsProps = LeadRowHandlers & {
  leads: Lead[];
  selectedIds: ReadonlySet<string>;
  canSend: boolean;
  sort: LeadSort;
  onSort: (field: LeadSortKey) => void;
  allSelected: boolean;
  someSelected: boolean;
  onToggleAll: (selected: boolean) => void;
  placeholder: ReactNode | null;
  stale: boolean;
  busy: boolean;
  /** The custom fields' columns: offered as sorts too. */
  extraColumns?: readonly LeadColumn[];
  /** The custom fields chosen as shown columns: a line each on every card. */
  fields: readonly LeadColumn[];
};

/** The leads as a card list (narrow screens), with select-all and a sort choice on top. */
export const LeadCards = ({
  leads,
  selectedIds,
  canSend,
  sort,
  onSort,
  allSelected,
  someSelected,
  onToggleAll,
  placeholder,
  stale,
  busy,
  extraColumns,
  fields,
  ...handlers
}: LeadCardsProps) => (
  <section aria-label="Leads" aria-busy={busy}>
    <Group justify="space-between" gap="xs" wrap="nowrap" mb="xs">
      <label className={t.line} style={{ fontSize: 'var(--mantine-font-size-sm)' }}>
        <SelectBox
          label="Select all visible leads"
          checked={allSelected}
          indeterminate={someSelected}
          disabled={leads.length === 0}
          onChange={(event) => onToggleAll(event.currentTarget.checked)}
        />
        All
      </label>
      <Group gap={4} wrap="nowrap">
        <NativeSelect
          size="xs"
          aria-label="Sort by"
          value={sort.field}
          data={
            extraColumns?.length ? sortOptions([...LEAD_COLUMNS, ...extraColumns]) : SORT_OPTIONS
          }
          onChange={(event) => onSort(event.currentTarget.value as LeadSortKey)}
        />
        <SortDirectionButton descending={sort.descending} onClick={() => onSort(sort.field)} />
      </Group>
    </Group>
    {placeholder ? (
      <div className={t.empty}>{placeholder}</div>
    ) : (
      <ul className={t.cards} style={{ opacity: stale ? 0.6 : 1, transition: 'opacity 120ms' }}>
        {leads.map((lead) => (
          <LeadCard
            key={lead._id}
            lead={lead}
            selected={selectedIds.has(lead._id)}
            canSend={canSend}
            fields={fields}
            {...handlers}
          />
        ))}
      </ul>
    )}
  </section>
);
