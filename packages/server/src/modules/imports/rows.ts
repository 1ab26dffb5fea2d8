import { checkImportRow } from '@leadline/shared/import-rows';
import type { DateOrder } from '@leadline/shared/import-readers';
import type { ImportKind } from './headers.ts';

export type RowOutcome<T> =
  | { ok: true; value: T; email: string; warnings: string[]; overflow?: string }
  | { ok: false; message: string; warnings: string[] };

/**
 * Validates one row with the rules of the forms, forgiving what an import can fill in (an
 * unknown source, a missing profile link: warnings); the message names each problem once.
 */
export const validateRow = <T extends { personEmail?: string; email?: string }>(
  kind: ImportKind,
  record: Record<string, string>,
  dateOrder?: DateOrder,
): RowOutcome<T> => {
  const check = checkImportRow(kind, record, { dateOrder });
  if (!check.ok) return { ok: false, message: check.errors.join('; '), warnings: check.warnings };
  return {
    ok: true,
    value: check.value as unknown as T,
    email: check.email,
    warnings: check.warnings,
    ...(check.overflow ? { overflow: check.overflow } : {}),
  };
};
