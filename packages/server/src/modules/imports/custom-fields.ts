// The organisation's custom fields an import may fill: those of the imported entity that are
// neither hidden nor deleted (read through the custom-fields module's door).
import type { ImportCustomField } from '@leadline/shared/import-custom';
import type { Db } from '../../db/connection.ts';
import { activeFields } from '../custom-fields/values.ts';
import type { ImportKind } from './headers.ts';

export const importableFields = async (
  db: Db,
  organizationId: string,
  kind: ImportKind,
): Promise<ImportCustomField[]> =>
  (await activeFields(db, organizationId, kind === 'leads' ? 'lead' : 'client'))
    .filter((field) => !field.hidden)
    .map(({ key, label, type, options }) => ({ key, label, type, options }));
