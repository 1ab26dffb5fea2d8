import { INVALID_CURSOR } from '@leadline/shared/pipeline';
import { isUuid } from '@leadline/shared/ids';
import { badRequest } from '../../lib/errors.ts';

/**
 * Where a column's page ended: the last card's time in its status (whole microseconds since
 * 1970, so the cursor keeps the database's precision) and its id. Sent as opaque base64url text.
 */
export type BoardCursor = { micros: string; id: string };

/** At most ±10^16 µs (about 317 years either side of 1970): the SQL arithmetic cannot overflow. */
const MICROS = /^-?\d{1,16}$/;

export const encodeCursor = ({ micros, id }: BoardCursor): string =>
  Buffer.from(`${micros}.${id}`).toString('base64url');

/** The cursor a client sent back; anything not made by `encodeCursor` is a 400. */
export const decodeCursor = (text: string): BoardCursor => {
  const [micros, id, ...rest] = Buffer.from(text, 'base64url').toString('utf8').split('.');
  if (rest.length > 0 || !micros || !MICROS.test(micros) || !id || !isUuid(id))
    throw badRequest(INVALID_CURSOR, { cursor: INVALID_CURSOR });
  return { micros, id: id.toLowerCase() };
};
