import { and, eq, gte, ne } from 'drizzle-orm';
import type { CallOutcome } from '@leadline/shared/interactions';
import type { LeadStatus } from '@leadline/shared/leads';
import type { Db } from '../db/connection.ts';
import { leads } from '../db/schema.ts';
import { tasks } from '../db/tables/integrations.ts';
import { insertLeadNoteRows } from '../modules/interactions/repo.ts';
import type { NewLeadNote } from '../modules/interactions/repo.ts';
import { insertStatusChange } from '../modules/leads/repo.ts';

const DAY = 86_400_000;

/** Where a lead of each status came from: the step before it in the pipeline. */
const PREVIOUS: Readonly<Record<LeadStatus, LeadStatus | ''>> = {
  'Cold Lead': '',
  'Warm Lead': 'Cold Lead',
  'Hot Lead': 'Warm Lead',
  Qualified: 'Warm Lead',
};

// prettier-ignore
const CALLS: readonly [CallOutcome, number, string][] = [
  ['connected', 540, 'Walked through the annual plan; sending a proposal.'],
  ['voicemail', 40, 'Left a message about the demo.'],
  ['no answer', 0, ''],
  ['connected', 1260, 'Discovery call: 12 seats, decision next month.'],
  ['connected', 300, 'Confirmed the meeting time.'],
  ['wrong number', 20, 'Number belongs to reception; asked for a direct line.'],
];
// prettier-ignore
const NOTES = [
  'Budget owner is the CFO; loop her in before pricing.',
  'Prefers email over calls.',
  'Competitor contract ends in March.',
  'Asked for a case study from their industry.',
];

// prettier-ignore
const TASKS: readonly [string, number][] = [
  ['Send the proposal', -2],
  ['Call back about pricing', 0],
  ['Book the demo', 1],
  ['Check in after the trial', 3],
  ['Share the case study', 7],
];

/**
 * The demo's pipeline work: a status change for every lead past Cold (by its owner, when it
 * entered its status), calls and notes on the leads of the last 45 days and follow-up tasks on
 * some of them, so that the pipeline, the leaderboard, the lead timelines and My tasks have
 * something to show.
 */
export const seedDemoWork = async (db: Db, organizationId: string, now = new Date()) => {
  const rows = await db
    .select({
      id: leads.id,
      ownerId: leads.ownerId,
      status: leads.status,
      statusChangedAt: leads.statusChangedAt,
      createdAt: leads.createdAt,
    })
    .from(leads)
    .where(and(eq(leads.organizationId, organizationId), ne(leads.status, 'Cold Lead')));
  const changes = rows.map((lead) => ({
    organizationId,
    leadId: lead.id,
    userId: lead.ownerId,
    fromStatus: PREVIOUS[lead.status],
    toStatus: lead.status,
    changedAt: lead.statusChangedAt,
  }));
  for (let start = 0; start < changes.length; start += 500) {
    await insertStatusChange(db, changes.slice(start, start + 500));
  }

  const recent = await db
    .select({ id: leads.id, ownerId: leads.ownerId, createdAt: leads.createdAt })
    .from(leads)
    .where(
      and(
        eq(leads.organizationId, organizationId),
        gte(leads.createdAt, new Date(now.getTime() - 45 * DAY)),
      ),
    );
  const notes: NewLeadNote[] = recent
    .filter((_, i) => i % 4 === 0)
    .flatMap((lead, i) => {
      const span = now.getTime() - lead.createdAt.getTime();
      const at = (share: number) => new Date(lead.createdAt.getTime() + Math.floor(span * share));
      const [outcome, seconds, body] = CALLS[i % CALLS.length]!;
      const entries: NewLeadNote[] = [
        {
          organizationId,
          leadId: lead.id,
          userId: lead.ownerId,
          kind: 'call',
          outcome,
          durationSeconds: seconds || null,
          body,
          createdAt: at(0.4),
        },
      ];
      if (i % 3 === 0) {
        entries.push({
          organizationId,
          leadId: lead.id,
          userId: lead.ownerId,
          kind: 'note',
          body: NOTES[i % NOTES.length]!,
          createdAt: at(0.7),
        });
      }
      return entries;
    });
  await insertLeadNoteRows(db, notes);

  // Follow-ups the owners set themselves: a few overdue, some due today or soon, some done.
  const day = (offset: number) => new Date(now.getTime() + offset * DAY).toISOString().slice(0, 10);
  const followUps = recent
    .filter((lead, i) => i % 9 === 0 && lead.ownerId)
    .map((lead, i) => {
      const [title, offset] = TASKS[i % TASKS.length]!;
      return {
        organizationId,
        title,
        dueDate: day(offset),
        ownerId: lead.ownerId,
        leadId: lead.id,
        createdBy: lead.ownerId,
        createdAt: new Date(now.getTime() - 3 * DAY),
        ...(i % 4 === 3 ? { doneAt: new Date(now.getTime() - DAY), doneBy: lead.ownerId } : {}),
      };
    });
  if (followUps.length > 0) await db.insert(tasks).values(followUps);
};
