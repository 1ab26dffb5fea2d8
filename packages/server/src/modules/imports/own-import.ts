import type { Db } from '../../db/connection.ts';
import { notFound } from '../../lib/errors.ts';
import type { CurrentUser } from '../../caller/current-user.ts';
import { findImport } from './repo.ts';
import type { ImportRow } from './repo.ts';

export const IMPORT_NOT_FOUND = 'Import not found';
export const PRESET_NOT_FOUND = 'Preset not found';

/** An import of the caller's organisation (the route checked the id); any other is a 404. */
export const loadOwnImport = async (db: Db, actor: CurrentUser, id: string): Promise<ImportRow> => {
  const row = actor.organizationId ? await findImport(db, id, actor.organizationId) : undefined;
  if (!row) throw notFound(IMPORT_NOT_FOUND);
  return row;
};
