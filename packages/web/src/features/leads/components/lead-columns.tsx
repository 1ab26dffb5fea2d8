import type { ReactNode } from 'react';
import { formatLocation } from '@leadline/shared/leads';
import type { Lead } from '@leadline/shared/leads';
import type { LeadSortKey } from './lead-view-state.ts';
import type { ColumnSpec } from '../../../components/column-prefs.ts';
import { tableClasses as t } from '../../../components/data-table.tsx';
import { formatDate } from '../../../lib/format.ts';
import { Dash, DealValue, ExternalLink, PhoneLink } from './lead-controls.tsx';
import { formatDay } from '../../../lib/format.ts';
import { LeadSourceLabel } from './lead-source-icon.tsx';

export type LeadColumnId =
  | 'personEmail'
  | 'company'
  | 'industry'
  | 'size'
  | 'website'
  | 'jobTitle'
  | 'personLinkedin'
  | 'location'
  | 'source'
  | 'owner'
  | 'phone'
  | 'dealValue'
  | 'expectedCloseDate'
  | 'createdAt'
  /** A custom field's column (built by the screen from the organisation's fields). */
  | `custom.${string}`;

export type LeadColumn = ColumnSpec<LeadColumnId> & {
  sort?: LeadSortKey;
  minWidth?: number;
  /** Long text is cut with an ellipsis at this width (the full text is the cell's title). */
  clip?: number;
  title?: (lead: Lead) => string;
  cell: (lead: Lead) => ReactNode;
};

/**
 * The leads table's columns between Contact Person (pinned left) and Status and Actions
 * (pinned right), in their default order; the user shows, hides and orders these.
 */
export const LEAD_COLUMNS: readonly LeadColumn[] = [
  {
    id: 'personEmail',
    label: 'Contact Email',
    byDefault: true,
    sort: 'personEmail',
    clip: 210,
    title: (lead) => lead.personEmail,
    cell: (lead) => (
      <a className={`${t.link} ${t.focus}`} href={`mailto:${lead.personEmail}`}>
        {lead.personEmail}
      </a>
    ),
  },
  {
    id: 'company',
    label: 'Company Info',
    byDefault: true,
    sort: 'companyName',
    clip: 180,
    title: (lead) => lead.companyName,
    cell: (lead) => (
      <>
        <div className={t.strong}>{lead.companyName}</div>
        {lead.companyLinkedin ? (
          <ExternalLink value={lead.companyLinkedin} label="Company LinkedIn" />
        ) : null}
      </>
    ),
  },
  {
    id: 'industry',
    label: 'Industry',
    byDefault: false,
    sort: 'industry',
    cell: (lead) => lead.industry || <Dash />,
  },
  {
    id: 'size',
    label: 'Company Size',
    byDefault: false,
    sort: 'size',
    cell: (lead) => lead.size || <Dash />,
  },
  {
    id: 'website',
    label: 'Company Website',
    byDefault: false,
    minWidth: 150,
    cell: (lead) => <ExternalLink value={lead.companySite} />,
  },
  {
    id: 'jobTitle',
    label: 'Job Title',
    byDefault: false,
    minWidth: 130,
    cell: (lead) => lead.personDesignation || <Dash />,
  },
  {
    id: 'personLinkedin',
    label: 'Personal LinkedIn',
    byDefault: false,
    cell: (lead) => <ExternalLink value={lead.personLinkedin} label="View profile" />,
  },
  {
    id: 'location',
    label: 'Location',
    byDefault: false,
    sort: 'personCountry',
    minWidth: 180,
    cell: (lead) => formatLocation(lead),
  },
  {
    id: 'source',
    label: 'Lead Source',
    byDefault: false,
    sort: 'source',
    minWidth: 120,
    cell: (lead) => <LeadSourceLabel source={lead.source} />,
  },
  {
    id: 'owner',
    label: 'Owner',
    byDefault: false,
    minWidth: 130,
    clip: 160,
    title: (lead) => lead.owner?.name ?? '',
    cell: (lead) => lead.owner?.name || <Dash />,
  },
  {
    id: 'phone',
    label: 'Phone',
    byDefault: false,
    minWidth: 140,
    cell: (lead) => <PhoneLink phone={lead.phone} />,
  },
  {
    id: 'dealValue',
    label: 'Deal Value',
    byDefault: false,
    minWidth: 120,
    cell: (lead) => <DealValue value={lead.dealValue} />,
  },
  {
    id: 'expectedCloseDate',
    label: 'Expected Close',
    byDefault: false,
    minWidth: 130,
    cell: (lead) => (lead.expectedCloseDate ? formatDay(lead.expectedCloseDate) : <Dash />),
  },
  {
    id: 'createdAt',
    label: 'Created Date',
    byDefault: false,
    sort: 'createdAt',
    cell: (lead) => formatDate(lead.createdAt),
  },
];

export const LEAD_COLUMN_BY_ID = new Map(LEAD_COLUMNS.map((column) => [column.id, column]));

/** Widths of the pinned cells, which set the sticky offsets. */
export const SELECT_WIDTH = 40;
export const STATUS_WIDTH = 146;
/** Send, the sent state beside it (a mail-check and "3d"), View and Delete. */
export const ACTIONS_WIDTH = 208;
