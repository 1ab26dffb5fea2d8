import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { encodeOrganizationHeader } from '@leadline/shared/organization';
import { activityLog, leads, organizations, users } from '../src/db/schema.ts';
import { PASSWORD, ROOT_EMAIL, createTestContext } from './context.ts';
import type { TestContext } from './context.ts';
import { bulkPayload, openWithSmtp, receivedBy } from './email-bulk-support.ts';
import {
  adminOf,
  configureSmtp,
  insertLeads,
  leadPayload,
  openTwoOrganisations,
} from './fixtures.ts';
import type { OrganisationAdmin } from './fixtures.ts';
import type { TestSmtpServer } from './mail-servers.ts';

const HEADER = 'x-organization';

/** The entries written about one record: their organisation and author. */
const entriesAbout = (t: TestContext, entityId: string) =>
  t.database.db
    .select({ organizationId: activityLog.organizationId, userId: activityLog.userId })
    .from(activityLog)
    .where(eq(activityLog.entityId, entityId));

const rootId = async (t: TestContext) => {
  const [row] = await t.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, ROOT_EMAIL));
  return row!.id;
};

const postLead = (t: TestContext, token: string, organization?: string) =>
  t.request({
    method: 'POST',
    url: '/api/leads',
    token,
    payload: leadPayload(),
    ...(organization === undefined ? {} : { headers: { [HEADER]: organization } }),
  });

describe('the first administrator and the company', () => {
  it('creates the organisation with the Super Admin, who then works in it without a header', async () => {
    const fresh = await createTestContext({ withRoot: false });
    try {
      const created = await fresh.request({
        method: 'POST',
        url: '/api/auth/setup',
        payload: {
          name: 'First',
          email: 'first@example.com',
          password: PASSWORD,
          organizationName: '  Acme Corp ',
        },
      });
      expect(created.statusCode).toBe(201);
      // A Super Admin still belongs to no organisation: they work in any of them.
      expect(created.json().user).toMatchObject({ role: 'Super Admin', organization: null });
      const token = created.json().token as string;
      const listed = await fresh.request({ method: 'GET', url: '/api/organizations', token });
      expect(listed.json()).toEqual([{ _id: expect.any(String), name: 'acme-corp', users: 0 }]);

      const steps = () =>
        fresh
          .request({ method: 'GET', url: '/api/organizations/getting-started', token })
          .then((response) => response.json());
      expect(await steps()).toEqual({
        organization: 'acme-corp',
        mailbox: false,
        leads: false,
        teammate: false,
      });

      // Exactly one organisation: chosen without a header, so the first lead just works.
      const lead = await postLead(fresh, token);
      expect(lead.statusCode).toBe(201);
      const [stored] = await fresh.database.db
        .select({ organization: organizations.name })
        .from(leads)
        .innerJoin(organizations, eq(organizations.id, leads.organizationId))
        .where(eq(leads.id, lead.json()._id));
      expect(stored).toEqual({ organization: 'acme-corp' });

      const signup = await fresh.request({
        method: 'POST',
        url: '/api/auth/signup',
        token,
        payload: {
          name: 'Team Mate',
          email: 'mate@example.com',
          password: PASSWORD,
          role: 'Sales Rep',
          organizationName: 'acme-corp',
        },
      });
      expect(signup.statusCode).toBe(201);
      expect(await steps()).toMatchObject({ leads: true, teammate: true, mailbox: false });

      // A refused second form creates no organisation (one transaction).
      const again = await fresh.request({
        method: 'POST',
        url: '/api/auth/setup',
        payload: {
          name: 'Two',
          email: 'two@example.com',
          password: PASSWORD,
          organizationName: 'Other',
        },
      });
      expect(again.statusCode).toBe(409);
      const names = await fresh.database.db
        .select({ name: organizations.name })
        .from(organizations);
      expect(names).toEqual([{ name: 'acme-corp' }]);
    } finally {
      await fresh.close();
    }
  });
});

