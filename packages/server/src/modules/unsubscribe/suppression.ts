import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { emailSuppressions } from '../../db/schema.ts';
import { markLeadsUnsubscribed } from '../leads/mail-state.ts';
import type { NamedLead } from '../leads/mail-state.ts';

export type SuppressionReason = (typeof emailSuppressions.$inferSelect)['reason'];

/** Suppressed addresses are kept lower-cased and compared so. */
const normal = (email: string) => email.trim().toLowerCase();

/** Whether the organisation never mails this address again by bulk or campaign sends. */
export const isSuppressed = async (
  db: Db,
  organizationId: string,
  email: string,
): Promise<boolean> => {
  const [row] = await db
    .select({ email: emailSuppressions.email })
    .from(emailSuppressions)
    .where(
      and(
        eq(emailSuppressions.organizationId, organizationId),
        eq(emailSuppressions.email, normal(email)),
      ),
    )
    .limit(1);
  return row !== undefined;
};

/** Which of these addresses (lower-cased) the organisation has suppressed. */
export const suppressedAmong = async (
  db: Db,
  organizationId: string,
  emails: readonly string[],
): Promise<Set<string>> => {
  const wanted = [...new Set(emails.map(normal))];
  if (wanted.length === 0) return new Set();
  const rows = await db
    .select({ email: emailSuppressions.email })
    .from(emailSuppressions)
    .where(
      and(
        eq(emailSuppressions.organizationId, organizationId),
        inArray(emailSuppressions.email, wanted),
      ),
    );
  return new Set(rows.map((row) => row.email));
};

/**
 * Puts the address on the organisation's suppression list and marks the organisation's leads
 * with that address as unsubscribed (the first time only; a bounce marks them bounced instead,
 * elsewhere). `source` says where the entry came from. Safe to repeat: a second call
 * changes nothing and answers `added: false`. Returns the leads it marked.
 */
export const suppressAddress = async (
  db: Db,
  organizationId: string,
  email: string,
  reason: SuppressionReason,
  source = '',
): Promise<{ added: boolean; leads: NamedLead[] }> => {
  const address = normal(email);
  const inserted = await db
    .insert(emailSuppressions)
    .values({ organizationId, email: address, reason, source })
    .onConflictDoNothing()
    .returning({ email: emailSuppressions.email });
  const marked =
    reason === 'bounced' ? [] : await markLeadsUnsubscribed(db, organizationId, address);
  return { added: inserted.length > 0, leads: marked };
};
