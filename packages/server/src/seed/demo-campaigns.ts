import { and, asc, eq, sql } from 'drizzle-orm';
import type {
  CampaignStatus,
  CampaignType,
  DeliveryState,
  FollowUpStep,
  TargetFilters,
} from '@leadline/shared/campaigns';
import { NO_FILTERS, withAllFilters } from '@leadline/shared/campaigns';
import {
  DEFAULT_GAP_SECONDS,
  defaultSendingWindow,
  localTimeZone,
} from '@leadline/shared/sending-window';
import type { Db } from '../db/connection.ts';
import { leads } from '../db/schema.ts';
import { campaignDeliveries, campaignLeads, campaigns } from '../db/tables/campaigns.ts';
import { logActivity } from '../modules/activity/repo.ts';
import { REFUSED, recordDemoCampaignMail } from './demo-mail.ts';
import { createCampaignTasks } from '../modules/tasks/campaign-tasks.ts';
import { tasks } from '../db/tables/integrations.ts';
import type { DemoDelivery } from './demo-mail.ts';

const DAY = 86_400_000;

type DemoCampaign = {
  name: string;
  description: string;
  type: CampaignType;
  status: CampaignStatus;
  emailSubject?: string;
  emailBody?: string;
  targetFilters?: TargetFilters;
  followUps?: FollowUpStep[];
  schedule?: { sendNow: boolean; throttlePerHour: number };
  /** Days before now it was created (and sent, a day later). */
  ageDays: number;
  /** How many leads it reaches; the first `states` get those states, the rest stay queued. */
  leads: number;
  states?: [DeliveryState, number][];
  /**
   * Of the leads sent the first email, in order: how many were sent the follow-up, then how
   * many replied and how many unsubscribed before it (their follow-up skipped).
   */
  afterFirst?: { followedUp: number; replied: number; unsubscribed: number };
};

const BODY =
  '<p>Hi {{firstName}},</p><p>We help teams like yours close more deals with less busywork. Would a short call next week suit you?</p><p>Best regards,<br>Ada</p>';

/** Every type and every status; states as a real run would leave them. Nothing is really sent. */
const DEMO_CAMPAIGNS: readonly DemoCampaign[] = [
  {
    name: 'Q1 finance outreach',
    description: 'Introduce the annual plan to finance leads, with one follow-up.',
    type: 'email',
    status: 'completed',
    emailSubject: 'A faster close for {{firstName}}',
    emailBody: BODY,
    followUps: [{ delayDays: 4, body: '<p>Hi {{firstName}}, just following up on my note.</p>' }],
    ageDays: 50,
    leads: 40,
    states: [
      ['sent', 39],
      ['failed', 1],
    ],
    afterFirst: { followedUp: 31, replied: 6, unsubscribed: 2 },
  },
  {
    name: 'Spring product launch',
    description: 'Announce the spring release to technology leads, 25 an hour.',
    type: 'email',
    status: 'paused',
    emailSubject: 'New this spring, {{firstName}}',
    emailBody: BODY,
    targetFilters: withAllFilters({ industry: 'Technology' }),
    schedule: { sendNow: false, throttlePerHour: 25 },
    ageDays: 12,
    leads: 60,
    states: [['sent', 25]],
  },
  {
    name: 'European welcome series',
    description: 'A first hello to new European marketing leads.',
    type: 'email',
    status: 'draft',
    emailSubject: 'Welcome, {{firstName}}',
    emailBody: BODY,
    targetFilters: withAllFilters({ industry: 'Marketing', region: 'Europe' }),
    ageDays: 2,
    leads: 0,
  },
  {
    name: 'LinkedIn connect: healthcare',
    description: 'Connect with healthcare decision makers on LinkedIn.',
    type: 'linkedin',
    status: 'active',
    ageDays: 20,
    leads: 20,
    states: [['done', 8]],
  },
  {
    name: 'Retail call round',
    description: 'Call every retail lead about the holiday offer.',
    type: 'call',
    status: 'completed',
    ageDays: 35,
    leads: 12,
    states: [['done', 12]],
  },
  {
    name: 'Event follow-up calls',
    description: 'Call the people met at the spring trade fair.',
    type: 'call',
    status: 'draft',
    ageDays: 1,
    leads: 6,
  },
];

/**
 * A LinkedIn or call campaign's steps as the tasks a real start makes (due the day it was sent,
 * the lead's owner's), those the demo marks done ticked off when their step was.
 */
const seedCampaignTasks = async (
  db: Db,
  demo: DemoCampaign,
  campaignId: string,
  organizationId: string,
  sent: Date,
  createdBy: string | null,
) => {
  const campaign = {
    id: campaignId,
    organizationId,
    name: demo.name,
    type: demo.type as 'linkedin' | 'call',
  };
  await createCampaignTasks(db, campaign, sent.toISOString().slice(0, 10), createdBy);
  await db
    .update(tasks)
    .set({ doneAt: sql`d.finished_at`, doneBy: sql`d.done_by` })
    .from(sql`campaign_deliveries d`)
    .where(
      and(
        eq(tasks.campaignId, campaignId),
        sql`d.campaign_id = ${tasks.campaignId} AND d.lead_id = ${tasks.leadId} AND d.step = 0 AND d.state = 'done'`,
      ),
    );
};

