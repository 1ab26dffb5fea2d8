import { z } from 'zod';
import { withKnownMergeFields } from './merge-fields.ts';
import { answerSchema, isoDateTime, nullableDateTime, nullableText, text } from './answers.ts';
import { dateTimeParam } from './dates.ts';
import { INVALID_MAILBOX_ID, MESSAGE_MAX, SUBJECT_MAX, plainText } from './email.ts';
import { uuidSchema } from './ids.ts';
import { MAILBOXES_MAX } from './mailboxes.ts';
import { INDUSTRIES, LEAD_SOURCES, LEAD_STATUSES, boundedText } from './leads.ts';
import {
  DEFAULT_GAP_SECONDS,
  gapSecondsSchema,
  sendingWindowAnswerSchema,
  sendingWindowSchema,
} from './sending-window.ts';
import { trackField } from './tracking.ts';
import type { GapSeconds, SendingWindow } from './sending-window.ts';

/* Campaigns: their fields, rules, texts and answers. */

export const CAMPAIGN_TYPES = ['email', 'linkedin', 'call'] as const;
export type CampaignType = (typeof CAMPAIGN_TYPES)[number];
export const CAMPAIGN_TYPE_LABELS: Record<CampaignType, string> = {
  email: 'Email',
  linkedin: 'LinkedIn',
  call: 'Call',
};

export const CAMPAIGN_STATUSES = ['draft', 'active', 'paused', 'completed'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];
export const CAMPAIGN_STATUS_LABELS: Record<CampaignStatus, string> = {
  draft: 'Draft',
  active: 'Active',
  paused: 'Paused',
  completed: 'Completed',
};

/** Send is offered, and allowed, only from these. */
export const SENDABLE_STATUSES: readonly CampaignStatus[] = ['draft', 'paused'];
export const canSend = (status: CampaignStatus): boolean => SENDABLE_STATUSES.includes(status);

/** Industries offered as a target filter: the lead form's list. */
export const CAMPAIGN_INDUSTRIES = INDUSTRIES;

export const CAMPAIGN_REGIONS = [
  'North America',
  'Europe',
  'Asia Pacific',
  'Latin America',
  'Middle East',
  'Africa',
  'Global',
] as const;
export type CampaignRegion = (typeof CAMPAIGN_REGIONS)[number];

// prettier-ignore
/**
 * The countries (lower-case names and common short forms) a region filter matches against a
 * lead's country. 'Global' matches every lead.
 */
export const REGION_COUNTRIES: Record<Exclude<CampaignRegion, 'Global'>, readonly string[]> = {
  'North America': [
    'united states', 'united states of america', 'usa', 'us', 'canada', 'mexico', 'greenland',
    'bermuda',
  ],
  Europe: [
    'albania', 'andorra', 'austria', 'belarus', 'belgium', 'bosnia and herzegovina', 'bulgaria',
    'croatia', 'cyprus', 'czechia', 'czech republic', 'denmark', 'estonia', 'finland', 'france',
    'germany', 'greece', 'hungary', 'iceland', 'ireland', 'italy', 'kosovo', 'latvia',
    'liechtenstein', 'lithuania', 'luxembourg', 'malta', 'moldova', 'monaco', 'montenegro',
    'netherlands', 'the netherlands', 'north macedonia', 'norway', 'poland', 'portugal',
    'romania', 'san marino', 'serbia', 'slovakia', 'slovenia', 'spain', 'sweden', 'switzerland',
    'ukraine', 'united kingdom', 'uk', 'great britain', 'england', 'scotland', 'wales',
    'northern ireland',
  ],
  'Asia Pacific': [
    'australia', 'bangladesh', 'brunei', 'cambodia', 'china', 'fiji', 'hong kong', 'india',
    'indonesia', 'japan', 'laos', 'malaysia', 'mongolia', 'myanmar', 'nepal', 'new zealand',
    'pakistan', 'papua new guinea', 'philippines', 'singapore', 'south korea', 'korea',
    'sri lanka', 'taiwan', 'thailand', 'vietnam', 'viet nam',
  ],
  'Latin America': [
    'argentina', 'bolivia', 'brazil', 'chile', 'colombia', 'costa rica', 'cuba',
    'dominican republic', 'ecuador', 'el salvador', 'guatemala', 'honduras', 'jamaica',
    'nicaragua', 'panama', 'paraguay', 'peru', 'puerto rico', 'uruguay', 'venezuela',
  ],
  'Middle East': [
    'bahrain', 'egypt', 'iran', 'iraq', 'israel', 'jordan', 'kuwait', 'lebanon', 'oman',
    'palestine', 'qatar', 'saudi arabia', 'syria', 'turkey', 'türkiye', 'united arab emirates',
    'uae', 'yemen',
  ],
  Africa: [
    'algeria', 'angola', 'botswana', 'cameroon', 'ethiopia', 'ghana', 'ivory coast',
    "cote d'ivoire", 'kenya', 'madagascar', 'morocco', 'mozambique', 'namibia', 'nigeria',
    'rwanda', 'senegal', 'south africa', 'tanzania', 'tunisia', 'uganda', 'zambia', 'zimbabwe',
  ],
};

