import { getTableColumns } from 'drizzle-orm';
import { MERGE_FIELDS } from '@leadline/shared/duplicates';
import type {
  MergeAnswer,
  MergeChoices,
  MergeField,
  MergeInput,
} from '@leadline/shared/duplicates';
import type { Db } from '../../db/connection.ts';
import { leads } from '../../db/schema.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { CurrentUser } from '../../caller/current-user.ts';
import { logActivity } from '../activity/log.ts';
import { recordEvents } from '../events/record.ts';
import { checkLeadWrite } from '../leads/access.ts';
import { activeFields } from '../custom-fields/values.ts';
import { leadsChanged } from '../leads/changes.ts';
import { LEAD_NOT_FOUND, getLead, organizationOf } from '../leads/service.ts';
import { moveRelated } from './moves.ts';
import { deleteLeadRow, insertMerge, lockLeadRow, writeLeadColumns } from './repo.ts';

type Row = Record<string, unknown>;
const columns = getTableColumns(leads);
const columnOf = (field: MergeField): string => columns[field].name;

const isEmpty = (value: unknown): boolean => value === null || value === undefined || value === '';

const nameOf = (row: Row): string =>
  [row.person_first_name, row.person_last_name].filter((part) => !isEmpty(part)).join(' ') ||
  String(row.person_email);

const isEmptyValue = (value: unknown): boolean =>
  isEmpty(value) || (Array.isArray(value) && value.length === 0);

/**
 * Custom values after the merge: per field, the user's choice (`custom.<key>`: 'merge' takes
 * the merged lead's value, or its emptiness), else the kept lead's value, or the merged one's
 * where the kept one has none.
 */
const mergedCustom = (keep: Row, merge: Row, fields: MergeChoices): Row => {
  const kept = (keep.custom ?? {}) as Row;
  const merged = (merge.custom ?? {}) as Row;
  const next: Row = { ...kept };
  for (const key of new Set([...Object.keys(kept), ...Object.keys(merged)])) {
    const choice = fields[`custom.${key}`] ?? (isEmptyValue(kept[key]) ? 'merge' : 'keep');
    if (choice === 'keep') continue;
    if (isEmptyValue(merged[key])) {
      if (fields[`custom.${key}`]) delete next[key];
    } else next[key] = merged[key];
  }
  return next;
};

/** A `custom.<key>` choice names a field of the organisation's leads, else 400. */
const checkCustomChoices = async (db: Db, organizationId: string, fields: MergeChoices) => {
  const keys = Object.keys(fields).flatMap((name) =>
    name.startsWith('custom.') ? [name.slice('custom.'.length)] : [],
  );
  if (keys.length === 0) return;
  const known = new Set((await activeFields(db, organizationId, 'lead')).map((f) => f.key));
  const unknown = keys.find((key) => !known.has(key));
  if (unknown === undefined) return;
  const message = `Unknown custom field to merge: custom.${unknown}`;
  throw badRequest(message, { [`fields.custom.${unknown}`]: message });
};

/**
 * The kept lead's values after the merge: each field the user chose ('merge': the merged
 * lead's value), else the kept value, or the merged one where the kept lead has none. What the
 * person did carries over whichever address stays: an unsubscribe, a reply, emails sent, "do
 * not track"; the bounce goes with the address kept.
 */
