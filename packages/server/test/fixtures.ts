import { expect } from 'vitest';
import { and, count, desc, eq } from 'drizzle-orm';
import type { PublicUser } from '@leadline/shared/auth';
import type { ClientInput } from '@leadline/shared/clients';
import type { CustomField } from '@leadline/shared/custom-fields';
import type { LeadInput } from '@leadline/shared/leads';
import type { Db } from '../src/db/connection.ts';
import { activityLog, clients, leads, mailAccounts, organizations } from '../src/db/schema.ts';
import type { LeadSeedRow } from '../src/modules/leads/repo.ts';
import { toPublicUser } from '../src/modules/users/present.ts';
import { findUserByEmail } from '../src/modules/users/store.ts';
import type { SystemMessage } from '../src/modules/system-mail/mailer.ts';
import { PASSWORD, TEST_PUBLIC_URL, createTestContext, uniqueEmail } from './context.ts';
import type { TestContext } from './context.ts';
import { smtpSettingsOf } from './mail-servers.ts';

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

/** What `adminOf` answers: the Admin, their token and their organisation's id. */
export type OrganisationAdmin = Awaited<ReturnType<typeof adminOf>>;

/**
 * A test context whose code and sign-in limits follow the clock `now` (two-step codes), with
 * the product's own mail (reset links, notices) kept in `sent`.
 */
export const createClockedContext = (now: () => number, sent: SystemMessage[]) =>
  createTestContext({
    limits: {
      signin: { max: 10_000, timeWindow: 60_000 },
      signup: { max: 10_000, timeWindow: 60_000 },
      now,
    },
    systemMail: {
      mailer: { send: async (message) => void sent.push(message) },
      publicUrl: TEST_PUBLIC_URL,
    },
  });

/** A fresh test context with Admins of two new organisations, 'acme' and 'globex'. */
export const openTwoOrganisations = async () => {
  const t = await createTestContext();
  try {
    return { t, acme: await adminOf(t, 'acme'), globex: await adminOf(t, 'globex') };
  } catch (error) {
    await t.close();
    throw error;
  }
};

/** POSTs each bad body to `url` as `token`; expects a 400 whose `errors[field]` is the message. */
export const expectFieldErrors = async (
  t: TestContext,
  token: string,
  url: string,
  cases: [payload: unknown, field: string, message: string][],
) => {
  for (const [payload, field, message] of cases) {
    const response = await t.request({ method: 'POST', url, token, payload: payload as object });
    expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
    expect(response.json().errors[field], field).toBe(message);
  }
};

/** DELETEs `url` as the Admin; expects a 200 with `message` and a 'deleted' entry, `details`. */
export const expectDeleted = async (
  t: TestContext,
  admin: OrganisationAdmin,
  url: string,
  message: string,
  details: string,
) => {
  const response = await t.request({ method: 'DELETE', url, token: admin.token });
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual({ message });
  expect(await latestActivity(t.database.db, admin.organizationId)).toMatchObject({
    action: 'deleted',
    details,
  });
};

/** One request as `token`, with a JSON body when given. */
export const callAs = (
  t: TestContext,
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) => t.request({ method, url, token, ...(payload ? { payload } : {}) });

/** A request to send: method, URL and, for a body, its payload. */
export type Call = readonly [
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
];

/** Sends each call as `token` (none: anonymous); expects every answer's status (and message). */
export const expectAnswers = async (
  t: TestContext,
  token: string | undefined,
  calls: readonly Call[],
  status: number,
  message?: string,
) => {
  for (const [method, url, payload] of calls) {
    const response = await t.request({
      method,
      url,
      token,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    expect(response.statusCode, `${method} ${url}`).toBe(status);
    if (message !== undefined) expect(response.json().message).toBe(message);
  }
};

/** A body and the status and message it must be refused with. */
export type Refusal = [payload: unknown, status: number, message: unknown];

/** Sends each body with `method` to `url` as `token`; expects each case's status and message. */
export const expectRefusals = async (
  t: TestContext,
  token: string,
  method: 'POST' | 'PUT',
  url: string,
  cases: Refusal[],
) => {
  for (const [payload, status, message] of cases) {
    const response = await t.request({ method, url, token, payload: payload as object });
    expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(status);
    expect(response.json().message).toEqual(message);
  }
};

/** POST /api/auth/signup as `token` (none: self-sign-up): Sales Rep 'A', new email, `fields`. */
export const signup = (
  t: TestContext,
  token: string | undefined,
  fields: Record<string, unknown>,
) =>
  t.request({
    method: 'POST',
    url: '/api/auth/signup',
    token,
    payload: { name: 'A', email: uniqueEmail(), password: PASSWORD, role: 'Sales Rep', ...fields },
  });

/**
 * A `signup` that must answer 201; returns the new user. An anonymous sign-up's answer does not
 * name the user (it is the same for a registered email), so that one is read back by its email.
 */
export const signedUp = async (
  t: TestContext,
  token: string | undefined,
  fields: Record<string, unknown>,
) => {
  const payload = { email: uniqueEmail(), ...fields };
  const response = await signup(t, token, payload);
  expect(response.statusCode, response.body).toBe(201);
  if (token) return response.json().user as PublicUser;
  const row = await findUserByEmail(t.database.db, String(payload.email));
  expect(row, `no user ${String(payload.email)}`).toBeDefined();
  return toPublicUser(row!);
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
        ...smtpSettingsOf(smtp),
        ...(dailyLimit === undefined ? {} : { dailyLimit }),
      },
    },
  });
  expect(response.statusCode, response.body).toBe(200);
};

/** The id of the user's default mailbox. */
export const defaultMailboxId = async (db: Db, userId: string): Promise<string> => {
  const [row] = await db
    .select({ id: mailAccounts.id })
    .from(mailAccounts)
    .where(and(eq(mailAccounts.userId, userId), eq(mailAccounts.isDefault, true)));
  if (!row) throw new Error(`No mailbox for user ${userId}`);
  return row.id;
};

/** POST /api/custom-fields as `token`; the field made (the answer's status checked first). */
export const createCustomField = async (
  t: TestContext,
  token: string,
  body: Record<string, unknown>,
  status = 201,
): Promise<CustomField> => {
  const response = await t.request({
    method: 'POST',
    url: '/api/custom-fields',
    token,
    payload: body,
  });
  expect(response.statusCode, response.body).toBe(status);
  return (response.json() as { field: CustomField }).field;
};