export const CAMPAIGN_NAME_MAX = 200;
export const CAMPAIGN_DESCRIPTION_MAX = 2000;
export const TAG_MAX = 50;
export const TAGS_MAX = 20;
/** Leads chosen by hand; larger audiences come from the target filters. */
export const CAMPAIGN_LEADS_MAX = 10_000;
export const FOLLOW_UPS_MAX = 10;
export const FOLLOW_UP_DAYS_MAX = 365;
export const THROTTLE_MIN = 1;
export const THROTTLE_MAX = 1000;
export const DEFAULT_THROTTLE = 50;

export const NAME_REQUIRED = 'Campaign name is required';
export const SUBJECT_REQUIRED = 'Email subject is required';
export const BODY_REQUIRED = 'Email body is required';
export const THROTTLE_RANGE = `Send rate must be between ${THROTTLE_MIN} and ${THROTTLE_MAX} per hour`;
export const FOLLOW_UP_BODY_REQUIRED = 'Follow-up message is required';
export const FOLLOW_UP_DAYS_RANGE = `Days after the previous step must be between 1 and ${FOLLOW_UP_DAYS_MAX}`;
export const INVALID_LEAD_IDS = 'leads must be a list of lead IDs';

/** Screen texts. */
export const CAMPAIGN_TEXTS = {
  title: 'Campaign Management',
  loading: 'Loading campaigns...',
  loadError: 'Failed to load campaigns',
  saveError: 'Failed to save campaign. Check console.',
  sendConfirm: 'Send this campaign now?',
  sent: 'Campaign sent successfully!',
  sendError: 'Failed to send campaign.',
  deleteConfirm: 'Delete this campaign? This cannot be undone.',
  deleteError: 'Failed to delete campaign.',
  empty: 'No campaigns found',
  emptyAll: 'No campaigns found for any organization.',
  offline: 'You are currently offline. Please check your internet connection.',
  apiErrorPrefix: 'API Error: ',
  apiErrorFallback: 'Something went wrong while fetching data.',
  createTitle: 'Create New Campaign',
  editTitle: 'Edit Campaign',
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const bodyText = (required: string) =>
  z
    .string({ error: required })
    .max(MESSAGE_MAX, 'Message is too long')
    .refine((html) => plainText(html).length > 0, required);

export const AUDIENCE_OWNER_INVALID = 'Please choose an owner of this organisation';

export const targetFiltersSchema = z.object(
  {
    industry: boundedText('Industry', 100).optional().default(''),
    region: z
      .enum(['', ...CAMPAIGN_REGIONS], { error: 'Please choose a listed region' })
      .optional()
      .default(''),
    tags: z
      .array(boundedText('Tag', TAG_MAX).min(1, 'A tag cannot be empty'), {
        error: 'tags must be a list of words',
      })
      .max(TAGS_MAX, `At most ${TAGS_MAX} tags`)
      .optional()
      .default([])
      .transform((tags) => [...new Set(tags.map((tag) => tag.toLowerCase()))]),
    /** The leads' status, owner (a user id of the organisation), source and country. */
    status: z
      .enum(['', ...LEAD_STATUSES], { error: 'Please choose a valid status' })
      .optional()
      .default(''),
    ownerId: z
      .string({ error: AUDIENCE_OWNER_INVALID })
      .refine((id) => id === '' || UUID.test(id), AUDIENCE_OWNER_INVALID)
      .optional()
      .default(''),
    source: z
      .enum(['', ...LEAD_SOURCES], { error: 'Please choose a listed source' })
      .optional()
      .default(''),
    country: boundedText('Country', 100).optional().default(''),
  },
  { error: 'targetFilters must be an object' },
);
export type TargetFilters = z.output<typeof targetFiltersSchema>;
export const NO_FILTERS: TargetFilters = {
  industry: '',
  region: '',
  tags: [],
  status: '',
  ownerId: '',
  source: '',
  country: '',
};

/** Stored filters with every field (campaigns saved before a filter existed lack it). */
export const withAllFilters = (filters: Partial<TargetFilters>): TargetFilters => ({
  ...NO_FILTERS,
  ...filters,
});

/** True when no target filter is set: then only the chosen leads are the audience. */
export const hasFilters = (filters: Partial<TargetFilters>): boolean =>
  Boolean(
    filters.industry ||
    filters.region ||
    (filters.tags?.length ?? 0) > 0 ||
    filters.status ||
    filters.ownerId ||
    filters.source ||
    filters.country,
  );

export const followUpStepSchema = z.object(
  {
    delayDays: z.coerce
      .number({ error: FOLLOW_UP_DAYS_RANGE })
      .int(FOLLOW_UP_DAYS_RANGE)
      .min(1, FOLLOW_UP_DAYS_RANGE)
      .max(FOLLOW_UP_DAYS_MAX, FOLLOW_UP_DAYS_RANGE),
    body: withKnownMergeFields(bodyText(FOLLOW_UP_BODY_REQUIRED)),
  },
  { error: 'Each follow-up must be an object' },
);
export type FollowUpStep = z.output<typeof followUpStepSchema>;

export const scheduleSchema = z.object(
  {
    sendNow: z.boolean({ error: 'sendNow must be true or false' }).optional().default(true),
    startDate: z
      .union([dateTimeParam('Start date must be a date and time'), z.null()])
      .optional()
      .default(null),
    throttlePerHour: z.coerce
      .number({ error: THROTTLE_RANGE })
      .int(THROTTLE_RANGE)
      .min(THROTTLE_MIN, THROTTLE_RANGE)
      .max(THROTTLE_MAX, THROTTLE_RANGE)
      .optional()
      .default(DEFAULT_THROTTLE),
  },
  { error: 'schedule must be an object' },
);
export type CampaignSchedule = z.output<typeof scheduleSchema>;

const leadIdsField = z
  .array(z.string({ error: INVALID_LEAD_IDS }).regex(UUID, INVALID_LEAD_IDS), {
    error: INVALID_LEAD_IDS,
  })
  .max(CAMPAIGN_LEADS_MAX, `At most ${CAMPAIGN_LEADS_MAX.toLocaleString('en')} chosen leads`)
  .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))]);

