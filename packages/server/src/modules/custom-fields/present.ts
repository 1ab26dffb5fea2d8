import { CUSTOM_FIELD_KEEP_DAYS } from '@leadline/shared/custom-fields';
import type { CustomField } from '@leadline/shared/custom-fields';
import type { CustomFieldRow } from './repo.ts';

const DAY_MS = 86_400_000;

export const toCustomField = (row: CustomFieldRow): CustomField => ({
  _id: row.id,
  entity: row.entity,
  key: row.key,
  label: row.label,
  type: row.type,
  options: row.options,
  hidden: row.hidden,
  position: row.position,
  createdAt: row.createdAt.toISOString(),
  deletedAt: row.deletedAt ? row.deletedAt.toISOString() : null,
  purgeAt: row.deletedAt
    ? new Date(row.deletedAt.getTime() + CUSTOM_FIELD_KEEP_DAYS * DAY_MS).toISOString()
    : null,
});
