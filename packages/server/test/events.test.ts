import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, gt, max } from 'drizzle-orm';
import type { PublicUser } from '@leadline/shared/auth';
import type { EventType } from '@leadline/shared/events';
import { sentEmails } from '../src/db/schema.ts';
import { events } from '../src/db/tables/integrations.ts';
import { createSecretBox } from '../src/mail/crypto.ts';
import { recordEvent } from '../src/modules/events/record.ts';
import { checkReplies } from '../src/modules/replies/service.ts';
import { TEST_SECRET_KEY, createTestContext, uniqueEmail } from './context.ts';
import type { TestContext } from './context.ts';
import { meetingPayload, schedule } from './calendar-fixtures.ts';
import { createCampaign, sendCampaign, setStatus } from './campaigns-support.ts';
import { bulkPayload, rawHeader, receivedBy, runBulk } from './email-bulk-support.ts';
import { adminOf, callAs, createLead, insertLeads } from './fixtures.ts';
import type { OrganisationAdmin } from './fixtures.ts';
import {
  REJECTED_PREFIX,
  appendToInbox,
  formData,
  startImapServer,
  startSmtpServer,
} from './mail-servers.ts';
import type { TestImapServer, TestSmtpServer } from './mail-servers.ts';
import { uploadAndWait } from './upload.ts';

let t: TestContext;
let smtp: TestSmtpServer;
let imap: TestImapServer;
let acme: OrganisationAdmin;
let rep: { user: PublicUser; token: string };
const box = createSecretBox(TEST_SECRET_KEY);

beforeAll(async () => {
  [t, smtp, imap] = await Promise.all([
    createTestContext(),
    startSmtpServer({ password: 'smtp-events-pass-7w' }),
    startImapServer({ password: 'imap-events-pass-3z' }),
  ]);
  acme = await adminOf(t, 'acme-events');
  rep = await t.createUser({ role: 'Sales Rep', organizationName: 'acme-events', name: 'Rae Rep' });
  const config = await callAs(t, acme.token, 'POST', '/api/email/config', {
    smtp: { host: smtp.host, port: smtp.port, user: smtp.user, pass: smtp.password },
    imap: { host: imap.host, port: imap.port, user: imap.user, pass: imap.password },
  });
  expect(config.statusCode, config.body).toBe(200);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await smtp?.stop();
  await imap?.stop();
});

type Event = typeof events.$inferSelect;

const lastSeq = async (): Promise<number> => {
  const [row] = await t.database.db.select({ seq: max(events.seq) }).from(events);
  return row?.seq ?? 0;
};

/** The events written after `seq`, oldest first. */
const eventsAfter = (seq: number): Promise<Event[]> =>
  t.database.db.select().from(events).where(gt(events.seq, seq)).orderBy(asc(events.seq));

/** Runs `change` and answers the events it wrote. */
const written = async (change: () => Promise<unknown>): Promise<Event[]> => {
  const before = await lastSeq();
  await change();
  return eventsAfter(before);
};

const ofType = (list: readonly Event[], type: EventType) =>
  list.filter((event) => event.type === type);

/** Exactly one event, of this type, in the organisation, about `subjectId`. */
const expectOnly = (list: readonly Event[], type: EventType, subjectId: string): Event => {
  expect(list.map((event) => event.type)).toEqual([type]);
  const [event] = list;
  expect(event).toMatchObject({ type, organizationId: acme.organizationId, subjectId });
  expect(event!.id).toMatch(/^[0-9a-f-]{36}$/);
  expect(event!.occurredAt).toBeInstanceOf(Date);
  return event!;
};

const expectOk = (response: { statusCode: number; body: string }, status = 200) =>
  expect(response.statusCode, response.body).toBe(status);

