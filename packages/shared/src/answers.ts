import { z } from 'zod';

/** A schema for every key of `T`, optional ones included. */
type ShapeOf<T> = { [K in keyof T]-?: z.ZodType };

/**
 * The schema of an answer built as `T`: the compiler checks that it names exactly the keys of
 * `T` (a key left out would be stripped from the answer, since the serializer sends the keys
 * of the schema only; a key too many would document what is never sent).
 */
export const answerSchema =
  <T>() =>
  <S extends ShapeOf<T>>(shape: S & Record<Exclude<keyof S, keyof T>, never>) =>
    z.object(shape);

/** `{ message }`: what deletions and other plain confirmations answer. */
export const messageAnswerSchema = z.object({ message: z.string() });

/**
 * Values are described, not checked beyond their type: a value the form would refuse (an old
 * record's, say) must still be answered as it is stored, never turned into a 500.
 */
export const text = z.string();
export const nullableText = z.string().nullable();
/** A date and time as the API writes them: ISO 8601 in UTC. */
export const isoDateTime = z.string().meta({ format: 'date-time' });
export const nullableDateTime = isoDateTime.nullable();
