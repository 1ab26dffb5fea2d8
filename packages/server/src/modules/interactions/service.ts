import { CALL_OUTCOME_LABELS, formatDuration } from '@leadline/shared/interactions';
import type { CallData, LeadNote, NoteData } from '@leadline/shared/interactions';
import type { Db } from '../../db/connection.ts';
import type { CurrentUser } from '../../caller/current-user.ts';
import { logActivity } from '../activity/log.ts';
import { getLead, organizationOf } from '../leads/service.ts';
import { leadName } from '../leads/present.ts';
import { findLeadNotes, insertLeadNote } from './repo.ts';
import type { LeadNoteRow } from './repo.ts';

/** How many of a lead's notes and calls the drawer shows. */
export const LEAD_NOTES_LIMIT = 200;

const toLeadNote = (row: LeadNoteRow): LeadNote => ({
  _id: row.id,
  leadId: row.leadId,
  kind: row.kind,
  body: row.body,
  outcome: row.outcome,
  durationSeconds: row.durationSeconds,
  author: row.userId ? { id: row.userId, name: row.authorName ?? '' } : null,
  createdAt: row.createdAt.toISOString(),
});

/** GET /api/leads/:id/notes: the lead's notes and calls (404 outside the organisation). */
export const listLeadNotes = async (
  db: Db,
  actor: CurrentUser,
  leadId: string,
): Promise<LeadNote[]> => {
  const lead = await getLead(db, actor, leadId);
  return (await findLeadNotes(db, organizationOf(actor), lead._id, LEAD_NOTES_LIMIT)).map(
    toLeadNote,
  );
};

type Entry = {
  kind: 'note' | 'call';
  body: string;
  outcome?: LeadNote['outcome'];
  durationSeconds?: number | null;
};

/** Writes the note or call and its activity entry together. */
const addEntry = async (
  db: Db,
  actor: CurrentUser,
  leadId: string,
  entry: Entry,
  details: (leadName: string) => string,
): Promise<LeadNote> => {
  const lead = await getLead(db, actor, leadId);
  const organizationId = organizationOf(actor);
  const row = await db.transaction(async (tx) => {
    const created = await insertLeadNote(tx, {
      organizationId,
      leadId: lead._id,
      userId: actor.id,
      kind: entry.kind,
      body: entry.body,
      outcome: entry.outcome ?? null,
      durationSeconds: entry.durationSeconds ?? null,
    });
    await logActivity(tx, {
      organizationId,
      userId: actor.id,
      type: 'Lead',
      entityId: lead._id,
      action: entry.kind === 'call' ? 'call logged' : 'note added',
      details: details(leadName(lead)),
    });
    return created;
  });
  return toLeadNote({ ...row, authorName: actor.name });
};

/** POST /api/leads/:id/notes */
export const addNote = (
  db: Db,
  actor: CurrentUser,
  leadId: string,
  { body }: NoteData,
): Promise<LeadNote> =>
  addEntry(db, actor, leadId, { kind: 'note', body }, (name) => `Note added to ${name}`);

/** POST /api/leads/:id/calls */
export const logCall = (
  db: Db,
  actor: CurrentUser,
  leadId: string,
  call: CallData,
): Promise<LeadNote> =>
  addEntry(
    db,
    actor,
    leadId,
    {
      kind: 'call',
      body: call.notes,
      outcome: call.outcome,
      durationSeconds: call.durationSeconds,
    },
    (name) =>
      `Call with ${name}: ${CALL_OUTCOME_LABELS[call.outcome]}${
        call.durationSeconds ? `, ${formatDuration(call.durationSeconds)}` : ''
      }`,
  );
