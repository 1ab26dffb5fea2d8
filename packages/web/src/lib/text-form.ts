import type { FieldValues, Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';

/**
 * The resolver of a form that holds every field as text: the shared schema checks it (its
 * messages show under the inputs) and its output is what the submit handler receives.
 */
export const textFormResolver = <Values extends FieldValues, Output>(
  schema: z.ZodType<Output, FieldValues>,
) => zodResolver(schema) as unknown as Resolver<Values, unknown, Output>;

/** A record's fields as the form's text: each of `fields` from the record, '' where it has none. */
export const textFormValues = <Field extends string>(
  empty: Record<Field, string>,
  fields: readonly Field[],
  record: Partial<Record<Field, unknown>>,
): Record<Field, string> => {
  const values = { ...empty };
  for (const field of fields) values[field] = String(record[field] ?? '');
  return values;
};
