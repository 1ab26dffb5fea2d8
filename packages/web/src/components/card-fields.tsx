import { Fragment } from 'react';
import type { CSSProperties, ReactNode } from 'react';
import { tableClasses as t } from './data-table.tsx';

/** A column shown on a card: its heading and how a record's value is drawn. */
export type CardField<R> = { id: string; label: string; cell: (record: R) => ReactNode };

/** A card's height guess grows by this per extra line (a wrapped value takes two). */
const LINE_GUESS = 36;

/**
 * The card's size guess for content-visibility (see .card): the base guess plus the lines of
 * its fields, so that a card not yet drawn is never shorter than it will be (cards would
 * overlap until drawn).
 */
export const cardSizeStyle = (fields: number): CSSProperties | undefined =>
  fields > 0 ? { containIntrinsicSize: `auto ${240 + fields * LINE_GUESS}px` } : undefined;

/** The chosen columns on a phone's card: each label and its value, as in the table. */
export const CardFields = <R,>({
  record,
  fields,
}: {
  record: R;
  fields: readonly CardField<R>[];
}) =>
  fields.length > 0 ? (
    <dl className={t.cardFields}>
      {fields.map((field) => (
        <Fragment key={field.id}>
          <dt>{field.label}</dt>
          <dd>{field.cell(record)}</dd>
        </Fragment>
      ))}
    </dl>
  ) : null;
