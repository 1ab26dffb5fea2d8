import { checkImportRow } from '@leadline/shared/import-rows';
import type { ImportRowOptions } from '@leadline/shared/import-rows';
import type { ImportKind } from './headers.ts';

export type RowOutcome<T> =
  | { ok: true; value: T; email: string; warnings: string[]; overflow?: string }
  | { ok: false; message: string; warnings: string[] };

/**
 * Validates one row with the rules of the forms, forgiving what an import can fill in (an
 * unknown source, a missing profile link: warnings); the message names each problem once.
 * `options`: the date order and the custom fields the mapping may name (their cells are read).
 */
export const validateRow = <T extends { personEmail?: string; email?: string }>(
  kind: ImportKind,
  record: Record<string, string>,
  options: ImportRowOptions = {},
): RowOutcome<T> => {
  const check = checkImportRow(kind, record, options);
  if (!check.ok) return { ok: false, message: check.errors.join('; '), warnings: check.warnings };
  return {
    ok: true,
    value: check.value as unknown as T,
    email: check.email,
    warnings: check.warnings,
    ...(check.overflow ? { overflow: check.overflow } : {}),
  };
};