/** Each field's rule without defaults (an update must not reset what it leaves out). */
const campaignFields = {
  /** Track opens and clicks when the organisation's switch is on (absent: yes, as the switch says). */
  track: trackField,
  name: boundedText('Campaign name', CAMPAIGN_NAME_MAX).min(1, NAME_REQUIRED),
  description: boundedText('Description', CAMPAIGN_DESCRIPTION_MAX),
  type: z.enum(CAMPAIGN_TYPES, { error: 'Type must be email, linkedin or call' }),
  emailSubject: withKnownMergeFields(boundedText('Email subject', SUBJECT_MAX)),
  emailBody: withKnownMergeFields(
    z.string({ error: 'Email body must be text' }).max(MESSAGE_MAX, 'Message is too long'),
  ),
  targetFilters: targetFiltersSchema,
  leads: leadIdsField,
  followUps: z
    .array(followUpStepSchema, { error: 'followUps must be a list' })
    .max(FOLLOW_UPS_MAX, `At most ${FOLLOW_UPS_MAX} follow-ups`),
  schedule: scheduleSchema,
  /** null: any day, any time. */
  sendingWindow: sendingWindowSchema.nullable(),
  gapSeconds: gapSecondsSchema,
  /** The creator's mailboxes its leads are spread over; none: the creator's default mailbox. */
  mailboxIds: z
    .array(uuidSchema(INVALID_MAILBOX_ID), { error: 'mailboxIds must be a list' })
    .max(MAILBOXES_MAX, `At most ${MAILBOXES_MAX} mailboxes`)
    .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))]),
};

