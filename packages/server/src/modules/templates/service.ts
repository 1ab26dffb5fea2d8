import { mergeValuesOf, fillMergeFields } from '@leadline/shared/merge-fields';
import { isAdministrator } from '@leadline/shared/permissions';
import { NOT_TEMPLATE_OWNER, TEMPLATE_NOT_FOUND } from '@leadline/shared/templates';
import type {
  Template,
  TemplateData,
  TemplatePreview,
  TemplateUpdateData,
} from '@leadline/shared/templates';
import type { Db } from '../../db/connection.ts';
import { escapeHtml } from '../../mail/message.ts';
import { sanitiseEmailHtml } from '../../mail/sanitize.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { chooseOrganization, organizationIn } from '../../caller/current-user.ts';
import type { CurrentUser } from '../../caller/current-user.ts';
import { getLead } from '../leads/service.ts';
import { toTemplate } from './present.ts';
import {
  deleteTemplate as deleteTemplateRow,
  findTemplate,
  findTemplates,
  insertTemplate,
  updateTemplate as updateTemplateRow,
} from './repo.ts';
import type { TemplateRow } from './repo.ts';

export const NO_ORGANIZATION = chooseOrganization('use templates');

const organizationOf = (actor: CurrentUser): string => organizationIn(actor, NO_ORGANIZATION);

/** Its owner may change a template; an administrator may change the shared ones too. */
const canEdit = (actor: CurrentUser, row: TemplateRow): boolean =>
  row.userId === actor.id || isAdministrator(actor);

const present = (actor: CurrentUser, row: TemplateRow): Template =>
  toTemplate(row, canEdit(actor, row));

/** A template the caller sees (shared, or their own), else 404 (another's personal one too). */
const loadTemplate = async (db: Db, actor: CurrentUser, id: string): Promise<TemplateRow> => {
  const row = await findTemplate(db, organizationOf(actor), actor.id, id);
  if (!row) throw notFound(TEMPLATE_NOT_FOUND);
  return row;
};

const loadEditable = async (db: Db, actor: CurrentUser, id: string): Promise<TemplateRow> => {
  const row = await loadTemplate(db, actor, id);
  if (!canEdit(actor, row)) throw forbidden(NOT_TEMPLATE_OWNER);
  return row;
};

/** GET /api/templates: the organisation's shared templates and the caller's own, by name. */
export const listTemplates = async (db: Db, actor: CurrentUser): Promise<Template[]> =>
  (await findTemplates(db, organizationOf(actor), actor.id)).map((row) => present(actor, row));

export const getTemplate = async (db: Db, actor: CurrentUser, id: string): Promise<Template> =>
  present(actor, await loadTemplate(db, actor, id));

export const createTemplate = async (
  db: Db,
  actor: CurrentUser,
  data: TemplateData,
): Promise<Template> => {
  const id = await insertTemplate(db, {
    ...data,
    organizationId: organizationOf(actor),
    userId: actor.id,
  });
  return getTemplate(db, actor, id);
};

export const updateTemplate = async (
  db: Db,
  actor: CurrentUser,
  id: string,
  changes: TemplateUpdateData,
): Promise<Template> => {
  const row = await loadEditable(db, actor, id);
  await updateTemplateRow(db, organizationOf(actor), id, changes);
  // From the row and the changes: a shared template an administrator made personal again
  // (its owner's) is no longer one they see.
  return present(actor, { ...row, ...changes, updatedAt: new Date() });
};

export const deleteTemplate = async (db: Db, actor: CurrentUser, id: string): Promise<void> => {
  await loadEditable(db, actor, id);
  await deleteTemplateRow(db, organizationOf(actor), id);
};

/**
 * POST /api/templates/:id/preview: the subject and body filled in for one of the
 * organisation's leads, sent by the caller (`{{senderName}}`); values escaped in the body, and
 * the body sanitised here as an inbox email is (no script, no handler, remote images only as
 * `data-remote-src`), so that the answer is safe whatever shows it, not only the app's frame.
 */
export const previewTemplate = async (
  db: Db,
  actor: CurrentUser,
  id: string,
  leadId: string,
): Promise<TemplatePreview> => {
  const template = await loadTemplate(db, actor, id);
  const lead = await getLead(db, actor, leadId);
  const values = mergeValuesOf(lead, actor.name);
  return {
    subject: fillMergeFields(template.subject, values),
    body: sanitiseEmailHtml(fillMergeFields(template.body, values, escapeHtml)).html,
  };
};