describe('lead events', () => {
  it('lead.created: a lead made through the form, with the lead as the API shows it', async () => {
    let lead: Record<string, unknown> = {};
    const list = await written(async () => {
      lead = await createLead(t, rep.token, { personEmail: uniqueEmail('created') });
    });
    const event = expectOnly(list, 'lead.created', lead._id as string);
    expect(event.leadId).toBe(lead._id);
    expect(event.actorId).toBe(rep.user._id);
    expect(event.data).toEqual({ lead });
    expect(event.depth).toBe(0);
  });

  it('lead.updated, lead.status_changed and lead.owner_changed from one edit', async () => {
    const lead = await createLead(t, rep.token);
    let body: Record<string, unknown> = {};
    const list = await written(async () => {
      const response = await callAs(t, acme.token, 'PUT', `/api/leads/${lead._id}`, {
        status: 'Qualified',
        ownerId: acme.user._id,
        notes: 'Met at the fair',
      });
      expectOk(response);
      body = response.json();
    });
    expect(list.map((event) => event.type)).toEqual([
      'lead.updated',
      'lead.status_changed',
      'lead.owner_changed',
    ]);
    expect(list[0]!.data).toEqual({ lead: body });
    expect(list[1]!.data).toEqual({ lead: body, previousStatus: lead.status });
    expect(list[2]!.data).toEqual({ lead: body, previousOwnerId: rep.user._id });
    expect(list.every((event) => event.actorId === acme.user._id)).toBe(true);
  });

  it('lead.status_changed from the status route and from a pipeline move', async () => {
    const lead = await createLead(t, rep.token);
    const viaStatus = await written(async () =>
      expectOk(
        await callAs(t, rep.token, 'PATCH', `/api/leads/${lead._id}/status`, {
          status: 'Hot Lead',
        }),
      ),
    );
    const first = expectOnly(viaStatus, 'lead.status_changed', lead._id);
    expect(first.data).toMatchObject({
      lead: { _id: lead._id, status: 'Hot Lead' },
      previousStatus: lead.status,
    });
    const viaBoard = await written(async () =>
      expectOk(
        await callAs(t, acme.token, 'PATCH', `/api/pipeline/leads/${lead._id}`, {
          status: 'Qualified',
        }),
      ),
    );
    const second = expectOnly(viaBoard, 'lead.status_changed', lead._id);
    expect(second.data).toMatchObject({
      lead: { status: 'Qualified' },
      previousStatus: 'Hot Lead',
    });
  });

  it('writes nothing for a refused or failed change (4xx, rolled back)', async () => {
    const lead = await createLead(t, rep.token);
    const list = await written(async () => {
      // Invalid input, a duplicate address (the insert fails in the transaction), an owner
      // from nowhere, another user's lead for a rep.
      expect(
        (await callAs(t, rep.token, 'POST', '/api/leads', { companyName: '' })).statusCode,
      ).toBe(400);
      const duplicate = await callAs(t, rep.token, 'POST', '/api/leads', {
        companyName: 'Acme',
        personFirstName: 'Dup',
        personLastName: 'Licate',
        personEmail: lead.personEmail,
        source: 'Referral',
      });
      expect(duplicate.statusCode).toBe(409);
      const badOwner = await callAs(t, acme.token, 'PUT', `/api/leads/${lead._id}`, {
        ownerId: '00000000-0000-4000-8000-000000000000',
      });
      expect(badOwner.statusCode).toBe(400);
      const adminLead = await createLead(t, acme.token);
      const before = await lastSeq();
      const foreign = await callAs(t, rep.token, 'PATCH', `/api/leads/${adminLead._id}/status`, {
        status: 'Hot Lead',
      });
      expect(foreign.statusCode).toBe(403);
      expect(await eventsAfter(before)).toEqual([]);
    });
    // Only the admin's lead of the last step was written.
    expect(list.map((event) => event.type)).toEqual(['lead.created']);
    // An event written in a transaction that rolls back is gone with it.
    const rolledBack = await written(() =>
      t.database.db
        .transaction(async (tx) => {
          await recordEvent(tx, {
            organizationId: acme.organizationId,
            type: 'lead.updated',
            subjectId: lead._id,
            data: {},
          });
          throw new Error('roll back');
        })
        .catch(() => undefined),
    );
    expect(rolledBack).toEqual([]);
  });

  it('bulk assign and bulk delete write one event per lead', async () => {
    const leads = await Promise.all([1, 2, 3].map(() => createLead(t, rep.token)));
    const ids = leads.map((lead) => lead._id);
    const assigned = await written(async () =>
      expectOk(
        await callAs(t, acme.token, 'POST', '/api/leads/bulk-assign', {
          leadIds: ids,
          ownerId: acme.user._id,
        }),
      ),
    );
    expect(ofType(assigned, 'lead.owner_changed')).toHaveLength(3);
    expect(assigned).toHaveLength(3);
    for (const event of assigned) {
      expect(ids).toContain(event.subjectId);
      expect(event.data).toMatchObject({
        lead: { ownerId: acme.user._id },
        previousOwnerId: rep.user._id,
      });
    }
    const deleted = await written(async () =>
      expectOk(
        await callAs(t, acme.token, 'POST', '/api/leads/bulk-delete', { leadIds: ids.slice(0, 2) }),
      ),
    );
    expect(deleted.map((event) => event.type)).toEqual(['lead.deleted', 'lead.deleted']);
    expect(deleted.map((event) => event.subjectId).sort()).toEqual(ids.slice(0, 2).sort());
    const one = await written(async () =>
      expectOk(await callAs(t, acme.token, 'DELETE', `/api/leads/${ids[2]}`)),
    );
    expect(expectOnly(one, 'lead.deleted', ids[2]!).data).toMatchObject({
      lead: { _id: ids[2] },
    });
  });

  it('converting a lead into a client writes lead.updated with its client', async () => {
    const lead = await createLead(t, rep.token);
    let clientId = '';
    const list = await written(async () => {
      const response = await callAs(t, acme.token, 'POST', `/api/leads/${lead._id}/convert`, {});
      expectOk(response, 201);
      clientId = response.json().client._id;
    });
    const event = expectOnly(list, 'lead.updated', lead._id);
    expect(event.data).toMatchObject({ lead: { _id: lead._id, clientId } });
  });

  it('an import of N rows writes N lead.created (duplicates and bad rows none)', async () => {
    const existing = await createLead(t, acme.token);
    const rows = [1, 2, 3, 4, 5].map(
      (n) => `Acme,Imp${n},Orted,${uniqueEmail(`imp${n}`)},Referral`,
    );
    const csv = [
      'Company Name,First Name,Last Name,Email,Source',
      ...rows,
      `Acme,Dup,Row,${existing.personEmail},Referral`,
      'Acme,Bad,Row,not-an-email,Referral',
    ].join('\n');
    const list = await written(async () => {
      const result = await uploadAndWait(t, acme.token, '/api/leads/upload', 'leads.csv', csv);
      expect(result).toMatchObject({ status: 'completed', inserted: 5 });
    });
    const created = ofType(list, 'lead.created');
    expect(created).toHaveLength(5);
    expect(list).toHaveLength(5);
    expect(new Set(created.map((event) => event.subjectId)).size).toBe(5);
    for (const event of created) {
      expect(event).toMatchObject({ organizationId: acme.organizationId, actorId: acme.user._id });
      expect(event.data).toMatchObject({
        lead: { _id: event.subjectId, personLastName: 'Orted', ownerId: acme.user._id },
      });
    }
  });

  it('deleting a user hands their leads over with lead.owner_changed', async () => {
    const leaving = await t.createUser({ role: 'Sales Rep', organizationName: 'acme-events' });
    const theirs = await Promise.all([1, 2].map(() => createLead(t, leaving.token)));
    const list = await written(async () =>
      expectOk(
        await callAs(
          t,
          acme.token,
          'DELETE',
          `/api/users/${leaving.user._id}?successorId=${acme.user._id}`,
        ),
      ),
    );
    const changed = ofType(list, 'lead.owner_changed');
    expect(changed.map((event) => event.subjectId).sort()).toEqual(
      theirs.map((lead) => lead._id).sort(),
    );
    for (const event of changed)
      expect(event.data).toMatchObject({
        lead: { ownerId: acme.user._id },
        previousOwnerId: leaving.user._id,
      });
  });
});

