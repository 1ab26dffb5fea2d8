import { useMemo, useState } from 'react';
import { VisuallyHidden } from '@mantine/core';
import { BoardTotals } from './board-totals.tsx';
import type { Lead } from '@leadline/shared/leads';
import type { PipelineColumn as Column } from '@leadline/shared/pipeline';
import type { ColumnActions } from './pipeline-column.tsx';
import { PipelineColumn } from './pipeline-column.tsx';
import classes from './pipeline.module.css';

type PipelineBoardProps = Omit<
  ColumnActions,
  'dragged' | 'onDragStart' | 'onDragEnd' | 'targets'
> & {
  columns: readonly Column[];
  colorOf: (column: Column) => string;
  /** The key of the column whose next cards are loading. */
  loadingMore: string | null;
  /** Said to screen readers after a move ("Moved … to Hot Lead"). */
  announcement: string;
};

/** The columns side by side (scrolling sideways on a narrow screen); a card is dragged between them. */
export const PipelineBoard = ({
  columns,
  colorOf,
  loadingMore,
  announcement,
  ...actions
}: PipelineBoardProps) => {
  const [dragged, setDragged] = useState<Lead | null>(null);
  const names = columns.map((column) => `${column.key}\u0000${column.name}`).join('\u0001');
  // Every column a card may be moved to from its menu (stable while the columns are).
  const targets = useMemo(
    () => columns.map(({ key, name }) => ({ key, name })),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [names],
  );
  return (
    <>
      <BoardTotals columns={columns} currency={actions.currency} />
      <div className={classes.board} aria-label="Pipeline" role="region">
        {columns.map((column) => (
          <PipelineColumn
            key={column.key}
            column={column}
            color={colorOf(column)}
            loadingMore={loadingMore === column.key}
            targets={targets}
            dragged={dragged}
            onDragStart={setDragged}
            onDragEnd={() => setDragged(null)}
            {...actions}
            onMove={(lead, key) => {
              setDragged(null);
              actions.onMove(lead, key);
            }}
          />
        ))}
      </div>
      <VisuallyHidden aria-live="polite" role="status">
        {announcement}
      </VisuallyHidden>
    </>
  );
};
