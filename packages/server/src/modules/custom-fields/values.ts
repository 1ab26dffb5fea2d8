import { and, sql } from 'drizzle-orm';
import type { SQL, SQLWrapper } from 'drizzle-orm';
import {
  CUSTOM_EMPTY,
  checkCustomValue,
  checkCustomValues,
  customFiltersOf,
  formatCustomValue,
  hasRange,
  isCustomKey,
  isTextual,
} from '@leadline/shared/custom-fields';
import type {
  CustomFieldEntity,
  CustomValue,
  CustomValues,
  FieldRule,
} from '@leadline/shared/custom-fields';
import type { Db } from '../../db/connection.ts';
import { badRequest } from '../../lib/errors.ts';
import { findFields } from './repo.ts';
import type { CustomFieldRow } from './repo.ts';

/*
 * The door the leads and clients modules use: a record's custom values checked, merged,
 * presented, described in the history, filtered and sorted on.
 */

export type { CustomFieldRow };

/** The organisation's fields of the entity that are not deleted (hidden ones included). */
export const activeFields = (
  db: Db,
  organizationId: string,
  entity: CustomFieldEntity,
): Promise<CustomFieldRow[]> => findFields(db, organizationId, entity);

/** A record's stored values as answered: only the keys of fields not deleted. */
export const visibleCustom = (
  stored: Record<string, unknown> | null | undefined,
  fields: readonly Pick<FieldRule, 'key'>[],
): CustomValues => {
  const values: CustomValues = {};
  if (!stored) return values;
  for (const { key } of fields) {
    const value = stored[key];
    if (value !== undefined && value !== null) values[key] = value as CustomValue;
  }
  return values;
};

/**
 * The custom values of records of (possibly) several organisations, each filtered by its own
 * organisation's fields: one read of the fields per organisation.
 */
export const customPresenter = async (
  db: Db,
  entity: CustomFieldEntity,
  rows: readonly { organizationId: string }[],
): Promise<(row: { organizationId: string; custom: Record<string, unknown> }) => CustomValues> => {
  const byOrganization = new Map<string, CustomFieldRow[]>();
  for (const organizationId of new Set(rows.map((row) => row.organizationId)))
    byOrganization.set(organizationId, await activeFields(db, organizationId, entity));
  return (row) => visibleCustom(row.custom, byOrganization.get(row.organizationId) ?? []);
};

/** What a body's `custom` writes: values to set and keys to remove. */
export type CustomPatch = { values: CustomValues; cleared: string[] };

/** The body's values checked against the fields; 400 naming the first bad field's label. */
export const checkCustomInput = (
  fields: readonly FieldRule[],
  input: Record<string, unknown>,
): CustomPatch => {
  const { values, cleared, errors } = checkCustomValues(fields, input);
  const keys = Object.keys(errors);
  if (keys.length > 0)
    throw badRequest(
      errors[keys[0]!]!,
      Object.fromEntries(keys.map((key) => [`custom.${key}`, errors[key]!])),
    );
  return { values, cleared };
};

/** The stored object after a patch (what a new record stores, or an edit's result). */
export const applyPatch = (
  stored: Record<string, unknown>,
  patch: CustomPatch,
): Record<string, unknown> => {
  const next = { ...stored, ...patch.values };
  for (const key of patch.cleared) delete next[key];
  return next;
};

/** The SQL of a column after a patch: the values merged in, the cleared keys removed, in one step. */
export const customPatchSql = (column: SQLWrapper, patch: CustomPatch): SQL =>
  sql`(${column} || ${JSON.stringify(patch.values)}::jsonb) - ${sql.param(patch.cleared)}::text[]`;

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** The keys a patch changes on the stored values. */
export const changedKeys = (stored: Record<string, unknown>, patch: CustomPatch): string[] => [
  ...Object.keys(patch.values).filter((key) => !same(stored[key], patch.values[key])),
  ...patch.cleared.filter((key) => stored[key] !== undefined),
];

/** "Seats: 3 → 5", one per changed field, for the record's history. */
export const describeCustomChanges = (
  fields: readonly FieldRule[],
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  keys: readonly string[],
): string[] =>
  keys.map((key) => {
    const label = fields.find((field) => field.key === key)?.label ?? key;
    const show = (value: unknown) => formatCustomValue(value as CustomValue | undefined);
    return `${label}: ${show(before[key])} → ${show(after[key])}`;
  });

/** One custom filter, checked: what the list's WHERE compares. */
export type CustomCondition =
  | { key: string; kind: 'empty' }
  | { key: string; kind: 'contains'; text: string }
  | { key: string; kind: 'equals'; value: CustomValue }
  | { key: string; kind: 'range'; min?: CustomValue; max?: CustomValue };

const fieldOf = (fields: readonly FieldRule[], key: string): FieldRule => {
  const field = fields.find((candidate) => candidate.key === key);
  if (!field) throw badRequest(`Unknown custom field: ${key}`);
  return field;
};

const checkedValue = (field: FieldRule, raw: string): CustomValue => {
  const checked = checkCustomValue(
    field.type === 'multiselect' ? { ...field, type: 'select' } : field,
    raw,
  );
  if ('error' in checked) throw badRequest(checked.error);
  if (checked.value === null) throw badRequest(`${field.label}: the filter needs a value`);
  return checked.value;
};

