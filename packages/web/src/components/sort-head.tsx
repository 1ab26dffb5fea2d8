import type { CSSProperties, ReactNode } from 'react';
import { ActionIcon, UnstyledButton } from '@mantine/core';
import {
  IconChevronDown,
  IconChevronUp,
  IconSelector,
  IconSortAscending,
  IconSortDescending,
} from '@tabler/icons-react';
import { headClass } from './data-table.tsx';

/** A list's sort: a field and its direction (null: the list's own order, newest first). */
export type SortState<F extends string> = { field: F; descending: boolean } | null;

type SortHeadProps<F extends string> = {
  sort: SortState<F>;
  onSort: (field: F) => void;
  children: ReactNode;
  field?: F;
  minWidth?: number;
  className?: string;
  style?: CSSProperties;
};

/** A column heading; a button that sorts by the column when it has a sort field. */
export const SortHead = <F extends string>({
  field,
  sort,
  onSort,
  children,
  minWidth,
  className,
  style,
}: SortHeadProps<F>) => {
  const active = field !== undefined && sort?.field === field;
  const SortIcon = !active ? IconSelector : sort.descending ? IconChevronDown : IconChevronUp;
  return (
    <th
      className={`${headClass} ${className ?? ''}`}
      aria-sort={
        field ? (active ? (sort.descending ? 'descending' : 'ascending') : 'none') : undefined
      }
      style={{ minWidth, whiteSpace: 'nowrap', ...style }}
    >
      {field ? (
        <UnstyledButton
          onClick={() => onSort(field)}
          style={{ display: 'inline-flex', alignItems: 'center', gap: 4, fontWeight: 700 }}
          fz="sm"
        >
          {children}
          <SortIcon size={14} stroke={1.6} aria-hidden opacity={active ? 1 : 0.5} />
        </UnstyledButton>
      ) : (
        children
      )}
    </th>
  );
};

/** The card lists' button beside their sort choice: shows the direction, and reverses it. */
export const SortDirectionButton = ({
  descending,
  onClick,
}: {
  descending: boolean;
  onClick: () => void;
}) => (
  <ActionIcon
    variant="default"
    size="md"
    aria-label={descending ? 'Sorted descending' : 'Sorted ascending'}
    title="Reverse the order"
    onClick={onClick}
  >
    {descending ? <IconSortDescending size={16} /> : <IconSortAscending size={16} />}
  </ActionIcon>
);
