import type { Template } from '@leadline/shared/templates';
import type { TemplateRow } from './repo.ts';

/** A template as the API answers it; `editable` says whether the caller may change it. */
export const toTemplate = (row: TemplateRow, editable: boolean): Template => ({
  _id: row.id,
  name: row.name,
  subject: row.subject,
  body: row.body,
  shared: row.shared,
  owner: row.userId ? { _id: row.userId, name: row.ownerName ?? '' } : null,
  editable,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});