describe('X-Organization', () => {
  let t: TestContext;
  let acme: OrganisationAdmin;
  let globex: OrganisationAdmin;
  let root: string;

  beforeAll(async () => {
    ({ t, acme, globex } = await openTwoOrganisations());
    root = await t.rootToken();
  });
  afterAll(() => t.close());

  it('with several organisations and no header: reads cover all, actions ask to choose', async () => {
    const refused = await postLead(t, root);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Choose an organisation in the header to manage leads');
    const clients = await t.request({ method: 'GET', url: '/api/clients', token: root });
    expect(clients.json().message).toBe('Choose an organisation in the header to manage clients');
    const dashboard = await t.request({ method: 'GET', url: '/api/dashboard', token: root });
    expect(dashboard.statusCode).toBe(200);
  });

  it('lets a Super Admin act in the organisation it names, logged there under their name', async () => {
    const created = await postLead(t, root, 'globex');
    expect(created.statusCode).toBe(201);
    const id = created.json()._id as string;
    const read = (token: string) =>
      t.request({ method: 'GET', url: `/api/leads/${id}`, token }).then((r) => r.statusCode);
    expect(await read(globex.token)).toBe(200);
    expect(await read(acme.token)).toBe(404);
    expect(await entriesAbout(t, id)).toEqual([
      { organizationId: globex.organizationId, userId: await rootId(t) },
    ]);
    // The organisation's own activity log shows it.
    const activity = await t.request({ method: 'GET', url: '/api/activity', token: globex.token });
    expect(activity.json()[0]).toMatchObject({ type: 'Lead', action: 'created' });

    // Reads follow the header: the dashboard counts that organisation's leads only.
    const globexOnly = await t.request({
      method: 'GET',
      url: '/api/leads',
      token: root,
      headers: { [HEADER]: 'globex' },
    });
    expect(globexOnly.json().leads.map((lead: { _id: string }) => lead._id)).toEqual([id]);
  });

  it('names an unknown organisation in a 400', async () => {
    const response = await postLead(t, root, 'Initech');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('There is no organisation named “initech”');
    const malformed = await postLead(t, root, '100%');
    expect(malformed.json().message).toBe('There is no organisation named “100%”');
  });

  it('accepts a percent-encoded name outside ASCII', async () => {
    const zurich = await adminOf(t, 'zürich-café');
    const response = await postLead(t, root, encodeOrganizationHeader('Zürich Café'));
    expect(response.statusCode).toBe(201);
    const listed = await t.request({ method: 'GET', url: '/api/leads', token: zurich.token });
    expect(listed.json().total).toBe(1);
  });

  it('refuses another organisation to a user of one, and accepts their own', async () => {
    const other = await postLead(t, acme.token, 'globex');
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe(
      'You do not have permission to work in the organisation “globex”.',
    );
    expect((await postLead(t, acme.token, 'ACME')).statusCode).toBe(201);
  });

  it('leaves mail settings personal', async () => {
    const config = await t.request({
      method: 'GET',
      url: '/api/email/config',
      token: root,
      headers: { [HEADER]: 'no-such-organisation' },
    });
    expect(config.statusCode).toBe(200);
  });

  it('lists every organisation to a Super Admin, and their own to anyone else', async () => {
    const all = await t.request({ method: 'GET', url: '/api/organizations', token: root });
    expect(all.json()).toEqual([
      { _id: acme.organizationId, name: 'acme', users: 1 },
      { _id: globex.organizationId, name: 'globex', users: 1 },
      { _id: expect.any(String), name: 'zürich-café', users: 1 },
    ]);
    const own = await t.request({ method: 'GET', url: '/api/organizations', token: acme.token });
    expect(own.json()).toEqual([{ _id: acme.organizationId, name: 'acme', users: 1 }]);
  });
});

describe('a Super Admin sending in an organisation', () => {
  let t: TestContext;
  let smtp: TestSmtpServer;
  let globex: OrganisationAdmin;

  beforeAll(async () => {
    ({ t, smtp, globex } = await openWithSmtp('smtp-sa-pass-Qx7', ['acme-sa', 'globex-sa']));
    await configureSmtp(t, await t.rootToken(), smtp);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });

  it('runs a bulk email to that organisation’s leads from their own mailbox', async () => {
    const email = 'sa-bulk-lead@example.com';
    const [leadId] = await insertLeads(t.database.db, globex.organizationId, [
      { personFirstName: 'Gus', personEmail: email },
    ]);
    const root = await t.rootToken();
    const headers = { [HEADER]: 'globex-sa' };
    const started = await t.request({
      method: 'POST',
      url: '/api/email/bulk',
      token: root,
      headers,
      payload: bulkPayload([leadId!]),
    });
    expect(started.statusCode, started.body).toBe(202);
    const { jobId } = started.json() as { jobId: string };
    let job: { status: string; sent: number } = { status: 'running', sent: 0 };
    while (job.status === 'running') {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const response = await t.request({
        method: 'GET',
        url: `/api/email/bulk/${jobId}`,
        token: root,
        headers,
      });
      job = response.json();
    }
    expect(job).toMatchObject({ status: 'completed', sent: 1 });
    expect((await receivedBy(smtp.messages, email)).length).toBe(1);
  });
});