/** The `custom.*` parameters of a list query as conditions; 400 naming the field when bad. */
export const customConditionsOf = (
  fields: readonly FieldRule[],
  query: Record<string, unknown>,
): CustomCondition[] => {
  const parsed = customFiltersOf(query);
  if ('error' in parsed) throw badRequest(parsed.error);
  return parsed.filters.flatMap((filter): CustomCondition[] => {
    const field = fieldOf(fields, filter.key);
    const { key } = field;
    const found: CustomCondition[] = [];
    if (filter.equals !== undefined) {
      if (filter.equals === CUSTOM_EMPTY) found.push({ key, kind: 'empty' });
      else if (isTextual(field.type))
        found.push({ key, kind: 'contains', text: filter.equals.trim() });
      else {
        const value = checkedValue(field, filter.equals);
        // A multiple choice matches when it holds the choice: containment of a one-item list.
        found.push({
          key,
          kind: 'equals',
          value: field.type === 'multiselect' ? [value as string] : value,
        });
      }
    }
    if (filter.min !== undefined || filter.max !== undefined) {
      if (!hasRange(field.type)) throw badRequest(`${field.label} cannot be filtered by a range`);
      found.push({
        key,
        kind: 'range',
        min: filter.min === undefined ? undefined : checkedValue(field, filter.min),
        max: filter.max === undefined ? undefined : checkedValue(field, filter.max),
      });
    }
    return found;
  });
};

/**
 * `column -> '<key>'` with the key written into the statement, not bound: the expression of the
 * key's index and statistics (indexes.ts), which the planner matches only against the same
 * constant. The key
 * is a field's own, made to the key pattern; anything else is refused.
 */
const keyLiteral = (key: string): SQL => {
  if (!isCustomKey(key)) throw badRequest(`Unknown custom field: ${key}`);
  return sql.raw(`'${key}'`);
};
const valueOf = (column: SQLWrapper, key: string): SQL => sql`(${column} -> ${keyLiteral(key)})`;
/** `column ->> '<key>'`: the value as text, the same way (its statistics in indexes.ts). */
const textOf = (column: SQLWrapper, key: string): SQL => sql`(${column} ->> ${keyLiteral(key)})`;

/** A LIKE pattern matching the text anywhere, its own wildcards taken literally. */
const containsPattern = (term: string): string =>
  `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** Below and above every finite number a value can hold (JSON numbers are PostgreSQL numerics). */
const NUMBER_FLOOR = sql`'-1e309'::jsonb`;
const NUMBER_CEILING = sql`'1e309'::jsonb`;

/**
 * A range as bounds on the value alone, which its key's B-tree index (indexes.ts) answers and
 * whose statistics the planner reads. The type is kept by the bounds themselves, in JSONB's
 * order (null < strings < numbers < booleans): a number lies between -1e309 and 1e309; a date
 * text is at least "" and below every number. (`jsonb_typeof(v) = 'number'` said the same, but
 * the planner guesses 1 row in 200 for it: on a million leads it then counted the matches with
 * a parallel scan and JIT, 300 ms, where the index range takes a few.)
 */
const rangeOf = (value: SQL, { min, max }: { min?: CustomValue; max?: CustomValue }): SQL => {
  const bound = (v: CustomValue) => sql`${JSON.stringify(v)}::jsonb`;
  const numeric = typeof (min ?? max) === 'number';
  const lower = min !== undefined ? bound(min) : numeric ? NUMBER_FLOOR : bound('');
  const upper =
    max !== undefined
      ? sql`<= ${bound(max)}`
      : numeric
        ? sql`<= ${NUMBER_CEILING}`
        : sql`< ${NUMBER_FLOOR}`;
  return sql`${value} >= ${lower} AND ${value} ${upper}`;
};

/**
 * The WHERE conditions on a `custom` column. Equality is JSON containment (`@>`), which the
 * column's GIN (jsonb_path_ops) index answers; a multiple choice matches when it holds the
 * choice. Ranges compare JSON numbers or the 'YYYY-MM-DD' text (rangeOf).
 */
export const customWhere = (
  column: SQLWrapper,
  conditions: readonly CustomCondition[],
): SQL | undefined =>
  and(
    ...conditions.map((condition) => {
      const { key } = condition;
      switch (condition.kind) {
        case 'empty':
          return sql`${valueOf(column, key)} IS NULL`;
        case 'contains':
          return sql`lower(${textOf(column, key)}) LIKE lower(${containsPattern(condition.text)})`;
        case 'equals':
          return sql`${column} @> ${JSON.stringify({ [key]: condition.value })}::jsonb`;
        case 'range':
          return rangeOf(valueOf(column, key), condition);
      }
    }),
  );

/** `custom.<key>` of a sort, checked: the key of a field not deleted; 400 when unknown. */
export const customSortKey = (fields: readonly FieldRule[], sort: string): string | undefined => {
  const name = sort.startsWith('-') ? sort.slice(1) : sort;
  if (!name.startsWith('custom.')) return undefined;
  return fieldOf(fields, name.slice('custom.'.length)).key;
};

/** The ORDER BY key of a custom field: its JSON value (numbers numerically, text and dates as text). */
export const customSortValue = (column: SQLWrapper, key: string): SQL => valueOf(column, key);
