import type { CSSProperties, ReactNode } from 'react';
import { Table } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import classes from './data-table.module.css';

export { classes as tableClasses };

/** Mantine's own cell classes, so plain <td>/<th>/<tr> look like Table.Td without its cost. */
export const cellClass = Table.classes.td;
export const headClass = Table.classes.th;
export const rowClass = `${Table.classes.tr} ${classes.row}`;

/** The data attributes Table.Tr sets for row borders and hover. */
export const ROW_ATTRIBUTES = { 'data-with-row-border': true, 'data-hover': true } as const;

/** Up to 48em (768 px, where the sidebar folds away) lists show cards instead of a table. */
export const CARD_LAYOUT_QUERY = '(max-width: 48em)';

/** True when the screen is narrow enough for cards; read at once, so the table never flashes. */
export const useCardLayout = (): boolean =>
  useMediaQuery(CARD_LAYOUT_QUERY, undefined, { getInitialValueInEffect: false }) ?? false;

const tones = new Map<string, CSSProperties>();

/**
 * A Mantine colour's light tone (background and text), as the CSS variables the classes read.
 * One object per colour, so rows pass the same style each render.
 */
export const toneStyle = (color: string): CSSProperties => {
  let style = tones.get(color);
  if (!style) {
    style = {
      '--tone-bg': `var(--mantine-color-${color}-light)`,
      '--tone-color': `var(--mantine-color-${color}-light-color)`,
    } as CSSProperties;
    tones.set(color, style);
  }
  return style;
};

/** Offsets of a sticky cell (px from the table's start or end). */
export const stickyStyle = (side: 'left' | 'right', px: number): CSSProperties =>
  ({ [side === 'left' ? '--sticky-left' : '--sticky-right']: `${px}px` }) as CSSProperties;

type IconButtonProps = {
  label: string;
  title?: string;
  tone?: 'red' | 'gray';
  onClick: () => void;
  children: ReactNode;
};

/** A small icon button (one element; ActionIcon's look). */
export const IconButton = ({ label, title, tone, onClick, children }: IconButtonProps) => (
  <button
    type="button"
    className={`${classes.iconButton} ${classes.focus}`}
    aria-label={label}
    title={title ?? label}
    data-tone={tone}
    onClick={onClick}
  >
    {children}
  </button>
);
