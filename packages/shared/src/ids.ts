import { z } from 'zod';

/** A record id as the database makes them (UUID, any case). */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: string): boolean => UUID_PATTERN.test(value);

/** How a route refuses an id that is not a UUID: 400, or 404 where it is answered as unknown. */
export type IdStatus = 400 | 404;

/** The answer status an id field's refusal carries (the server's error handler reads it). */
export type IdIssueParams = { idStatus: IdStatus };

/** A UUID field that answers `message` (for example 'Invalid lead ID') when it is not one. */
export const uuidSchema = (message: string, status: IdStatus = 400) => {
  const params: IdIssueParams = { idStatus: status };
  // A refinement (not `.regex`) so that the refusal can carry its status; `format` documents it.
  return z.string().refine(isUuid, { message, params }).meta({ format: 'uuid' });
};

/** The `{ id }` parameters of a `/…/:id` route, refused with `message` when the id is not a UUID. */
export const idParamsSchema = (message: string, status?: IdStatus) =>
  z.object({ id: uuidSchema(message, status) });
