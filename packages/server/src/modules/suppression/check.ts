import { and, eq, inArray, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { SuppressionReason } from '@leadline/shared/deliverability';
import { DEFAULT_SOURCES, domainEntryOf } from '@leadline/shared/suppression';
import type { Db } from '../../db/connection.ts';
import { emailSuppressions } from '../../db/schema.ts';
import { markLeadsUnsubscribed } from '../leads/mail-state.ts';
import type { NamedLead } from '../leads/mail-state.ts';

/*
 * The one suppression check of every sending path (single sends, follow-ups, bulk runs,
 * campaigns): an address is suppressed when it is on the organisation's list, or its domain
 * is (`@example.com`). The door other modules use; the list's screen is in service.ts.
 */

export type { SuppressionReason };

/** Suppressed addresses are kept lower-cased and compared so. */
const normal = (email: string) => email.trim().toLowerCase();

/** The entries that would suppress an address: itself and its `@domain`. */
const entriesFor = (email: string): string[] => [normal(email), domainEntryOf(email)];

/** Which of these entries (addresses, `@domains`) the organisation has listed. */
const listedAmong = async (
  db: Db,
  organizationId: string,
  entries: readonly string[],
): Promise<Set<string>> => {
  const rows = await db
    .select({ email: emailSuppressions.email })
    .from(emailSuppressions)
    .where(
      and(
        eq(emailSuppressions.organizationId, organizationId),
        inArray(emailSuppressions.email, [...entries]),
      ),
    );
  return new Set(rows.map((row) => row.email));
};

/** The list entry (address or `@domain`) that suppresses this address, if any. */
export const suppressionOf = async (
  db: Db,
  organizationId: string,
  email: string,
): Promise<string | undefined> => {
  const entries = entriesFor(email);
  const listed = await listedAmong(db, organizationId, entries);
  // The address itself before its domain.
  return entries.find((entry) => listed.has(entry));
};

/** Why a single send or follow-up to this address is refused (`entry`: the list's entry). */
export const suppressedMessage = (address: string, entry: string): string =>
  entry.startsWith('@')
    ? `${address} is on the suppression list (its domain ${entry}): it cannot be emailed`
    : `${address} is on the suppression list: it cannot be emailed`;

/** Whether the organisation never mails this address (or its domain) again. */
export const isSuppressed = async (
  db: Db,
  organizationId: string,
  email: string,
): Promise<boolean> => (await suppressionOf(db, organizationId, email)) !== undefined;

/** Which of these addresses (lower-cased) the organisation has suppressed, by address or domain. */
export const suppressedAmong = async (
  db: Db,
  organizationId: string,
  emails: readonly string[],
): Promise<Set<string>> => {
  const wanted = [...new Set(emails.map(normal))];
  if (wanted.length === 0) return new Set();
  const listed = await listedAmong(db, organizationId, [...new Set(wanted.flatMap(entriesFor))]);
  return new Set(wanted.filter((email) => entriesFor(email).some((entry) => listed.has(entry))));
};

/**
 * SQL true when the address `email` is suppressed in the organisation `organizationId`
 * (address or domain), for queries that read it with each lead (a bulk run's batch). Give
 * table-qualified references (`sql\`leads.person_email\``): a bare column name would resolve
 * to the subquery's own table.
 */
export const suppressedSql = (organizationId: SQL, email: SQL): SQL<boolean> =>
  sql<boolean>`EXISTS (SELECT 1 FROM email_suppressions s
    WHERE s.organization_id = ${organizationId}
      AND s.email IN (lower(${email}), lower(substring(${email} from '@[^@]*$'))))`;

/**
 * Puts the address on the organisation's suppression list (`source`: where it came from, in
 * words; by default after the reason). An unsubscribe also marks the organisation's leads with
 * that address as unsubscribed (the first time only). Safe to repeat: a second call changes
 * nothing and answers `added: false`. Returns the leads it marked.
 */
export const suppressAddress = async (
  db: Db,
  organizationId: string,
  email: string,
  reason: SuppressionReason,
  source?: string,
): Promise<{ added: boolean; leads: NamedLead[] }> => {
  const address = normal(email);
  const inserted = await db
    .insert(emailSuppressions)
    .values({ organizationId, email: address, reason, source: source ?? DEFAULT_SOURCES[reason] })
    .onConflictDoNothing()
    .returning({ email: emailSuppressions.email });
  const marked =
    reason === 'unsubscribed' ? await markLeadsUnsubscribed(db, organizationId, address) : [];
  return { added: inserted.length > 0, leads: marked };
};

/** Marks the leads with these (unsubscribed) addresses so; domain entries mark none. */
export const markSuppressedLeads = async (
  db: Db,
  organizationId: string,
  entries: readonly string[],
  actorId: string | null,
): Promise<void> => {
  for (const entry of entries) {
    if (!entry.startsWith('@')) await markLeadsUnsubscribed(db, organizationId, entry, actorId);
  }
};
