import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { leadNotes, users } from '../../db/tables.ts';

export type LeadNoteRow = typeof leadNotes.$inferSelect & { authorName: string | null };
export type NewLeadNote = typeof leadNotes.$inferInsert;

export const insertLeadNote = async (
  db: Db,
  note: NewLeadNote,
): Promise<typeof leadNotes.$inferSelect> => {
  const [row] = await db.insert(leadNotes).values(note).returning();
  return row!;
};

/** Many notes and calls at once (the demo data), in multi-row inserts. */
export const insertLeadNoteRows = async (
  db: Db,
  rows: readonly NewLeadNote[],
  batchSize = 500,
): Promise<void> => {
  for (let start = 0; start < rows.length; start += batchSize) {
    await db.insert(leadNotes).values(rows.slice(start, start + batchSize));
  }
};

/** A lead's notes and calls, newest first, with their authors' names. */
export const findLeadNotes = async (
  db: Db,
  organizationId: string,
  leadId: string,
  limit: number,
): Promise<LeadNoteRow[]> => {
  const rows = await db
    .select({ note: leadNotes, authorName: users.name })
    .from(leadNotes)
    .leftJoin(users, eq(users.id, leadNotes.userId))
    .where(and(eq(leadNotes.organizationId, organizationId), eq(leadNotes.leadId, leadId)))
    .orderBy(desc(leadNotes.createdAt), desc(leadNotes.id))
    .limit(limit);
  return rows.map((row) => ({ ...row.note, authorName: row.authorName }));
};
