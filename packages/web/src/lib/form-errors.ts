import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiRequestError } from './api-client.ts';

/** Puts the server's per-field validation messages (400 `errors`) under the matching inputs. */
export const applyServerFieldErrors = <T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): void => {
  if (!(error instanceof ApiRequestError)) return;
  for (const [field, message] of Object.entries(error.fieldErrors)) {
    const match = fields.find((candidate) => candidate === field);
    if (match) setError(match, { type: 'server', message });
  }
};
