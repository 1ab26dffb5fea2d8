import { useState } from 'react';
import { VisuallyHidden } from '@mantine/core';
import { BoardTotals } from './board-totals.tsx';
import type { Lead, LeadStatus } from '@leadline/shared/leads';
import type { PipelineColumn as Column } from '@leadline/shared/pipeline';
import type { ColumnActions } from './pipeline-column.tsx';
import { PipelineColumn } from './pipeline-column.tsx';
import classes from './pipeline.module.css';

type PipelineBoardProps = Omit<ColumnActions, 'dragged' | 'onDragStart' | 'onDragEnd'> & {
  columns: readonly Column[];
  colorOf: (status: LeadStatus) => string;
  /** The column whose next cards are loading. */
  loadingMore: LeadStatus | null;
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
  return (
    <>
      <BoardTotals columns={columns} currency={actions.currency} />
      <div className={classes.board} aria-label="Pipeline" role="region">
        {columns.map((column) => (
          <PipelineColumn
            key={column.status}
            column={column}
            color={colorOf(column.status)}
            loadingMore={loadingMore === column.status}
            dragged={dragged}
            onDragStart={setDragged}
            onDragEnd={() => setDragged(null)}
            {...actions}
            onMove={(lead, status) => {
              setDragged(null);
              actions.onMove(lead, status);
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