describe('email events', () => {
  it('email.sent for a single send, with the email as the history shows it', async () => {
    const lead = await createLead(t, acme.token, { personEmail: uniqueEmail('single') });
    const list = await written(async () =>
      expectOk(
        await t.request({
          method: 'POST',
          url: `/api/leads/${lead._id}/send-mail`,
          token: acme.token,
          ...formData({ subject: 'Hello there', body: '<p>Hello from acme.</p>' }),
        }),
      ),
    );
    const [event] = list;
    const history = await callAs(t, acme.token, 'GET', `/api/leads/${lead._id}/emails`);
    expectOk(history);
    const shown = (history.json().emails ?? history.json()) as { _id: string }[];
    expect(shown).toHaveLength(1);
    expectOnly(list, 'email.sent', shown[0]!._id);
    expect(event!.leadId).toBe(lead._id);
    expect(event!.actorId).toBe(acme.user._id);
    // The history adds the email's tracking (its counts change after sending; events do not).
    const { tracked: _t, opens: _o, clicks: _c, ...email } = shown[0] as Record<string, unknown>;
    expect(event!.data).toEqual({ email: { ...email, leadId: lead._id } });
  });

  it('email.sent per accepted bulk email; a refused address writes email.bounced instead', async () => {
    const addresses = [uniqueEmail('bulk-a'), uniqueEmail('bulk-b'), `${REJECTED_PREFIX}@x.test`];
    const ids = await insertLeads(
      t.database.db,
      acme.organizationId,
      addresses.map((personEmail) => ({ personEmail })),
    );
    const list = await written(async () => {
      const job = await runBulk(t, acme.token, bulkPayload(ids));
      expect(job.sent).toBe(2);
    });
    const sent = ofType(list, 'email.sent');
    expect(sent.map((event) => event.leadId).sort()).toEqual(ids.slice(0, 2).sort());
    expect(sent.every((event) => (event.data.email as { via: string }).via === 'bulk')).toBe(true);
    // A run's events are built in SQL (emailSentEventsSql): the same email as the history shows,
    // with the body as it was sent (the history cleans it for display).
    for (const event of sent) {
      const history = await callAs(t, acme.token, 'GET', `/api/leads/${event.leadId}/emails`);
      const [shownEntry] = (history.json().emails ?? history.json()) as { _id: string }[];
      const {
        tracked: _t,
        opens: _o,
        clicks: _c,
        ...entry
      } = shownEntry as {
        _id: string;
        [key: string]: unknown;
      };
      const stored = await t.database.executeSql(
        'SELECT body_html FROM sent_emails WHERE id = $1',
        [entry._id],
      );
      expect(event.data).toEqual({
        email: {
          ...entry,
          bodyHtml: (stored.rows[0] as { body_html: string }).body_html,
          leadId: event.leadId,
        },
      });
    }
    const bounced = ofType(list, 'email.bounced');
    expect(bounced).toHaveLength(1);
    expect(bounced[0]).toMatchObject({ leadId: ids[2], organizationId: acme.organizationId });
    expect(bounced[0]!.data).toMatchObject({
      email: { to: addresses[2], leadId: ids[2] },
      bounce: { kind: 'hard', source: 'refusal', counted: 'hard' },
    });
  });

  it('email.replied when a reply is recorded, carrying the email and the reply', async () => {
    const address = uniqueEmail('replier');
    const [leadId] = await insertLeads(t.database.db, acme.organizationId, [
      { personEmail: address, personFirstName: 'Rex' },
    ]);
    await runBulk(t, acme.token, bulkPayload([leadId!]));
    const [sent] = await t.database.db
      .select()
      .from(sentEmails)
      .where(eq(sentEmails.leadId, leadId!));
    // IMAP dates have whole seconds: the reply arrives in a later second than the email.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const list = await written(async () => {
      const raw = [
        `From: Rex <${address}>`,
        `To: ${imap.user}`,
        `Date: ${new Date().toUTCString()}`,
        'Subject: Re: Hello Rex',
        `Message-ID: <reply-${leadId}@lead.test>`,
        `In-Reply-To: ${sent!.messageId}`,
        'Content-Type: text/plain; charset=utf-8',
        '',
        'Yes, please call me.',
        '',
      ].join('\r\n');
      await appendToInbox(imap, [raw]);
      const result = await checkReplies(t.database.db, box, acme.user._id);
      expect(result).toMatchObject({ found: 1 });
    });
    expect(list).toHaveLength(1);
    const [event] = list;
    expect(event).toMatchObject({
      type: 'email.replied',
      organizationId: acme.organizationId,
      leadId,
      actorId: null,
    });
    expect(event!.data).toMatchObject({
      leadId,
      email: { _id: sent!.id, kind: 'sent', via: 'bulk', leadId, to: address },
      reply: { _id: event!.subjectId, kind: 'reply', subject: 'Re: Hello Rex' },
    });
  });
});

