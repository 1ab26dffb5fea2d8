import { z } from 'zod';

/** A record id as the database makes them (UUID, any case). */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: string): boolean => UUID_PATTERN.test(value);

/** A UUID field that answers `message` (for example 'Invalid lead ID') when it is not one. */
export const uuidSchema = (message: string) => z.string().regex(UUID_PATTERN, message);

/** The `{ id }` parameters of a `/…/:id` route, refused with `message` when the id is not a UUID. */
export const idParamsSchema = (message: string) => z.object({ id: uuidSchema(message) });