/**
 * The demo organisation's campaigns (called by the demo seed inside its transaction, after
 * the leads): every type and status with realistic per-lead states and activity entries, and
 * the email records a real run leaves. No email is sent and no engine job is queued.
 */
export const seedDemoCampaigns = async (
  db: Db,
  organizationId: string,
  createdBy: string | null,
  now = new Date(),
): Promise<void> => {
  const pool = await db
    .select({ id: leads.id })
    .from(leads)
    .where(eq(leads.organizationId, organizationId))
    .orderBy(asc(leads.createdAt), asc(leads.id))
    .limit(DEMO_CAMPAIGNS.reduce((sum, c) => sum + c.leads, 0));
  let next = 0;
  for (const demo of DEMO_CAMPAIGNS) {
    const created = new Date(now.getTime() - demo.ageDays * DAY);
    const sent = new Date(created.getTime() + DAY);
    const chosen = pool.slice(next, next + demo.leads).map((row) => row.id);
    next += demo.leads;
    const [row] = await db
      .insert(campaigns)
      .values({
        organizationId,
        createdBy,
        name: demo.name,
        description: demo.description,
        type: demo.type,
        status: demo.status,
        emailSubject: demo.emailSubject ?? '',
        emailBody: demo.emailBody ?? '',
        targetFilters: demo.targetFilters ?? NO_FILTERS,
        followUps: demo.followUps ?? [],
        sendNow: demo.schedule?.sendNow ?? true,
        throttlePerHour: demo.schedule?.throttlePerHour ?? 50,
        sendingWindow: defaultSendingWindow(localTimeZone()),
        gapMinSeconds: DEFAULT_GAP_SECONDS.min,
        gapMaxSeconds: DEFAULT_GAP_SECONDS.max,
        startedAt: demo.status === 'draft' ? null : sent,
        completedAt: demo.status === 'completed' ? new Date(sent.getTime() + 5 * DAY) : null,
        createdAt: created,
        updatedAt: sent,
      })
      .returning({ id: campaigns.id });
    const campaignId = row!.id;
    if (chosen.length > 0)
      await db.insert(campaignLeads).values(chosen.map((leadId) => ({ campaignId, leadId })));
    const log = (action: string, details: string, at: Date) =>
      logActivity(db, {
        organizationId,
        userId: createdBy,
        type: 'Campaign',
        entityId: campaignId,
        action,
        details: `Campaign "${demo.name}" ${details}`,
        createdAt: at,
      });
    await log('created', `created (${demo.type})`, created);
    if (demo.status === 'draft') continue;
    await log('sent', `sent to ${chosen.length} leads`, sent);
    const states = (demo.states ?? []).flatMap(([state, n]) => Array<DeliveryState>(n).fill(state));
    const firstSteps: DemoDelivery[] = chosen.map((leadId, i) => ({
      step: 0,
      leadId,
      state: states[i] ?? 'queued',
      dueAt: sent,
      at: new Date(sent.getTime() + i * 60_000),
    }));
    // After the first email: follow-ups, then the leads that replied or unsubscribed first
    // (their follow-up skipped, as the engine skips it).
    const reached = firstSteps.filter((d) => d.state === 'sent');
    const after = demo.afterFirst ?? { followedUp: 0, replied: 0, unsubscribed: 0 };
    const followed = new Date(sent.getTime() + (demo.followUps?.[0]?.delayDays ?? 1) * DAY);
    const outcomes: DeliveryState[] = [
      ...Array<DeliveryState>(after.followedUp).fill('sent'),
      ...Array<DeliveryState>(after.replied).fill('replied'),
      ...Array<DeliveryState>(after.unsubscribed).fill('unsubscribed'),
    ];
    const followUps: DemoDelivery[] = outcomes.map((state, i) => ({
      step: 1,
      leadId: reached[i]!.leadId,
      state,
      dueAt: followed,
      at: new Date(followed.getTime() + i * 60_000),
    }));
    const deliveries = [...firstSteps, ...followUps];
    const emailIds =
      demo.type === 'email' && createdBy
        ? await recordDemoCampaignMail(
            db,
            {
              organizationId,
              senderId: createdBy,
              campaignId,
              subject: demo.emailSubject ?? '',
              bodies: [demo.emailBody ?? '', ...(demo.followUps ?? []).map((f) => f.body)],
            },
            deliveries,
          )
        : new Map<string, string>();
    await db.insert(campaignDeliveries).values(
      deliveries.map(({ step, leadId, state, dueAt, at }) => {
        const finished = state === 'queued' ? null : at;
        return {
          sentEmailId: emailIds.get(`${step}:${leadId}`) ?? null,
          campaignId,
          step,
          leadId,
          state,
          dueAt,
          claimedAt: state === 'sent' || state === 'failed' ? finished : null,
          finishedAt: finished,
          error: state === 'failed' ? REFUSED : null,
          doneBy: state === 'done' ? createdBy : null,
        };
      }),
    );
    if (demo.type !== 'email')
      await seedCampaignTasks(db, demo, campaignId, organizationId, sent, createdBy);
    if (demo.status === 'paused') await log('paused', 'paused', new Date(sent.getTime() + DAY));
    if (demo.status === 'completed')
      await log('completed', 'completed', new Date(sent.getTime() + 5 * DAY));
  }
};
