import { and, eq, gt, inArray, lte, ne } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { ssoConfigs, ssoDomains, ssoStates, ssoTickets } from '../../db/tables.ts';

export type SsoConfigRow = typeof ssoConfigs.$inferSelect & { domains: string[] };
/** What is saved; the sealed secret left out keeps the stored one. */
export type SsoConfigValues = Omit<
  typeof ssoConfigs.$inferInsert,
  'id' | 'organizationId' | 'createdAt' | 'updatedAt' | 'clientSecretEncrypted'
> & { clientSecretEncrypted?: string };

const domainsOf = async (db: Db, configId: string): Promise<string[]> =>
  (
    await db
      .select({ domain: ssoDomains.domain })
      .from(ssoDomains)
      .where(eq(ssoDomains.configId, configId))
      .orderBy(ssoDomains.domain)
  ).map((row) => row.domain);

const withDomains = async (
  db: Db,
  row: typeof ssoConfigs.$inferSelect | undefined,
): Promise<SsoConfigRow | undefined> =>
  row ? { ...row, domains: await domainsOf(db, row.id) } : undefined;

/** The organisation's configuration, with its domains. */
export const findConfigOf = async (
  db: Db,
  organizationId: string,
): Promise<SsoConfigRow | undefined> => {
  const [row] = await db
    .select()
    .from(ssoConfigs)
    .where(eq(ssoConfigs.organizationId, organizationId));
  return withDomains(db, row);
};

export const findConfigById = async (db: Db, id: string): Promise<SsoConfigRow | undefined> => {
  const [row] = await db.select().from(ssoConfigs).where(eq(ssoConfigs.id, id));
  return withDomains(db, row);
};

/** The configuration that covers an email domain. */
export const findConfigByDomain = async (
  db: Db,
  domain: string,
): Promise<SsoConfigRow | undefined> => {
  const [row] = await db
    .select({ config: ssoConfigs })
    .from(ssoDomains)
    .innerJoin(ssoConfigs, eq(ssoConfigs.id, ssoDomains.configId))
    .where(eq(ssoDomains.domain, domain));
  return withDomains(db, row?.config);
};

/** The first of `domains` another organisation's configuration already covers. */
export const findClaimedDomain = async (
  db: Db,
  organizationId: string,
  domains: string[],
): Promise<string | undefined> => {
  const [row] = await db
    .select({ domain: ssoDomains.domain })
    .from(ssoDomains)
    .innerJoin(ssoConfigs, eq(ssoConfigs.id, ssoDomains.configId))
    .where(and(inArray(ssoDomains.domain, domains), ne(ssoConfigs.organizationId, organizationId)))
    .orderBy(ssoDomains.domain)
    .limit(1);
  return row?.domain;
};

/** Creates or replaces the organisation's configuration and its domains (in the caller's transaction). */
export const saveConfig = async (
  db: Db,
  organizationId: string,
  values: SsoConfigValues,
  domains: string[] | undefined,
): Promise<string> => {
  const [row] = await db
    .insert(ssoConfigs)
    .values({ clientSecretEncrypted: '', ...values, organizationId })
    .onConflictDoUpdate({
      target: ssoConfigs.organizationId,
      set: { ...values, updatedAt: new Date() },
    })
    .returning({ id: ssoConfigs.id });
  const configId = row!.id;
  if (domains) {
    await db.delete(ssoDomains).where(eq(ssoDomains.configId, configId));
    await db.insert(ssoDomains).values(domains.map((domain) => ({ domain, configId })));
  }
  return configId;
};

export const deleteConfig = async (db: Db, organizationId: string): Promise<boolean> =>
  (
    await db
      .delete(ssoConfigs)
      .where(eq(ssoConfigs.organizationId, organizationId))
      .returning({ id: ssoConfigs.id })
  ).length > 0;

export type SsoState = { configId: string; nonce: string; verifierEncrypted: string };

export const insertState = async (
  db: Db,
  state: SsoState & { stateHash: string; expiresAt: Date },
): Promise<void> => {
  // Sign-ins left unfinished go as new ones start.
  await db.delete(ssoStates).where(lte(ssoStates.expiresAt, new Date()));
  await db.insert(ssoStates).values(state);
};

/** Takes the state (deleted: a replay finds nothing); undefined when unknown, used or expired. */
export const takeState = async (db: Db, stateHash: string): Promise<SsoState | undefined> => {
  const [row] = await db.delete(ssoStates).where(eq(ssoStates.stateHash, stateHash)).returning();
  return row && row.expiresAt > new Date() ? row : undefined;
};

export const insertTicket = async (
  db: Db,
  ticket: { ticketHash: string; userId: string; expiresAt: Date },
): Promise<void> => {
  await db.delete(ssoTickets).where(lte(ssoTickets.expiresAt, new Date()));
  await db.insert(ssoTickets).values(ticket);
};

/** Takes an unexpired ticket (once): its user's id. */
export const takeTicket = async (db: Db, ticketHash: string): Promise<string | undefined> => {
  const [row] = await db
    .delete(ssoTickets)
    .where(and(eq(ssoTickets.ticketHash, ticketHash), gt(ssoTickets.expiresAt, new Date())))
    .returning({ userId: ssoTickets.userId });
  return row?.userId;
};

/** Whether the organisation's members may sign in with a password only through SSO. */
export const isSsoOnly = async (db: Db, organizationId: string): Promise<boolean> => {
  const [row] = await db
    .select({ ssoOnly: ssoConfigs.ssoOnly })
    .from(ssoConfigs)
    .where(eq(ssoConfigs.organizationId, organizationId));
  return row?.ssoOnly ?? false;
};
