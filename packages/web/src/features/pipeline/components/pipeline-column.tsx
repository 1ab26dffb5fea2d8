import { useEffect, useRef, useState } from 'react';
import { Badge, Button, Group, Text } from '@mantine/core';
import type { Lead } from '@leadline/shared/leads';
import { formatMoney } from '@leadline/shared/money';
import { columnKeyOf } from '@leadline/shared/pipeline';
import type { PipelineColumn as Column } from '@leadline/shared/pipeline';
import { formatCount } from '../../../lib/format.ts';
import { PipelineCard } from './pipeline-card.tsx';
import type { MoveTarget } from './pipeline-card.tsx';
import classes from './pipeline.module.css';

export type ColumnActions = {
  currency: string;
  dragged: Lead | null;
  onDragStart: (lead: Lead) => void;
  onDragEnd: () => void;
  /** A card moved to the column with this key (a status, or a deal stage's id). */
  onMove: (lead: Lead, key: string) => void;
  onMore: (column: Column, cursor: string) => void;
  onOpen?: (lead: Lead) => void;
  /** Every column, for a card's "Move to" menu. */
  targets: readonly MoveTarget[];
};

type PipelineColumnProps = ColumnActions & {
  column: Column;
  color: string;
  loadingMore: boolean;
};

/** Loads the next cards when the end of the column scrolls into view. */
const useLoadOnScroll = (more: (() => void) | null) => {
  const sentinel = useRef<HTMLDivElement>(null);
  const latest = useRef(more);
  latest.current = more;
  const active = more !== null;
  useEffect(() => {
    const target = sentinel.current;
    if (!active || !target || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) latest.current?.();
      },
      { root: target.parentElement, rootMargin: '200px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [active]);
  return sentinel;
};

/**
 * One column (a status, or a deal stage): its count, summed and weighted value, its cards (more
 * on scroll), and a drop target.
 */
export const PipelineColumn = ({ column, color, loadingMore, ...actions }: PipelineColumnProps) => {
  const { currency, dragged, onMove, onMore } = actions;
  const [over, setOver] = useState(false);
  const droppable = dragged !== null && columnKeyOf(dragged) !== column.key;
  const { nextCursor, key, name } = column;
  const more = nextCursor && !loadingMore ? () => onMore(column, nextCursor) : null;
  const sentinel = useLoadOnScroll(more);
  const headingId = `pipeline-${key.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <section
      className={classes.column}
      aria-labelledby={headingId}
      data-status={column.status ?? undefined}
      data-stage={column.stage?.name}
      data-stage-kind={column.stage?.kind}
      data-drop-target={droppable && over}
      style={{ '--column-accent': `var(--mantine-color-${color}-filled)` } as React.CSSProperties}
      onDragOver={(event) => {
        if (!droppable) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'move';
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        event.preventDefault();
        setOver(false);
        if (droppable) onMove(dragged, key);
      }}
    >
      <div className={classes.header}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text fw={700} id={headingId}>
            {name}
          </Text>
          <Badge variant="light" color={color} data-testid="column-count">
            {formatCount(column.count)}
          </Badge>
        </Group>
        <Text size="sm" fw={600} data-testid="column-value">
          {formatMoney(column.value, currency)} in deals
        </Text>
        <Text size="xs" c="dimmed" data-testid="column-weighted">
          {`${formatMoney(column.weightedValue, currency)} weighted (${column.probability}%)`}
        </Text>
      </div>
      <div className={classes.cards}>
        {/* The list holds only the cards (listitems); "No leads" and "Load more" follow it. */}
        {column.leads.length > 0 ? (
          <div className={classes.list} role="list" aria-labelledby={headingId}>
            {column.leads.map((lead) => (
              <PipelineCard
                key={lead._id}
                lead={lead}
                currency={currency}
                dragging={dragged?._id === lead._id}
                onDragStart={actions.onDragStart}
                onDragEnd={actions.onDragEnd}
                onMove={onMove}
                onOpen={actions.onOpen}
                targets={actions.targets}
              />
            ))}
          </div>
        ) : null}
        {column.leads.length === 0 ? (
          <Text size="sm" c="dimmed" ta="center" py="md">
            No leads
          </Text>
        ) : null}
        {nextCursor ? (
          <div ref={sentinel}>
            <Button
              variant="subtle"
              size="xs"
              fullWidth
              loading={loadingMore}
              onClick={() => onMore(column, nextCursor)}
            >
              Load more
            </Button>
          </div>
        ) : null}
      </div>
    </section>
  );
};