const mergedValues = (keep: Row, merge: Row, fields: MergeChoices = {}): Row => {
  const next: Row = {};
  for (const field of MERGE_FIELDS) {
    const column = columnOf(field);
    const choice = fields[field] ?? (isEmpty(keep[column]) ? 'merge' : 'keep');
    if (choice === 'merge' && merge[column] !== keep[column]) next[column] = merge[column];
  }
  if ('person_email' in next) {
    for (const column of ['bounced_at', 'bounce_reason', 'soft_bounces'])
      next[column] = merge[column];
  }
  const earliest = (column: string) => {
    const values = [keep[column], merge[column]].filter((v) => !isEmpty(v)) as string[];
    return values.sort()[0] ?? null;
  };
  const latest = (column: string) => {
    const values = [keep[column], merge[column]].filter((v) => !isEmpty(v)) as string[];
    return values.sort().at(-1) ?? null;
  };
  const carry: Row = {
    unsubscribed_at: earliest('unsubscribed_at'),
    replied_at: latest('replied_at'),
    mail_sent_date: latest('mail_sent_date'),
    mail_sent: Boolean(keep.mail_sent) || Boolean(merge.mail_sent),
    sent_count: Number(keep.sent_count) + Number(merge.sent_count),
    do_not_track: Boolean(keep.do_not_track) || Boolean(merge.do_not_track),
    client_id: keep.client_id ?? merge.client_id ?? null,
  };
  const customs = mergedCustom(keep, merge, fields);
  if (JSON.stringify(customs) !== JSON.stringify(keep.custom ?? {})) carry.custom = customs;
  // A deal stage only the merged lead reached comes with its date and lost reason.
  if (isEmpty(keep.stage_id) && !isEmpty(merge.stage_id)) {
    for (const column of ['stage_id', 'stage_changed_at', 'lost_reason'])
      carry[column] = merge[column];
  }
  for (const [column, value] of Object.entries(carry)) {
    if (value !== keep[column]) next[column] = value;
  }
  return next;
};

/**
 * POST /api/leads/merge: the merged lead's emails, answers, notes, calls, tasks, meetings,
 * campaign places and history move to the kept lead, the chosen values are written to it, and
 * the merged lead goes; everything is kept in the merge's snapshot for MERGE_UNDO_DAYS.
 */
export const mergeLeads = async (
  db: Db,
  actor: CurrentUser,
  body: MergeInput,
): Promise<MergeAnswer> => {
  const organizationId = organizationOf(actor);
  const keepId = body.keepId.toLowerCase();
  const mergeId = body.mergeId.toLowerCase();
  const mergedBefore = await getLead(db, actor, mergeId);
  await checkCustomChoices(db, organizationId, body.fields ?? {});
  const result = await db.transaction(async (tx) => {
    // Always lock in the same order, so two merges of the same pair cannot deadlock.
    const [first, second] = [keepId, mergeId].sort();
    const locked = new Map<string, Row | undefined>();
    for (const id of [first!, second!]) locked.set(id, await lockLeadRow(tx, organizationId, id));
    const keep = locked.get(keepId);
    const merge = locked.get(mergeId);
    if (!keep || !merge) throw notFound(LEAD_NOT_FOUND);
    const next = mergedValues(keep, merge, body.fields);
    const nextOwner = 'owner_id' in next ? (next.owner_id as string | null) : undefined;
    checkLeadWrite(actor, {
      owners: [keep.owner_id as string | null, merge.owner_id as string | null],
      ...(nextOwner ? { nextOwner } : {}),
    });
    if (isEmpty(next.person_email ?? keep.person_email))
      throw badRequest('The kept lead needs an email');

    const moves = await moveRelated(tx, { organizationId, from: mergeId, to: keepId });
    await deleteLeadRow(tx, mergeId);
    const keptBefore = Object.fromEntries(
      Object.keys(next).map((column) => [column, keep[column]]),
    );
    await writeLeadColumns(tx, keepId, next);
    const id = await insertMerge(tx, {
      organizationId,
      keptId: keepId,
      mergedId: mergeId,
      mergedName: nameOf(merge),
      mergedEmail: String(merge.person_email),
      userId: actor.id,
      snapshot: { mergedLead: merge, keptBefore, ...moves },
    });
    await logActivity(tx, {
      organizationId,
      userId: actor.id,
      type: 'Lead',
      entityId: keepId,
      action: 'merged',
      details: `Lead ${nameOf(merge)} (${String(merge.person_email)}) merged into ${nameOf({ ...keep, ...next })}`,
    });
    const lead = await getLead(tx, actor, keepId);
    await recordEvents(tx, [
      {
        organizationId,
        type: 'lead.merged',
        subjectId: keepId,
        leadId: keepId,
        actorId: actor.id,
        data: { lead, mergedLead: mergedBefore, mergeId: id },
      },
    ]);
    return { lead, mergeId: id };
  });
  leadsChanged(db, organizationId);
  return result;
};
