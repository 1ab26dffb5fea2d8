import { expect } from 'vitest';
import { count, desc, eq } from 'drizzle-orm';
import type { ClientInput } from '@leadline/shared/clients';
import type { LeadInput } from '@leadline/shared/leads';
import type { Db } from '../src/db/connection.ts';
import { activityLog, clients, leads, organizations } from '../src/db/schema.ts';
import type { LeadSeedRow } from '../src/modules/leads/repo.ts';
import { uniqueEmail } from './context.ts';
import type { TestContext } from './context.ts';

/** A valid lead for POST /api/leads, with an email of its own. */
export const leadPayload = (overrides: Partial<LeadInput> = {}): LeadInput => ({
  companyName: 'Acme',
  personFirstName: 'Ada',
  personLastName: 'Lovelace',
  personEmail: uniqueEmail('lead'),
  source: 'Referral',
  ...overrides,
});

/** A well-formed id that names nothing. */
export const MISSING_ID = '00000000-0000-4000-8000-000000000000';

export type LeadBody = { _id: string; personEmail: string; [key: string]: unknown };

/** Creates a lead through the API (valid defaults, unique email). */
export const createLead = async (
  t: TestContext,
  token: string,
  overrides: Partial<LeadInput> = {},
): Promise<LeadBody> => {
  const response = await t.request({
    method: 'POST',
    url: '/api/leads',
    token,
    payload: leadPayload(overrides),
  });
  if (response.statusCode !== 201) throw new Error(`creating a lead failed: ${response.body}`);
  return response.json();
};

/** A valid client for POST /api/clients, with an email of its own. */
export const clientPayload = (overrides: Partial<ClientInput> = {}): ClientInput => ({
  companyName: 'Globex',
  email: uniqueEmail('client'),
  contact: 'Hank Scorpio',
  companyCategory: 'Technology',
  ...overrides,
});

export const organizationIdOf = async (db: Db, name: string): Promise<string> => {
  const [row] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.name, name));
  if (!row) throw new Error(`no organisation ${name}`);
  return row.id;
};

/** An Admin of a new organisation of that name, with its token and organisation id. */
export const adminOf = async (t: TestContext, organizationName: string) => {
  const { user, token } = await t.createUser({ role: 'Admin', organizationName });
  return { user, token, organizationId: await organizationIdOf(t.database.db, organizationName) };
};

/**
 * Leads written straight into the database (for dates and volumes the API cannot set);
 * returns their ids in the given order.
 */
export const insertLeads = async (
  db: Db,
  organizationId: string,
  rows: Partial<LeadSeedRow>[],
): Promise<string[]> => {
  if (rows.length === 0) return [];
  const inserted = await db
    .insert(leads)
    .values(
      rows.map((row) => ({
        companyName: 'Acme',
        personFirstName: 'Ada',
        personLastName: 'Lovelace',
        personEmail: uniqueEmail('seeded'),
        source: 'Referral' as const,
        status: 'Cold Lead' as const,
        ...row,
        organizationId,
      })),
    )
    .returning({ id: leads.id });
  return inserted.map((row) => row.id);
};

export const countLeads = async (db: Db, organizationId?: string): Promise<number> => {
  const [row] = await db
    .select({ n: count() })
    .from(leads)
    .where(organizationId ? eq(leads.organizationId, organizationId) : undefined);
  return row!.n;
};

export const countClients = async (db: Db, organizationId?: string): Promise<number> => {
  const [row] = await db
    .select({ n: count() })
    .from(clients)
    .where(organizationId ? eq(clients.organizationId, organizationId) : undefined);
  return row!.n;
};

export const countActivity = async (db: Db): Promise<number> => {
  const [row] = await db.select({ n: count() }).from(activityLog);
  return row!.n;
};

/** The newest activity entry of an organisation, as stored. */
export const latestActivity = async (db: Db, organizationId: string) => {
  const [row] = await db
    .select()
    .from(activityLog)
    .where(eq(activityLog.organizationId, organizationId))
    .orderBy(desc(activityLog.createdAt))
    .limit(1);
  return row;
};

/** Where the test SMTP server listens and how to log in. */
export type SmtpEndpoint = { host: string; port: number; user: string; password: string };

/** Saves the user's SMTP settings through the API (the server logs in first). */
export const configureSmtp = async (
  t: TestContext,
  token: string,
  smtp: SmtpEndpoint,
  dailyLimit?: number,
) => {
  const response = await t.request({
    method: 'POST',
    url: '/api/email/config',
    token,
    payload: {
      smtp: {
        host: smtp.host,
        port: smtp.port,
        secure: false,
        user: smtp.user,
        pass: smtp.password,
        ...(dailyLimit === undefined ? {} : { dailyLimit }),
      },
    },
  });
  expect(response.statusCode, response.body).toBe(200);
};