type ContentRule = {
  type?: CampaignType;
  emailSubject?: string;
  emailBody?: string;
};

/** An email campaign needs its subject and body. */
export const checkEmailContent = (campaign: ContentRule, ctx: z.RefinementCtx) => {
  if ((campaign.type ?? 'email') !== 'email') return;
  if (!campaign.emailSubject?.trim())
    ctx.addIssue({ code: 'custom', path: ['emailSubject'], message: SUBJECT_REQUIRED });
  if (!plainText(campaign.emailBody ?? ''))
    ctx.addIssue({ code: 'custom', path: ['emailBody'], message: BODY_REQUIRED });
};

const campaignObject = z.object({
  name: z.string({ error: NAME_REQUIRED }).pipe(campaignFields.name),
  description: campaignFields.description.optional().default(''),
  type: campaignFields.type.optional().default('email'),
  emailSubject: campaignFields.emailSubject.optional().default(''),
  emailBody: campaignFields.emailBody.optional().default(''),
  targetFilters: campaignFields.targetFilters.optional().default(NO_FILTERS),
  leads: campaignFields.leads.optional().default([]),
  followUps: campaignFields.followUps.optional().default([]),
  schedule: campaignFields.schedule
    .optional()
    .default({ sendNow: true, startDate: null, throttlePerHour: DEFAULT_THROTTLE }),
  /** Absent: Monday to Friday, 09:00 to 17:00 in the creator's zone (the server fills it in). */
  sendingWindow: campaignFields.sendingWindow.optional(),
  gapSeconds: campaignFields.gapSeconds.optional().default(DEFAULT_GAP_SECONDS),
  mailboxIds: campaignFields.mailboxIds.optional().default([]),
  track: trackField,
});

/** POST /api/campaigns (and the form): the rules and their messages. */
export const campaignSchema = campaignObject.superRefine(checkEmailContent);

/**
 * POST /api/campaigns/drafts and PUT /api/campaigns/:id/draft: a campaign still being written,
 * kept as a draft. Its subject and body may still be empty; sending it checks them.
 */
export const campaignDraftSchema = campaignObject;
export const DRAFT_ONLY = 'Only a draft campaign can be saved as a draft';

/** What an email campaign still lacks before it can be sent (null: nothing). */
export const missingContent = (campaign: ContentRule): string | null => {
  if ((campaign.type ?? 'email') !== 'email') return null;
  if (!campaign.emailSubject?.trim()) return `${SUBJECT_REQUIRED} before the campaign is sent`;
  if (!plainText(campaign.emailBody ?? '')) return `${BODY_REQUIRED} before the campaign is sent`;
  return null;
};
export type CampaignInput = z.input<typeof campaignSchema>;
export type CampaignData = z.output<typeof campaignSchema>;

