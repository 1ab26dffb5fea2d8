import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, gt, max } from 'drizzle-orm';
import type { ActivityEntry } from '@leadline/shared/activity';
import {
  AUTOMATION_CASCADE_RUNS_MAX,
  AUTOMATION_RULES_FULL,
  AUTOMATION_RULES_MAX,
} from '@leadline/shared/automation';
import type { Automation, AutomationInput, AutomationRun } from '@leadline/shared/automation';
import { ASSIGN_NEEDS_PERMISSION } from '@leadline/shared/leads';
import { automationRuns, events } from '../src/db/tables.ts';
import { CASCADE_LIMIT } from '../src/modules/automation/engine.ts';
import { createCampaign } from './campaigns-support.ts';
import { createTestContext } from './context.ts';
import type { TestContext } from './context.ts';
import { adminOf, createLead } from './fixtures.ts';
import type { LeadBody, OrganisationAdmin } from './fixtures.ts';
import { waitFor } from './wait.ts';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
});

const rule = async (token: string, body: AutomationInput): Promise<Automation> => {
  const response = await t.request({
    method: 'POST',
    url: '/api/automations',
    token,
    payload: body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().automation;
};

const runsOf = async (token: string, id: string): Promise<AutomationRun[]> => {
  const response = await t.request({ method: 'GET', url: `/api/automations/${id}/runs`, token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().runs;
};

/** Every activity entry about a record, newest first (page after page). */
const activityOf = async (token: string, entityId: string): Promise<ActivityEntry[]> => {
  const all: ActivityEntry[] = [];
  for (;;) {
    const before = all.length > 0 ? `&before=${all[all.length - 1]!._id}` : '';
    const response = await t.request({
      method: 'GET',
      url: `/api/activity?entityId=${entityId}&limit=200${before}`,
      token,
    });
    expect(response.statusCode, response.body).toBe(200);
    const page: ActivityEntry[] = response.json();
    all.push(...page);
    if (page.length < 200) return all;
  }
};

const lastSeq = async (): Promise<number> => {
  const [row] = await t.database.db.select({ seq: max(events.seq) }).from(events);
  return row?.seq ?? 0;
};

/** The events written about a lead after `seq`. */
const eventsAfter = (seq: number, leadId: string) =>
  t.database.db
    .select()
    .from(events)
    .where(and(gt(events.seq, seq), eq(events.leadId, leadId)))
    .orderBy(asc(events.seq));

/**
 * Waits until the organisation's rules are settled: no run pending, no event of the
 * organisation left undispatched, and nothing new for a second and a half.
 */
const settled = async (admin: OrganisationAdmin, ids: readonly string[]) => {
  let seen = -1;
  return waitFor(
    async () => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const runs = (await Promise.all(ids.map((id) => runsOf(admin.token, id)))).flat();
      const undispatched = (
        await t.database.db
          .select({ id: events.id, dispatchedAt: events.dispatchedAt })
          .from(events)
          .where(eq(events.organizationId, admin.organizationId))
      ).filter((row) => row.dispatchedAt === null).length;
      return { runs, undispatched };
    },
    ({ runs, undispatched }) => {
      const stable = runs.length === seen;
      seen = runs.length;
      return stable && undispatched === 0 && runs.every((run) => run.status !== 'pending');
    },
    240_000,
    0,
  );
};

describe('Automation cascades', () => {
  it('ten rules on lead.updated with ten owner changes each: one edit, at most 100 runs and one limit entry', async () => {
    const admin = await adminOf(t, 'flood');
    const reps: { user: { _id: string } }[] = [];
    for (const name of ['Fay Flood', 'Gus Flood'])
      reps.push(await t.createUser({ role: 'Sales Rep', organizationName: 'flood', name }));
    const lead = await createLead(t, admin.token, { personFirstName: 'Flo' });
    const rules: Automation[] = [];
    for (let n = 0; n < 10; n++)
      rules.push(
        await rule(admin.token, {
          name: `Owner shuffle ${n + 1}`,
          trigger: 'lead.updated',
          // Ten owner changes, each a real change (the owners alternate).
          actions: Array.from({ length: 10 }, (_, index) => ({
            type: 'assign_owner' as const,
            ownerId: reps[index % 2]!.user._id,
          })),
        }),
      );
    const edited = await t.request({
      method: 'PUT',
      url: `/api/leads/${lead._id}`,
      token: admin.token,
      payload: { industry: 'Shipping' },
    });
    expect(edited.statusCode, edited.body).toBe(200);

    const { runs } = await settled(
      admin,
      rules.map((row) => row._id),
    );
    const limits = runs.filter((run) => run.outcome === CASCADE_LIMIT);
    expect(limits).toHaveLength(1);
    expect(limits[0]).toMatchObject({ status: 'skipped', lead: { id: lead._id } });
    const others = runs.filter((run) => run.outcome !== CASCADE_LIMIT);
    // Without the limit this edit would set off runs by the hundred at each level.
    expect(others).toHaveLength(AUTOMATION_CASCADE_RUNS_MAX);
    expect(others.filter((run) => run.status === 'failed')).toEqual([]);
    // Every run of the cascade belongs to the edit's cascade (one id, stored on each run).
    const stored = await t.database.db
      .select({ cascadeId: automationRuns.cascadeId })
      .from(automationRuns)
      .where(eq(automationRuns.organizationId, admin.organizationId));
    expect(new Set(stored.map((row) => row.cascadeId)).size).toBe(1);
    expect(stored).toHaveLength(AUTOMATION_CASCADE_RUNS_MAX + 1);

    const entries = (await activityOf(admin.token, lead._id)).filter(
      (entry) => entry.action === 'cascade limit reached',
    );
    expect(entries).toHaveLength(1);
    expect(entries[0]!.details).toContain(CASCADE_LIMIT);

    // The limit is per change: the next edit has a budget of its own.
    for (const row of rules.slice(1))
      await t.request({
        method: 'PUT',
        url: `/api/automations/${row._id}`,
        token: admin.token,
        payload: { enabled: false },
      });
    const before = (await runsOf(admin.token, rules[0]!._id)).length;
    await t.request({
      method: 'PUT',
      url: `/api/leads/${lead._id}`,
      token: admin.token,
      payload: { industry: 'Rail' },
    });
    const after = await settled(admin, [rules[0]!._id]);
    expect(after.runs).toHaveLength(before + 1);
    expect(after.runs[0]).toMatchObject({ status: 'succeeded', depth: 0 });
  }, 300_000);

  it('a rule does not react to the changes its own run made', async () => {
    const admin = await adminOf(t, 'mirror');
    const rep = await t.createUser({ role: 'Sales Rep', organizationName: 'mirror' });
    const lead = await createLead(t, admin.token);
    const own = await rule(admin.token, {
      name: 'Give updated leads to the rep',
      trigger: 'lead.updated',
      actions: [
        { type: 'assign_owner', ownerId: rep.user._id },
        { type: 'set_status', status: 'Qualified' },
      ],
    });
    // Another rule reacts to the first rule's change: proof that its events were dispatched.
    const witness = await rule(admin.token, {
      name: 'Witness',
      trigger: 'lead.owner_changed',
      actions: [{ type: 'create_task', title: 'Welcome the lead', dueInDays: 1 }],
    });
    await t.request({
      method: 'PUT',
      url: `/api/leads/${lead._id}`,
      token: admin.token,
      payload: { industry: 'Mirrors' },
    });
    const { runs } = await settled(admin, [own._id, witness._id]);
    const ownRuns = runs.filter((run) => run.outcome.startsWith('Owner set'));
    expect(ownRuns).toHaveLength(1);
    expect(await runsOf(admin.token, own._id)).toEqual([
      expect.objectContaining({ status: 'succeeded', depth: 0 }),
    ]);
    expect(await runsOf(admin.token, witness._id)).toEqual([
      expect.objectContaining({ status: 'succeeded', depth: 1 }),
    ]);
    // The rule's changes were recorded as its own, in the edit's cascade.
    const written = await t.database.db
      .select()
      .from(events)
      .where(eq(events.leadId, lead._id))
      .orderBy(asc(events.seq));
    const byRule = written.filter((event) => event.automationId === own._id);
    expect(byRule.map((event) => event.type).sort()).toEqual([
      'lead.owner_changed',
      'lead.status_changed',
      'lead.updated',
    ]);
    const edit = written.find((event) => event.depth === 0 && event.type === 'lead.updated')!;
    expect(new Set(byRule.map((event) => event.cascadeId))).toEqual(new Set([edit.cascadeId]));
  });
});

describe('Automation limits and rights', () => {
  it(`refuses an organisation's rule number ${AUTOMATION_RULES_MAX + 1} with a clear message`, async () => {
    const admin = await adminOf(t, 'many');
    const other = await adminOf(t, 'few');
    const body: AutomationInput = {
      name: 'Rule',
      trigger: 'lead.created',
      actions: [{ type: 'notify_owner' }],
      enabled: false,
    };
    for (let n = 0; n < AUTOMATION_RULES_MAX; n++)
      await rule(admin.token, { ...body, name: `Rule ${n + 1}` });
    const refused = await t.request({
      method: 'POST',
      url: '/api/automations',
      token: admin.token,
      payload: body,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(AUTOMATION_RULES_FULL);
    const listed = await t.request({ method: 'GET', url: '/api/automations', token: admin.token });
    expect(listed.json().automations).toHaveLength(AUTOMATION_RULES_MAX);
    // The limit is the organisation's: another one still creates rules.
    await rule(other.token, body);
    // Deleting one makes room again.
    const first = listed.json().automations[0] as Automation;
    await t.request({ method: 'DELETE', url: `/api/automations/${first._id}`, token: admin.token });
    await rule(admin.token, body);
  });

  it('whoever switches a rule on becomes its author, with an activity entry', async () => {
    const admin = await adminOf(t, 'switch');
    const second = await t.createUser({
      role: 'Admin',
      organizationName: 'switch',
      name: 'Second Admin',
    });
    const created = await rule(admin.token, {
      name: 'Dormant',
      trigger: 'lead.created',
      actions: [{ type: 'notify_owner' }],
      enabled: false,
    });
    expect(created.createdBy).toEqual({ id: admin.user._id, name: admin.user.name });
    const on = await t.request({
      method: 'PUT',
      url: `/api/automations/${created._id}`,
      token: second.token,
      payload: { enabled: true },
    });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().automation).toMatchObject({
      enabled: true,
      createdBy: { id: second.user._id, name: 'Second Admin' },
    });
    const [entry] = await activityOf(admin.token, created._id);
    expect(entry).toMatchObject({
      type: 'Automation',
      action: 'rule switched on',
      details: `Rule "Dormant" switched on by Second Admin: it now acts as Second Admin (it acted as ${admin.user.name})`,
    });
    // Switching it off keeps the author.
    const off = await t.request({
      method: 'PUT',
      url: `/api/automations/${created._id}`,
      token: admin.token,
      payload: { enabled: false },
    });
    expect(off.json().automation.createdBy.id).toBe(second.user._id);
  });

  it('each action checks its author’s permissions when it runs', async () => {
    const admin = await adminOf(t, 'rights');
    const author = await t.createUser({
      role: 'Sales Rep',
      organizationName: 'rights',
      name: 'Nia NoCampaigns',
      permissions: { leadsTable: true, createLead: true, automation: true },
    });
    const campaign = await createCampaign(t, admin.token, { name: 'Spring' });
    const joining = await rule(author.token, {
      name: 'Join the spring campaign',
      trigger: 'lead.created',
      actions: [{ type: 'add_to_campaign', campaignId: campaign._id }],
    });
    const lead = await createLead(t, admin.token);
    const [run] = await waitFor(
      () => runsOf(admin.token, joining._id),
      (runs) => runs.length === 1 && runs[0]!.status !== 'pending',
    );
    expect(run).toMatchObject({
      status: 'failed',
      outcome:
        'Add to a campaign failed: The rule’s author Nia NoCampaigns does not have the Campaigns permission',
    });
    const detail = await t.request({
      method: 'GET',
      url: `/api/campaigns/${campaign._id}`,
      token: admin.token,
    });
    expect(detail.json().leads).not.toContain(lead._id);
    await t.request({
      method: 'PUT',
      url: `/api/automations/${joining._id}`,
      token: admin.token,
      payload: { enabled: false },
    });

    // Giving a lead to someone else takes Lead Management, as it does by hand.
    const giving = await rule(author.token, {
      name: 'Give to the Admin',
      trigger: 'lead.created',
      actions: [{ type: 'assign_owner', ownerId: admin.user._id }],
    });
    const own = await createLead(t, author.token);
    const [refused] = await waitFor(
      () => runsOf(admin.token, giving._id),
      (runs) => runs.length === 1 && runs[0]!.status !== 'pending',
    );
    expect(refused).toMatchObject({
      status: 'failed',
      outcome: `Assign owner failed: ${ASSIGN_NEEDS_PERMISSION}`,
    });
    const still = await t.request({
      method: 'GET',
      url: `/api/leads/${own._id}`,
      token: admin.token,
    });
    expect(still.json().ownerId).toBe(author.user._id);
  });
});

describe('A change that changes nothing', () => {
  it('writes no event and no activity: lead edit, status, owner, bulk assign, pipeline move', async () => {
    const admin = await adminOf(t, 'still');
    const lead: LeadBody = await createLead(t, admin.token, {
      industry: 'Glass',
      status: 'Warm Lead',
      dealValue: 1200,
    });
    const seq = await lastSeq();
    const logged = (await activityOf(admin.token, lead._id)).length;
    const calls = [
      [
        'PUT',
        `/api/leads/${lead._id}`,
        {
          industry: 'Glass',
          status: 'Warm Lead',
          ownerId: admin.user._id.toUpperCase(),
          dealValue: 1200,
          companyName: lead.companyName,
          personEmail: lead.personEmail,
        },
      ],
      ['PUT', `/api/leads/${lead._id}`, { ownerId: admin.user._id }],
      ['PATCH', `/api/leads/${lead._id}/status`, { status: 'Warm Lead' }],
      ['POST', '/api/leads/bulk-assign', { leadIds: [lead._id], ownerId: admin.user._id }],
      ['PATCH', `/api/pipeline/leads/${lead._id}`, { status: 'Warm Lead' }],
    ] as const;
    for (const [method, url, payload] of calls) {
      const response = await t.request({ method, url, token: admin.token, payload });
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(200);
    }
    expect(await eventsAfter(seq, lead._id)).toEqual([]);
    expect(await activityOf(admin.token, lead._id)).toHaveLength(logged);
    const unchanged = await t.request({
      method: 'GET',
      url: `/api/leads/${lead._id}`,
      token: admin.token,
    });
    expect(unchanged.json().updatedAt).toBe(lead.updatedAt);

    // A real change among unchanged fields writes its event and entry once.
    const changed = await t.request({
      method: 'PUT',
      url: `/api/leads/${lead._id}`,
      token: admin.token,
      payload: { industry: 'Steel', status: 'Warm Lead' },
    });
    expect(changed.json().industry).toBe('Steel');
    expect((await eventsAfter(seq, lead._id)).map((event) => event.type)).toEqual(['lead.updated']);
    expect(await activityOf(admin.token, lead._id)).toHaveLength(logged + 1);
  });
});
