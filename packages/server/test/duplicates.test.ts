import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { NO_FILTERS } from '@leadline/shared/campaigns';
import type { DuplicatePair } from '@leadline/shared/duplicates';
import { rowsOf } from '../src/db/rows.ts';
import {
  campaignDeliveries,
  campaignLeads,
  campaigns,
  emailReplies,
  events,
  leadNotes,
  leadStatusChanges,
  meetingAttendees,
  meetings,
  sentEmails,
  tasks,
} from '../src/db/tables.ts';
import { LEFT_ALONE, MOVED_COLUMNS } from '../src/modules/duplicates/moves.ts';
import type { TestContext } from './context.ts';
import { MISSING_ID, createLead, insertLeads, openTwoOrganisations } from './fixtures.ts';
import type { OrganisationAdmin } from './fixtures.ts';

/*
 * Duplicates (issue 28, part 3): pairs found by email (Gmail dots and +tags), profile URL,
 * phone digits and name at the same company; the create form's check; keep separate; merge with
 * every kind of related record moving, and its undo putting everything back.
 */

let t: TestContext;
let acme: OrganisationAdmin;
let globex: OrganisationAdmin;

type Counts = Record<
  | 'emails'
  | 'replies'
  | 'notes'
  | 'statuses'
  | 'tasks'
  | 'enrolments'
  | 'deliveries'
  | 'meetings'
  | 'history',
  number
>;

const call = async (
  method: 'GET' | 'POST',
  url: string,
  payload?: object | string,
  token = acme.token,
) => t.request({ method, url, token, ...(payload === undefined ? {} : { payload }) });