describe('unsubscribe, campaign and meeting events', () => {
  it('lead.unsubscribed from the link in a bulk email and from the suppression list', async () => {
    const [first, second] = [uniqueEmail('unsub-a'), uniqueEmail('unsub-b')];
    const ids = await insertLeads(t.database.db, acme.organizationId, [
      { personEmail: first },
      { personEmail: second },
    ]);
    const start = smtp.messages.length;
    await runBulk(t, acme.token, bulkPayload([ids[0]!]));
    const [message] = await receivedBy(smtp.messages.slice(start), first);
    const path = new URL(rawHeader(message!, 'List-Unsubscribe')!.slice(1, -1)).pathname;
    const viaLink = await written(async () => {
      expectOk(await t.request({ method: 'POST', url: path }));
      // Repeating it changes nothing and writes nothing more.
      expectOk(await t.request({ method: 'POST', url: path }));
    });
    const event = expectOnly(viaLink, 'lead.unsubscribed', ids[0]!);
    expect(event.actorId).toBeNull();
    expect(event.data).toMatchObject({ lead: { _id: ids[0], personEmail: first } });
    const viaList = await written(async () =>
      expectOk(
        await callAs(t, acme.token, 'POST', '/api/suppression', {
          entries: [second],
          reason: 'unsubscribed',
        }),
        201,
      ),
    );
    expect(expectOnly(viaList, 'lead.unsubscribed', ids[1]!).actorId).toBe(acme.user._id);
  });

  it('campaign.status_changed on start, pause and resume, with the campaign', async () => {
    const lead = await createLead(t, acme.token);
    const campaign = await createCampaign(t, acme.token, {
      type: 'call',
      name: 'Call round',
      emailSubject: '',
      emailBody: '',
      leads: [lead._id],
    });
    const started = await written(async () =>
      expectOk(await sendCampaign(t, acme.token, campaign._id)),
    );
    expect(expectOnly(started, 'campaign.status_changed', campaign._id).data).toMatchObject({
      campaign: { _id: campaign._id, status: 'active', name: 'Call round' },
      previousStatus: 'draft',
    });
    const paused = await written(async () =>
      expectOk(await setStatus(t, acme.token, campaign._id, 'paused')),
    );
    expect(expectOnly(paused, 'campaign.status_changed', campaign._id).data).toMatchObject({
      campaign: { status: 'paused' },
      previousStatus: 'active',
    });
    const refused = await written(async () =>
      expect((await setStatus(t, acme.token, campaign._id, 'paused')).statusCode).toBe(409),
    );
    expect(refused).toEqual([]);
    const resumed = await written(async () =>
      expectOk(await setStatus(t, acme.token, campaign._id, 'active')),
    );
    expect(expectOnly(resumed, 'campaign.status_changed', campaign._id).data).toMatchObject({
      campaign: { status: 'active' },
      previousStatus: 'paused',
    });
  });

  it('meeting.scheduled and meeting.cancelled (invitations write no email.sent)', async () => {
    let scheduled: Awaited<ReturnType<typeof schedule>> | undefined;
    const created = await written(async () => {
      scheduled = await schedule(t, acme.token, { attendees: [uniqueEmail('guest')] });
    });
    const meetingId = scheduled!.meeting._id;
    const event = expectOnly(created, 'meeting.scheduled', meetingId);
    expect(event.actorId).toBe(acme.user._id);
    const shown = await callAs(t, acme.token, 'GET', `/api/calendar/${meetingId}`);
    expectOk(shown);
    const meeting = event.data.meeting as Record<string, unknown>;
    expect(meeting).toMatchObject({ _id: meetingId, topic: meetingPayload().topic });
    const moved = await written(async () =>
      expectOk(
        await callAs(
          t,
          acme.token,
          'PUT',
          `/api/calendar/${meetingId}`,
          meetingPayload({ startTime: '14:00', endTime: '15:00', attendees: [] }),
        ),
      ),
    );
    expect(expectOnly(moved, 'meeting.scheduled', meetingId).data).toMatchObject({
      rescheduled: true,
    });
    const cancelled = await written(async () =>
      expectOk(await callAs(t, acme.token, 'DELETE', `/api/calendar/${meetingId}`)),
    );
    expect(expectOnly(cancelled, 'meeting.cancelled', meetingId).data).toMatchObject({
      meeting: { _id: meetingId },
    });
  });

  it('every event of the organisation names it, and none names another', async () => {
    const rows = await t.database.db
      .select({ organizationId: events.organizationId })
      .from(events)
      .where(and(eq(events.actorId, acme.user._id)));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.organizationId === acme.organizationId)).toBe(true);
  });
});
