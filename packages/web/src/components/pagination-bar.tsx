import { useId } from 'react';
import { Button, Group, NativeSelect, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';

export const pageCount = (total: number, pageSize: number): number =>
  Math.max(1, Math.ceil(total / pageSize));

/**
 * 'Showing X–Y of N leads' (an en dash between the first and last row shown); 'of N+ leads'
 * when N is only a lower bound.
 */
export const showingCaption = (
  page: number,
  pageSize: number,
  total: number,
  noun: string,
  more = false,
) => {
  const first = total === 0 ? 0 : Math.min(total, (page - 1) * pageSize + 1);
  const last = Math.min(total, page * pageSize);
  return `Showing ${first.toLocaleString()}–${last.toLocaleString()} of ${total.toLocaleString()}${more ? '+' : ''} ${noun}`;
};

type PageSizeChoice = {
  label: string;
  options: readonly number[];
  onChange: (size: number) => void;
};

type PaginationBarProps = {
  page: number;
  pageSize: number;
  total: number;
  /** The caption's noun: 'leads', 'results'. */
  noun: string;
  onPageChange: (page: number) => void;
  pageSizeChoice?: PageSizeChoice;
  disabled?: boolean;
  /**
   * The server stopped counting: `total` is a lower bound ('10,000+'). Paging then goes on
   * while the server says another page follows (`hasMore`); `pageRows` is how many rows this
   * page holds.
   */
  totalCapped?: boolean;
  pageRows?: number;
  hasMore?: boolean;
};

/** The caption, an optional rows-per-page choice, and Prev / 'Page X of Y' / Next. */
export const PaginationBar = ({
  page,
  pageSize,
  total,
  noun,
  onPageChange,
  pageSizeChoice,
  disabled = false,
  totalCapped = false,
  pageRows = 0,
  hasMore = false,
}: PaginationBarProps) => {
  // Past a capped total, what this page shows is known to exist.
  const known = totalCapped ? Math.max(total, (page - 1) * pageSize + pageRows) : total;
  const more = totalCapped && hasMore;
  const pages = pageCount(known, pageSize);
  const sizeId = useId();
  return (
    <Group justify="space-between" gap="sm" wrap="wrap" py="xs">
      <Group gap="md" wrap="wrap">
        <Text size="sm" c="dimmed" data-testid="showing-caption" aria-live="polite">
          {showingCaption(page, pageSize, known, noun, more)}
        </Text>
        {pageSizeChoice ? (
          <Group gap={8} wrap="nowrap">
            <Text size="sm" component="label" htmlFor={sizeId}>
              {pageSizeChoice.label}
            </Text>
            <NativeSelect
              id={sizeId}
              size="xs"
              w={80}
              value={String(pageSize)}
              data={pageSizeChoice.options.map(String)}
              onChange={(event) => pageSizeChoice.onChange(Number(event.currentTarget.value))}
            />
          </Group>
        ) : null}
      </Group>
      <Group gap="xs" wrap="nowrap" component="nav" aria-label="Pagination">
        <Button
          size="xs"
          variant="default"
          leftSection={<IconChevronLeft size={14} />}
          disabled={disabled || page <= 1}
          onClick={() => onPageChange(page - 1)}
        >
          Prev
        </Button>
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          Page {Math.min(page, pages).toLocaleString()} of {pages.toLocaleString()}
          {more ? '+' : ''}
        </Text>
        <Button
          size="xs"
          variant="default"
          rightSection={<IconChevronRight size={14} />}
          disabled={disabled || (totalCapped ? !more : page >= pages)}
          onClick={() => onPageChange(page + 1)}
        >
          Next
        </Button>
      </Group>
    </Group>
  );
};