/**
 * PUT /api/campaigns/:id: any subset of the fields (an absent one keeps its value). The server
 * checks the email rule again on the campaign as it will be saved.
 */
export const campaignUpdateSchema = z
  .object({
    ...campaignFields,
    name: z.string({ error: NAME_REQUIRED }).pipe(campaignFields.name),
  })
  .partial()
  .refine((campaign) => Object.keys(campaign).length > 0, 'Nothing to update');
export type CampaignUpdateInput = z.input<typeof campaignUpdateSchema>;
export type CampaignUpdateData = z.output<typeof campaignUpdateSchema>;

/** PATCH /api/campaigns/:id/status: pause an active campaign or resume a paused one. */
export const campaignStatusSchema = z.object({
  status: z.enum(['active', 'paused'], { error: 'status must be active or paused' }),
});
export type CampaignStatusData = z.output<typeof campaignStatusSchema>;

/** PATCH /api/campaigns/:id/tasks/:leadId: tick a LinkedIn or call task off (or on again). */
export const campaignTaskSchema = z.object({
  done: z.boolean({ error: 'done must be true or false' }),
});
export type CampaignTaskData = z.output<typeof campaignTaskSchema>;

/* Per-lead states. */

/** A (step, lead) row as stored: 'sending' while a server process holds it. */
export const DELIVERY_STATES = [
  'queued',
  'sending',
  'sent',
  'failed',
  'replied',
  'unsubscribed',
  'done',
] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

/** A lead's state in the campaign as the detail view shows it. */
export const RECIPIENT_STATES = [
  'queued',
  'sent',
  'failed',
  'replied',
  'unsubscribed',
  'done',
] as const;
export type RecipientState = (typeof RECIPIENT_STATES)[number];
export const RECIPIENT_STATE_LABELS: Record<RecipientState, string> = {
  queued: 'Queued',
  sent: 'Sent',
  failed: 'Failed',
  replied: 'Replied',
  unsubscribed: 'Unsubscribed',
  done: 'Done',
};

export const RECIPIENTS_PER_PAGE = [10, 25, 50, 100] as const;

export const recipientsQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'page must be a number' })
    .int('page must be a whole number')
    .min(1, 'page must be 1 or more')
    .max(1_000_000, 'page is too large')
    .default(1),
  limit: z.coerce
    .number({ error: 'limit must be one of 10, 25, 50, 100' })
    .refine(
      (value) => (RECIPIENTS_PER_PAGE as readonly number[]).includes(value),
      'limit must be one of 10, 25, 50, 100',
    )
    .default(25),
  state: z.enum(RECIPIENT_STATES, { error: 'state must be a recipient state' }).optional(),
  search: z.string().trim().max(200, 'search must be at most 200 characters').optional(),
});
export type RecipientsQuery = z.input<typeof recipientsQuerySchema>;
export type RecipientsParams = z.output<typeof recipientsQuerySchema>;

export const leadOptionsQuerySchema = z.object({
  search: z.string().trim().max(200, 'search must be at most 200 characters').optional(),
  /** A Super Admin picks among the leads of this campaign's organisation. */
  campaignId: z.string().max(100).optional(),
});
export type LeadOptionsParams = z.output<typeof leadOptionsQuerySchema>;

/** POST /api/campaigns/audience: how many leads the chosen leads and filters reach now. */
export const audienceSchema = z.object({
  leads: leadIdsField.optional().default([]),
  targetFilters: targetFiltersSchema.optional().default(NO_FILTERS),
  campaignId: z.string().max(100).optional(),
});
export type AudienceData = z.output<typeof audienceSchema>;

/* Responses. */

export type LeadOption = {
  _id: string;
  name: string;
  email: string;
  companyName: string;
};

export type CampaignCounts = Record<RecipientState, number>;
export const EMPTY_RECIPIENT_COUNTS: CampaignCounts = {
  queued: 0,
  sent: 0,
  failed: 0,
  replied: 0,
  unsubscribed: 0,
  done: 0,
};