const pairsOf = async (token = acme.token) => {
  const response = await call('GET', '/api/duplicates?entity=lead', undefined, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { pairs: DuplicatePair[]; total: number; sameEmail: number };
};

const emailsOfPairs = (pairs: DuplicatePair[]) =>
  pairs.map((pair) => [pair.a.personEmail, pair.b.personEmail, pair.reasons.join('+')]);

beforeAll(async () => {
  ({ t, acme, globex } = await openTwoOrganisations());
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('finding duplicates', () => {
  it('pairs leads by email, profile URL, phone and name at the company, with why', async () => {
    const db = t.database.db;
    const old = new Date('2026-01-01T00:00:00Z');
    const later = new Date('2026-02-01T00:00:00Z');
    await insertLeads(db, acme.organizationId, [
      {
        personEmail: 'john.doe+news@gmail.com',
        personFirstName: 'John',
        personLastName: 'Doe',
        createdAt: old,
      },
      {
        personEmail: 'johndoe@googlemail.com',
        personFirstName: 'Johnny',
        personLastName: 'Doe',
        createdAt: later,
      },
      {
        personEmail: 'marta@kowalski.example',
        personFirstName: 'Marta',
        personLastName: 'Kowalski',
        personLinkedin: 'https://www.linkedin.com/in/marta-k/',
        createdAt: old,
      },
      {
        personEmail: 'm.k@other.example',
        personFirstName: 'M.',
        personLastName: 'Kowalski',
        personLinkedin: 'linkedin.com/in/Marta-K?trk=1',
        createdAt: later,
      },
      {
        personEmail: 'p1@phone.example',
        personLastName: 'Phone',
        phone: '+49 30 1234 5678',
        createdAt: old,
      },
      {
        personEmail: 'p2@phone.example',
        personLastName: 'Fone',
        phone: '0049 (30) 1234-5678',
        createdAt: later,
      },
      {
        personEmail: 'zoe@acme-site.example',
        personFirstName: 'Zoë',
        personLastName: 'Brandt',
        companySite: 'https://www.acme-site.example',
        createdAt: old,
      },
      {
        personEmail: 'zbrandt@gmail.com',
        personFirstName: 'zoë ',
        personLastName: 'BRANDT',
        companySite: 'acme-site.example/about',
        createdAt: later,
      },
      // Alike in nothing that counts: a short phone, another company.
      { personEmail: 'x1@solo.example', phone: '12345', personLastName: 'Solo', createdAt: old },
    ]);
    await insertLeads(db, globex.organizationId, [
      { personEmail: 'johndoe@gmail.com', personFirstName: 'John' },
    ]);
    const { pairs, total, sameEmail } = await pairsOf();
    expect(emailsOfPairs(pairs)).toEqual(
      expect.arrayContaining([
        ['john.doe+news@gmail.com', 'johndoe@googlemail.com', 'email'],
        ['marta@kowalski.example', 'm.k@other.example', 'profile'],
        ['p1@phone.example', 'p2@phone.example', 'phone'],
        ['zoe@acme-site.example', 'zbrandt@gmail.com', 'name'],
      ]),
    );
    expect(total).toBe(4);
    expect(sameEmail).toBe(1);
    // Strongest first: the same-email pair leads the list.
    expect(pairs[0]!.reasons).toEqual(['email']);
    // Another organisation sees none of them.
    expect((await pairsOf(globex.token)).pairs).toEqual([]);
  });

  it('warns the create form of a lead like one that exists, by the same keys', async () => {
    const query = new URLSearchParams({
      personEmail: 'JohnDoe+x@Gmail.com',
      phone: '+49 30 12345678',
      personFirstName: 'Ada',
      personLastName: 'Nobody',
    });
    const response = await call('GET', `/api/duplicates/check?${query.toString()}`);
    expect(response.statusCode, response.body).toBe(200);
    const matches = response.json().matches as {
      lead: { personEmail: string };
      reasons: string[];
    }[];
    const found = matches.map((m) => [m.lead.personEmail, m.reasons.join('+')]);
    expect(found.sort()).toEqual([
      ['john.doe+news@gmail.com', 'email'],
      ['johndoe@googlemail.com', 'email'],
      ['p1@phone.example', 'phone'],
      ['p2@phone.example', 'phone'],
    ]);
    const none = await call('GET', '/api/duplicates/check?personEmail=new@nowhere.example');
    expect(none.json()).toEqual({ matches: [] });
    const huge = await call('GET', `/api/duplicates/check?personEmail=${'a'.repeat(5000)}`);
    expect(huge.statusCode).toBe(400);
  });

  it('keeps a pair separate: it is not offered again', async () => {
    const before = await pairsOf();
    const phonePair = before.pairs.find((pair) => pair.reasons.includes('phone'))!;
    const kept = await call('POST', '/api/duplicates/keep-separate', {
      aId: phonePair.b._id,
      bId: phonePair.a._id,
    });
    expect(kept.statusCode, kept.body).toBe(200);
    const after = await pairsOf();
    expect(after.total).toBe(before.total - 1);
    expect(after.pairs.some((pair) => pair.reasons.includes('phone'))).toBe(false);
    // Foreign or unknown leads: 404, nothing written.
    const [foreign] = await insertLeads(t.database.db, globex.organizationId, [{}]);
    expect(
      (await call('POST', '/api/duplicates/keep-separate', { aId: phonePair.a._id, bId: foreign }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call('POST', '/api/duplicates/keep-separate', { aId: MISSING_ID, bId: 'nope' }))
        .statusCode,
    ).toBe(400);
  });

  it('finds the same-email pairs among 10,000 imported rows', async () => {
    const db = t.database.db;
    const rows = Array.from({ length: 10_000 }, (_, i) => ({
      personEmail: `bulk${i % 9_000}${i >= 9_000 ? '+dup' : ''}@outlook.com`,
      phone: `+1 555 ${String(1_000_000 + i).slice(1)}`,
      personLastName: `Bulk${i}`,
    }));
    for (let start = 0; start < rows.length; start += 2_000) {
      await insertLeads(db, globex.organizationId, rows.slice(start, start + 2_000));
    }
    // Its time is measured by bench/duplicates.ts, not here.
    const { total, sameEmail } = await pairsOf(globex.token);
    expect(sameEmail).toBe(1_000);
    expect(total).toBe(1_000);
  }, 120_000);
});

describe('merging two leads, and undoing it', () => {
  it('moves every related record to the kept lead, and undo puts all of it back', async () => {
    const db = t.database.db;
    const keep = await createLead(t, acme.token, {
      personFirstName: 'Keep',
      personLastName: 'Er',
      phone: '',
      companyName: 'Kept Co',
    });
    const merge = await createLead(t, acme.token, {
      personFirstName: 'Merge',
      personLastName: 'Me',
      phone: '+44 20 7946 0000',
      personCity: 'London',
      companyName: 'Merged Co',
    });
    const org = acme.organizationId;
    const mail = {
      organizationId: org,
      userId: acme.user._id,
      kind: 'single' as const,
      status: 'sent' as const,
      fromAddress: 'rita@acme.example',
      to: merge.personEmail,
    };
    const [campaign, otherCampaign] = await db
      .insert(campaigns)
      .values([
        { organizationId: org, name: 'Both in it', emailSubject: 'Hi', targetFilters: NO_FILTERS },
        { organizationId: org, name: 'Merged only', emailSubject: 'Hi', targetFilters: NO_FILTERS },
      ])
      .returning({ id: campaigns.id });
    const jobId = campaign!.id;
    const [, mergedEmail, sharedJobEmail] = await db
      .insert(sentEmails)
      .values([
        { ...mail, to: keep.personEmail, leadId: keep._id, subject: 'To keep', messageId: '<k@x>' },
        { ...mail, leadId: merge._id, subject: 'To merge', messageId: '<m@x>' },
        // Step 0 of the campaign went to both: the same job.
        { ...mail, leadId: keep._id, jobId, subject: 'Step 0 kept', messageId: '<j1@x>' },
      ])
      .returning({ id: sentEmails.id });
    const [mergedStep] = await db
      .insert(sentEmails)
      .values({ ...mail, leadId: merge._id, jobId, subject: 'Step 0 merged', messageId: '<j2@x>' })
      .returning({ id: sentEmails.id });
    await db.insert(emailReplies).values({
      organizationId: org,
      leadId: merge._id,
      sentEmailId: mergedEmail!.id,
      fromAddress: merge.personEmail,
      subject: 'Re: To merge',
      messageId: '<r@x>',
      receivedAt: new Date(),
    });
    await db.insert(leadNotes).values([
      { organizationId: org, leadId: merge._id, kind: 'note', body: 'Merged note' },
      { organizationId: org, leadId: merge._id, kind: 'call', body: 'Merged call' },
    ]);
    await db.insert(leadStatusChanges).values({
      organizationId: org,
      leadId: merge._id,
      fromStatus: 'Cold Lead',
      toStatus: 'Warm Lead',
    });
    await db.insert(tasks).values([
      { organizationId: org, title: 'Merged task', dueDate: '2026-12-01', leadId: merge._id },
      // The same campaign's task for both: the kept lead's stays, the merged one is set aside.
      {
        organizationId: org,
        title: 'Kept step',
        dueDate: '2026-12-01',
        leadId: keep._id,
        campaignId: campaign!.id,
      },
      {
        organizationId: org,
        title: 'Merged step',
        dueDate: '2026-12-01',
        leadId: merge._id,
        campaignId: campaign!.id,
      },
    ]);
    await db.insert(campaignLeads).values([
      { campaignId: campaign!.id, leadId: keep._id },
      { campaignId: campaign!.id, leadId: merge._id },
      { campaignId: otherCampaign!.id, leadId: merge._id },
    ]);
    // The merged lead is further along in the shared campaign (step 1 queued): its places win.
    await db.insert(campaignDeliveries).values([
      {
        campaignId: campaign!.id,
        step: 0,
        leadId: keep._id,
        state: 'sent',
        sentEmailId: sharedJobEmail!.id,
      },
      {
        campaignId: campaign!.id,
        step: 0,
        leadId: merge._id,
        state: 'sent',
        sentEmailId: mergedStep!.id,
      },
      { campaignId: campaign!.id, step: 1, leadId: merge._id, state: 'queued' },
      { campaignId: otherCampaign!.id, step: 0, leadId: merge._id, state: 'queued' },
    ]);
    const [meeting] = await db
      .insert(meetings)
      .values({
        organizationId: org,
        topic: 'Intro',
        startsAt: new Date('2026-12-03T09:00:00Z'),
        endsAt: new Date('2026-12-03T10:00:00Z'),
        timeZone: 'UTC',
        uid: 'merge-test@acme.example',
      })
      .returning({ id: meetings.id });
    await db
      .insert(meetingAttendees)
      .values({ meetingId: meeting!.id, email: merge.personEmail, leadId: merge._id });

    const counts = async (leadId: string) => {
      const [row] = rowsOf<Counts>(
        await db.execute(sql`SELECT
          (SELECT count(*)::int FROM sent_emails WHERE lead_id = ${leadId}) AS emails,
          (SELECT count(*)::int FROM email_replies WHERE lead_id = ${leadId}) AS replies,
          (SELECT count(*)::int FROM lead_notes WHERE lead_id = ${leadId}) AS notes,
          (SELECT count(*)::int FROM lead_status_changes WHERE lead_id = ${leadId}) AS statuses,
          (SELECT count(*)::int FROM tasks WHERE lead_id = ${leadId}) AS tasks,
          (SELECT count(*)::int FROM campaign_leads WHERE lead_id = ${leadId}) AS enrolments,
          (SELECT count(*)::int FROM campaign_deliveries WHERE lead_id = ${leadId}) AS deliveries,
          (SELECT count(*)::int FROM meeting_attendees WHERE lead_id = ${leadId}) AS meetings,
          (SELECT count(*)::int FROM activity_log WHERE entity_id = ${leadId}) AS history`),
      );
      return row!;
    };
    const keptBefore = await counts(keep._id);
    const mergedBefore = await counts(merge._id);

    const merged = await call('POST', '/api/leads/merge', {
      keepId: keep._id,
      mergeId: merge._id,
      fields: { companyName: 'merge' },
    });
    expect(merged.statusCode, merged.body).toBe(200);
    const { lead, mergeId } = merged.json();
    // The chosen field, the blanks filled, the rest kept.
    expect(lead).toMatchObject({
      _id: keep._id,
      personEmail: keep.personEmail,
      personFirstName: 'Keep',
      companyName: 'Merged Co',
      phone: '+44 20 7946 0000',
      personCity: 'London',
    });
    expect((await call('GET', `/api/leads/${merge._id}`)).statusCode).toBe(404);
    expect(await counts(keep._id)).toEqual({
      emails: 4,
      replies: 1,
      notes: 2,
      statuses: 1,
      tasks: 2, // the kept campaign task and the merged plain task
      enrolments: 2,
      deliveries: 3, // the merged lead's three: it was further along
      meetings: 1,
      history: keptBefore.history + mergedBefore.history + 1,
    });
    // No step twice: step 0 of the shared campaign is there once.
    const steps = await db
      .select({ step: campaignDeliveries.step })
      .from(campaignDeliveries)
      .where(eq(campaignDeliveries.leadId, keep._id));
    expect(steps.map((s) => s.step).sort()).toEqual([0, 0, 1]);
    const [event] = await db
      .select({ data: events.data })
      .from(events)
      .where(eq(events.type, 'lead.merged'));
    expect(event!.data).toMatchObject({
      lead: { _id: keep._id },
      mergedLead: { _id: merge._id },
      mergeId,
    });
    const recent = await call('GET', '/api/duplicates/merges');
    expect(recent.json().merges[0]).toMatchObject({ id: mergeId, mergedName: 'Merge Me' });

    const undone = await call('POST', `/api/leads/merge/${mergeId}/undo`);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json().restored).toMatchObject({ _id: merge._id, companyName: 'Merged Co' });
    expect(undone.json().kept).toMatchObject({ _id: keep._id, companyName: 'Kept Co', phone: '' });
    expect(await counts(merge._id)).toEqual({ ...mergedBefore, history: mergedBefore.history });
    expect(await counts(keep._id)).toEqual({ ...keptBefore, history: keptBefore.history + 2 });
    const again = await call('POST', `/api/leads/merge/${mergeId}/undo`);
    expect(again.statusCode).toBe(409);
  });

  it('refuses what it must: the same lead, foreign leads, other people’s leads, bad fields', async () => {
    const a = await createLead(t, acme.token);
    const b = await createLead(t, acme.token);
    const [foreign] = await insertLeads(t.database.db, globex.organizationId, [{}]);
    const refusals: [object | string, number][] = [
      [{ keepId: a._id, mergeId: a._id }, 400],
      [{ keepId: a._id, mergeId: foreign }, 404],
      [{ keepId: a._id, mergeId: 'x' }, 400],
      [{ keepId: a._id, mergeId: b._id, fields: { password: 'merge' } }, 400],
      [{ keepId: a._id, mergeId: b._id, fields: { companyName: 'both' } }, 400],
      [{ keepId: a._id }, 400],
      ['not json at all', 415],
    ];
    for (const [payload, status] of refusals) {
      const response = await call('POST', '/api/leads/merge', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
    }
    const rep = await t.createUser({
      role: 'Sales Rep',
      organizationName: 'acme',
      permissions: { leadsTable: true, leadManagement: false },
    } as never);
    const notTheirs = await call(
      'POST',
      '/api/leads/merge',
      { keepId: a._id, mergeId: b._id },
      rep.token,
    );
    expect(notTheirs.statusCode).toBe(403);
    const all = await call('POST', '/api/duplicates/merge-same-email', undefined, rep.token);
    expect(all.statusCode).toBe(403);
    expect((await call('POST', `/api/leads/merge/${MISSING_ID}/undo`)).statusCode).toBe(404);
    expect((await call('POST', '/api/leads/merge/nope/undo')).statusCode).toBe(404);
    // Both still there.
    expect((await call('GET', `/api/leads/${b._id}`)).statusCode).toBe(200);
  });

  it('merges all same-email pairs at once into the older lead, each undoable', async () => {
    const before = await pairsOf();
    expect(before.sameEmail).toBe(1);
    const response = await call('POST', '/api/duplicates/merge-same-email');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().merged).toBe(1);
    const after = await pairsOf();
    expect(after.sameEmail).toBe(0);
    expect(after.total).toBe(before.total - 1);
  });

  it('every column that names a lead is moved by a merge or left alone on purpose', async () => {
    const rows = rowsOf<{ name: string }>(
      await t.database.db.execute(sql`
        SELECT DISTINCT c.relname || '.' || a.attname AS name
        FROM pg_constraint k
        JOIN pg_class c ON c.oid = k.conrelid
        JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = ANY(k.conkey)
        WHERE k.contype = 'f' AND k.confrelid = 'leads'::regclass
        UNION
        SELECT table_name || '.' || column_name FROM information_schema.columns
        WHERE table_schema = current_schema()
          AND column_name IN ('lead_id', 'lead_ids', 'entity_id')`),
    );
    const known = new Set([...MOVED_COLUMNS, ...LEFT_ALONE, 'leads.client_id']);
    expect(rows.map((row) => row.name).filter((name) => !known.has(name))).toEqual([]);
  });
});
