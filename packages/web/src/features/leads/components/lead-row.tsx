import { memo } from 'react';
import type { CSSProperties } from 'react';
import type { Lead } from '@leadline/shared/leads';
import {
  ROW_ATTRIBUTES,
  cellClass,
  rowClass,
  stickyStyle,
  tableClasses as t,
} from '../../../components/data-table.tsx';
import { ACTIONS_WIDTH, SELECT_WIDTH, STATUS_WIDTH } from './lead-columns.tsx';
import type { LeadColumn } from './lead-columns.tsx';
import { LeadAvatar, LeadName, SendControl, StatusCell, ViewDelete } from './lead-controls.tsx';
import type { LeadRowHandlers } from './lead-controls.tsx';
import { SelectBox } from './select-box.tsx';
import { fullName } from './lead-status.ts';

export type { LeadRowHandlers } from './lead-controls.tsx';

/** The pinned cells' classes and styles (also used by the header cells). */
const fixed = (px: number): CSSProperties => ({ width: px, minWidth: px, maxWidth: px });
export const PINNED = {
  select: { className: `${t.start}`, style: { ...stickyStyle('left', 0), ...fixed(SELECT_WIDTH) } },
  contact: {
    className: `${t.start} ${t.startEdge}`,
    style: stickyStyle('left', SELECT_WIDTH),
  },
  status: {
    className: `${t.end} ${t.endEdge}`,
    style: { ...stickyStyle('right', ACTIONS_WIDTH), ...fixed(STATUS_WIDTH) },
  },
  actions: {
    className: `${t.end}`,
    style: { ...stickyStyle('right', 0), ...fixed(ACTIONS_WIDTH) },
  },
};

const clipStyles = new Map<number, CSSProperties>();
const clipStyle = (px: number): CSSProperties => {
  let style = clipStyles.get(px);
  if (!style) clipStyles.set(px, (style = { '--clip-width': `${px}px` } as CSSProperties));
  return style;
};

type LeadCellsProps = Omit<LeadRowHandlers, 'onToggle'> & {
  lead: Lead;
  columns: readonly LeadColumn[];
  canSend: boolean;
};

/**
 * Every cell of a row but its checkbox: plain <td>s with Mantine's cell class. Memoised apart
 * from the row, so selecting a row re-renders its checkbox, not these cells.
 */
const LeadCells = memo(
  ({ lead, columns, canSend, onStatusChange, onView, onDelete, onSend }: LeadCellsProps) => (
    <>
      <td className={`${cellClass} ${PINNED.contact.className}`} style={PINNED.contact.style}>
        <span className={t.line} style={{ gap: 10 }}>
          <LeadAvatar lead={lead} />
          <LeadName lead={lead} onView={onView} />
        </span>
      </td>
      {columns.map((column) =>
        column.clip ? (
          <td
            key={column.id}
            className={`${cellClass} ${t.clip}`}
            style={clipStyle(column.clip)}
            title={column.title?.(lead)}
          >
            {column.cell(lead)}
          </td>
        ) : (
          <td key={column.id} className={cellClass}>
            {column.cell(lead)}
          </td>
        ),
      )}
      <td className={`${cellClass} ${PINNED.status.className}`} style={PINNED.status.style}>
        <StatusCell lead={lead} onStatusChange={onStatusChange} />
      </td>
      <td className={`${cellClass} ${PINNED.actions.className}`} style={PINNED.actions.style}>
        <span className={t.line}>
          <SendControl lead={lead} canSend={canSend} onSend={onSend} />
          <ViewDelete lead={lead} onView={onView} onDelete={onDelete} />
        </span>
      </td>
    </>
  ),
);
LeadCells.displayName = 'LeadCells';

type LeadRowProps = LeadRowHandlers & {
  lead: Lead;
  /** The row's place in the whole table (the header row is 1), drawn or not. */
  rowIndex: number;
  selected: boolean;
  canSend: boolean;
  columns: readonly LeadColumn[];
};

/**
 * One lead in the table: plain elements (no Mantine component per cell or control), so 250
 * rows paint fast. Only the checkbox and the selected background depend on `selected`.
 */
export const LeadRow = memo(({ lead, rowIndex, selected, onToggle, ...cells }: LeadRowProps) => (
  <tr
    className={rowClass}
    {...ROW_ATTRIBUTES}
    aria-rowindex={rowIndex}
    data-selected={selected || undefined}
  >
    <td className={`${cellClass} ${PINNED.select.className}`} style={PINNED.select.style}>
      <SelectBox
        label={`Select ${fullName(lead)}`}
        checked={selected}
        onChange={(event) => onToggle(lead, event.currentTarget.checked)}
      />
    </td>
    <LeadCells lead={lead} {...cells} />
  </tr>
));
LeadRow.displayName = 'LeadRow';