/** A campaign as the API answers it. */
export type Campaign = {
  _id: string;
  name: string;
  description: string;
  type: CampaignType;
  status: CampaignStatus;
  emailSubject: string;
  emailBody: string;
  targetFilters: TargetFilters;
  followUps: FollowUpStep[];
  schedule: { sendNow: boolean; startDate: string | null; throttlePerHour: number };
  /** When emails may go (null: any day, any time). */
  sendingWindow: SendingWindow | null;
  /** The random pause between two emails from the sender's mailbox. */
  gapSeconds: GapSeconds;
  /**
   * The creator's mailboxes the leads are spread over (each lead stays on one); empty: the
   * creator's default mailbox.
   */
  mailboxIds: string[];
  /** Opens and clicks tracked (when the organisation's switch is on too). */
  track: boolean;
  /** How many leads were chosen by hand (their ids: GET /api/campaigns/:id). */
  chosenLeads: number;
  /** The audience: chosen leads plus filter matches (resolved when first sent). */
  leadCount: number;
  /** Emails sent (every step), or tasks done for LinkedIn and call campaigns. */
  sentCount: number;
  organization: string;
  createdBy: { _id: string; name: string } | null;
  createdAt: string;
  updatedAt: string;
  startedAt: string | null;
  completedAt: string | null;
  /** Why a paused campaign paused itself (too many bounces, a refusing mail server); null otherwise. */
  statusMessage: string | null;
  /**
   * The campaign's mailboxes it stopped sending from (too many of their emails bounced) while
   * its other mailboxes go on; their leads wait until the mailbox is resumed.
   */
  heldMailboxes: HeldMailbox[];
};

/** One of a campaign's mailboxes it no longer sends from, and why. */
export type HeldMailbox = { mailboxId: string; email: string; message: string; heldAt: string };

export type CampaignDetail = Campaign & {
  /** The chosen leads' ids (the payload's `leads`) ... */
  leads: string[];
  /** ... and how they are shown. */
  leadOptions: LeadOption[];
  counts: CampaignCounts;
  /** Per step (0 = the first email): emails sent, failed and waiting. */
  steps: { step: number; sent: number; failed: number; queued: number }[];
  /** When the next email is due (throttle, start date, follow-up, window, pacing or daily limit). */
  nextSendAt: string | null;
};

/** GET /api/campaigns: a list; for a Super Admin an object keyed by organisation. */
export type CampaignListResponse = Campaign[] | Record<string, Campaign[]>;

export type CampaignRecipient = {
  lead: LeadOption;
  /** The lead's phone (call tasks) and profile link (LinkedIn tasks: the contact profile, else the personal LinkedIn). */
  phone: string;
  profileLink: string;
  state: RecipientState;
  /** The last step reached (0 = the first email). */
  step: number;
  /** When the last step was sent (or the task ticked off). */
  sentAt: string | null;
  /** When the next step (the first, or a follow-up) is due, while one waits. */
  dueAt: string | null;
  error: string | null;
};

export type RecipientsResponse = {
  recipients: CampaignRecipient[];
  total: number;
  page: number;
  limit: number;
  counts: CampaignCounts;
};

export type CampaignActionResponse = { message: string; campaign: Campaign };

export const CAMPAIGN_MESSAGES = {
  deleted: 'Campaign deleted successfully',
  started: 'Campaign started: its emails are being sent',
  tasksCreated: 'Campaign started: its task list is ready',
  paused: 'Campaign paused',
  resumed: 'Campaign resumed',
  mailboxResumed: 'Sending from this mailbox resumed',
  taskDone: 'Task done',
  taskReopened: 'Task reopened',
} as const;

/* Screen helpers. */

export type CampaignSort = 'name' | 'status' | 'type';
export const CAMPAIGN_SORTS: { value: CampaignSort; label: string }[] = [
  { value: 'name', label: 'Name' },
  { value: 'status', label: 'Status' },
  { value: 'type', label: 'Type' },
];

export type CampaignStats = { total: number; running: number; completed: number };

