import type { ReactNode } from 'react';
import { IconEye, IconPencil, IconTrash } from '@tabler/icons-react';
import type { Client } from '@leadline/shared/clients';
import type { ColumnSpec } from '../../../components/column-prefs.ts';
import { IconButton, tableClasses as t, toneStyle } from '../../../components/data-table.tsx';
import { externalHref } from '../../../lib/links.ts';
import { categoryColor } from './client-category-badge.tsx';

/** What a row or card of a client can do. */
export type ClientRowHandlers = {
  onToggle: (id: string, selected: boolean) => void;
  onView: (id: string) => void;
  onEdit: (client: Client) => void;
  onDelete: (client: Client) => void;
};

export type ClientColumnId =
  | 'parentCompany'
  | 'website'
  | 'email'
  | 'contact'
  | 'pic'
  | 'category'
  | 'fullAddress'
  /** A custom field's column (built by the screen from the organisation's fields). */
  | `custom.${string}`;

export type ClientColumn = ColumnSpec<ClientColumnId> & {
  /** Long text is cut with an ellipsis at this width (the full text is the cell's title). */
  clip?: number;
  title?: (client: Client) => string;
  cell: (client: Client) => ReactNode;
  /** The list's sort by this column (the custom fields' columns). */
  sort?: `custom.${string}`;
};

const dash = <span className={t.dim}>—</span>;

export const Website = ({ client }: { client: Client }) => {
  const href = externalHref(client.website);
  return href ? (
    <a
      className={`${t.link} ${t.focus}`}
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      title={href}
    >
      Visit
    </a>
  ) : (
    <span className={t.dim}>No website</span>
  );
};

export const CategoryBadge = ({ category }: { category: string }) => (
  <span
    className={t.badge}
    style={{ ...toneStyle(categoryColor(category)), textTransform: 'none' }}
  >
    {category}
  </span>
);

/**
 * The client table's columns between No and Company Name (pinned left) and Action (pinned
 * right), in their default order; the user shows, hides and orders these.
 */
export const CLIENT_COLUMNS: readonly ClientColumn[] = [
  {
    id: 'parentCompany',
    label: 'Parent Company',
    byDefault: false,
    cell: (client) => client.parentCompany || dash,
  },
  {
    id: 'website',
    label: 'Website',
    byDefault: false,
    cell: (client) => <Website client={client} />,
  },
  {
    id: 'email',
    label: 'Email',
    byDefault: true,
    clip: 220,
    title: (client) => client.email,
    cell: (client) => (
      <a className={`${t.link} ${t.focus}`} href={`mailto:${client.email}`}>
        {client.email}
      </a>
    ),
  },
  {
    id: 'contact',
    label: 'Contact',
    byDefault: true,
    clip: 160,
    title: (client) => client.contact,
    cell: (client) => client.contact,
  },
  {
    id: 'pic',
    label: 'PIC',
    byDefault: true,
    cell: (client) => <span className={t.strong}>{client.pic}</span>,
  },
  {
    id: 'category',
    label: 'Company Category',
    byDefault: true,
    cell: (client) => <CategoryBadge category={client.companyCategory} />,
  },
  {
    id: 'fullAddress',
    label: 'Full Address',
    byDefault: false,
    clip: 300,
    title: (client) => client.fullAddress,
    cell: (client) => client.fullAddress || dash,
  },
];

export const CLIENT_COLUMN_BY_ID = new Map(CLIENT_COLUMNS.map((column) => [column.id, column]));

/** View, edit and delete, each a working button. */
export const ClientActions = ({
  client,
  onView,
  onEdit,
  onDelete,
}: Pick<ClientRowHandlers, 'onView' | 'onEdit' | 'onDelete'> & { client: Client }) => (
  <span className={t.line} style={{ gap: 2 }}>
    <IconButton
      label={`View ${client.companyName}`}
      title="View"
      onClick={() => onView(client._id)}
    >
      <IconEye size={18} aria-hidden />
    </IconButton>
    <IconButton
      label={`Edit ${client.companyName}`}
      title="Edit"
      tone="gray"
      onClick={() => onEdit(client)}
    >
      <IconPencil size={18} aria-hidden />
    </IconButton>
    <IconButton
      label={`Delete ${client.companyName}`}
      title="Delete"
      tone="red"
      onClick={() => onDelete(client)}
    >
      <IconTrash size={18} aria-hidden />
    </IconButton>
  </span>
);
