import { clientSchema } from '@leadline/shared/clients';
import { COMPANY_SIZES, LEAD_SOURCES, LEAD_STATUSES, leadSchema } from '@leadline/shared/leads';
import type { ZodType } from 'zod';
import { headerKey } from './headers.ts';
import type { ImportKind } from './headers.ts';

/** A spreadsheet's spelling of a choice ("cold email", "HOT LEAD") as the canonical value. */
const canonical = (choices: readonly string[]) => {
  const byKey = new Map(choices.map((choice) => [headerKey(choice), choice]));
  return (value: string | undefined) => (value ? (byKey.get(headerKey(value)) ?? value) : value);
};

const source = canonical(LEAD_SOURCES);
const status = canonical(LEAD_STATUSES);
const size = canonical(COMPANY_SIZES);

const normalise: Record<
  ImportKind,
  (record: Record<string, string>) => Record<string, string | undefined>
> = {
  leads: (record) => ({
    ...record,
    source: source(record.source),
    // A blank status takes the default (Cold Lead).
    status: record.status ? status(record.status) : undefined,
    size: size(record.size),
  }),
  clients: (record) => record,
};

const schemas: Record<ImportKind, ZodType> = { leads: leadSchema, clients: clientSchema };

export type RowOutcome<T> = { ok: true; value: T; email: string } | { ok: false; message: string };

/** Validates one row with the same rules as the forms; the message names every problem. */
export const validateRow = <T extends { personEmail?: string; email?: string }>(
  kind: ImportKind,
  record: Record<string, string>,
): RowOutcome<T> => {
  const result = schemas[kind].safeParse(normalise[kind](record));
  if (!result.success) {
    const messages = [...new Set(result.error.issues.map((issue) => issue.message))];
    return { ok: false, message: messages.join('; ') };
  }
  const value = result.data as T;
  return { ok: true, value, email: (value.personEmail ?? value.email ?? '').toLowerCase() };
};