/** Total, Running (active; an older 'running' status too) and Completed. */
export const campaignStats = (campaigns: readonly Pick<Campaign, 'status'>[]): CampaignStats => ({
  total: campaigns.length,
  running: campaigns.filter((c) => c.status === 'active' || (c.status as string) === 'running')
    .length,
  completed: campaigns.filter((c) => c.status === 'completed').length,
});

/** The list's search (name, description, subject), status filter and sort. */
export const filterCampaigns = <T extends Campaign>(
  campaigns: readonly T[],
  view: { search: string; status: CampaignStatus | ''; sort: CampaignSort },
): T[] => {
  const term = view.search.trim().toLowerCase();
  return campaigns
    .filter((c) => !view.status || c.status === view.status)
    .filter(
      (c) =>
        !term ||
        [c.name, c.description, c.emailSubject].some((field) => field.toLowerCase().includes(term)),
    )
    .sort((a, b) => a[view.sort].localeCompare(b[view.sort]) || a.name.localeCompare(b.name));
};

/* Answers (the server's response schemas, and so /api/docs). */

/** Stored as JSON as the form sent it: answered as stored, every key kept. */
const storedJson = (description: string) => z.looseObject({}).meta({ description });

export const campaignAnswerSchema = answerSchema<Campaign>()({
  _id: text,
  name: text,
  description: text,
  type: text,
  status: text,
  emailSubject: text,
  emailBody: text,
  targetFilters: storedJson('industry, region and tags, as the campaign form sets them'),
  followUps: z.array(storedJson('delayDays and body of a follow-up email')),
  schedule: z.object({
    sendNow: z.boolean(),
    startDate: nullableDateTime,
    throttlePerHour: z.number(),
  }),
  sendingWindow: sendingWindowAnswerSchema.nullable(),
  gapSeconds: z.object({ min: z.number(), max: z.number() }),
  mailboxIds: z.array(text),
  track: z.boolean(),
  chosenLeads: z.number(),
  leadCount: z.number(),
  sentCount: z.number(),
  organization: text,
  createdBy: z.object({ _id: text, name: text }).nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  startedAt: nullableDateTime,
  completedAt: nullableDateTime,
  statusMessage: text.nullable(),
  heldMailboxes: z.array(
    z.object({ mailboxId: text, email: text, message: text, heldAt: isoDateTime }),
  ),
});

/** A list; for a Super Admin an object keyed by organisation. */
export const campaignListAnswerSchema = z.union([
  z.array(campaignAnswerSchema),
  z.record(z.string(), z.array(campaignAnswerSchema)),
]);

export const leadOptionAnswerSchema = answerSchema<LeadOption>()({
  _id: text,
  name: text,
  email: text,
  companyName: text,
});

const countsAnswerSchema = z.record(z.string(), z.number());

export const campaignDetailAnswerSchema = campaignAnswerSchema.extend(
  answerSchema<Omit<CampaignDetail, keyof Campaign>>()({
    leads: z.array(text),
    leadOptions: z.array(leadOptionAnswerSchema),
    counts: countsAnswerSchema,
    steps: z.array(
      z.object({ step: z.number(), sent: z.number(), failed: z.number(), queued: z.number() }),
    ),
    nextSendAt: nullableDateTime,
  }).shape,
);

export const campaignActionAnswerSchema = answerSchema<CampaignActionResponse>()({
  message: text,
  campaign: campaignAnswerSchema,
});

export const recipientsAnswerSchema = answerSchema<RecipientsResponse>()({
  recipients: z.array(
    answerSchema<CampaignRecipient>()({
      lead: leadOptionAnswerSchema,
      phone: text,
      profileLink: text,
      state: text,
      step: z.number(),
      sentAt: nullableDateTime,
      dueAt: nullableDateTime,
      error: nullableText,
    }),
  ),
  total: z.number(),
  page: z.number(),
  limit: z.number(),
  counts: countsAnswerSchema,
});
