import { useCallback, useState } from 'react';
import { checkCustomValues } from '@leadline/shared/custom-fields';
import type { CustomField, CustomValues } from '@leadline/shared/custom-fields';
import { ApiRequestError } from '../../../lib/api-client.ts';
import type { CustomFormValues } from './custom-field-inputs.tsx';

/**
 * The state of a form's custom values: what the inputs hold, their errors, and `check`, which
 * runs the shared rule (the server's) and answers the body's `custom` or null when a value is
 * wrong (its error then shows under the input).
 */
export const useCustomForm = (initial: CustomValues = {}) => {
  const [values, setValues] = useState<CustomFormValues>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const onChange = useCallback((key: string, value: unknown) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => {
      if (!(key in current)) return current;
      const { [key]: _gone, ...rest } = current;
      return rest;
    });
  }, []);
  const reset = useCallback((next: CustomValues = {}) => {
    setValues(next);
    setErrors({});
  }, []);
  /** Every field's value as sent (empty ones as '' so that an edit clears them). */
  const check = (fields: readonly CustomField[]): Record<string, unknown> | null => {
    const shown = fields.filter((field) => !field.hidden);
    const body = Object.fromEntries(shown.map((field) => [field.key, values[field.key] ?? '']));
    const result = checkCustomValues(shown, body);
    setErrors(result.errors);
    return Object.keys(result.errors).length > 0 ? null : body;
  };
  /** The server's errors (`custom.<key>`) under their inputs. */
  const applyServerErrors = (error: unknown) => {
    if (!(error instanceof ApiRequestError)) return;
    const found = Object.entries(error.fieldErrors).flatMap(([name, message]) =>
      name.startsWith('custom.') ? [[name.slice('custom.'.length), message] as const] : [],
    );
    if (found.length) setErrors(Object.fromEntries(found));
  };
  return { values, errors, onChange, reset, check, applyServerErrors };
};
export type CustomForm = ReturnType<typeof useCustomForm>;
