import { sql } from 'drizzle-orm';
import {
  boolean,
  type AnyPgColumn,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { Permissions } from '@leadline/shared/permissions';
import type { Role } from '@leadline/shared/roles';
import type { StageColour, StageKind } from '@leadline/shared/stages';
import type { UserStatus } from '@leadline/shared/auth';
import type { ActivityType } from '@leadline/shared/activity';
import type { ImportError } from '@leadline/shared/imports';
import type { LeadData } from '@leadline/shared/leads';
import type { DomainCheckResult } from '@leadline/shared/domain-check';
import type { EmailKind, SentEmailStatus } from '@leadline/shared/email';
import type {
  MailOAuthProvider,
  MailboxProvider,
  MailboxStatus,
} from '@leadline/shared/mail-oauth';
import type { BounceType, SuppressionReason } from '@leadline/shared/deliverability';

// Column helpers, also used by the feature tables in ./tables/.
export const id = () =>
  uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`);
export const createdAt = () =>
  timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
export const organizationId = () =>
  uuid('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' });
const field = (name: string) => text(name).notNull().default('');

export const organizations = pgTable('organizations', {
  id: id(),
  name: text('name').notNull().unique(),
  /** A bulk run or campaign pauses itself when its hard-bounce rate passes this (percent). */
  bouncePausePercent: real('bounce_pause_percent').notNull().default(3),
  /** ISO 4217 code of the leads' deal values (an Admin sets it). */
  currency: text('currency').notNull().default('USD'),
  /** Open and click tracking of its emails (an Admin switches it on; off by default). */
  tracking: boolean('tracking').notNull().default(false),
  /** Members must use two-step sign-in; those without it may only set it up (an Admin sets it). */
  requireTwoFactor: boolean('require_two_factor').notNull().default(false),
  createdAt: createdAt(),
});

export const users = pgTable(
  'users',
  {
    id: id(),
    organizationId: uuid('organization_id').references(() => organizations.id, {
      onDelete: 'restrict',
    }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role').$type<Role>().notNull(),
    permissions: jsonb('permissions').$type<Permissions>().notNull(),
    status: text('status').$type<UserStatus>().notNull().default('active'),
    department: text('department').notNull().default(''),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /** Set by an administrator's password reset: the next sign-in must choose a new password. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /** Two-step sign-in is on (its secret and recovery codes: two_factor_secrets). */
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    index('users_org_idx').on(t.organizationId),
    index('users_status_idx').on(t.status),
  ],
);

export const activityLog = pgTable(
  'activity_log',
  {
    id: id(),
    organizationId: uuid('organization_id').references(() => organizations.id, {
      onDelete: 'cascade',
    }),
    userId: uuid('user_id'),
    entityId: uuid('entity_id'),
    type: text('type').$type<ActivityType>().notNull(),
    action: text('action').notNull(),
    details: text('details').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('activity_org_time_idx').on(t.organizationId, t.createdAt.desc(), t.id.desc()),
    index('activity_entity_time_idx').on(t.entityId, t.createdAt.desc(), t.id.desc()),
  ],
);

/**
 * The nine searched fields in one lower-cased text (what the leads search looks in), kept by PostgreSQL and indexed
 * with trigrams so that `LIKE '%term%'` stays fast over a million leads. `||` rather than
 * concat_ws: a generated column needs an immutable expression and concat_ws is only stable;
 * the columns are NOT NULL, so nothing is lost.
 */
const LEAD_SEARCH_TEXT = sql`lower(company_name || ' ' || industry || ' ' || subject || ' ' || person_email || ' ' || person_first_name || ' ' || person_last_name || ' ' || person_designation || ' ' || person_city || ' ' || person_country)`;

/** The location filter matches city, state or country: one lower-cased, trigram-indexed text. */
const LEAD_LOCATION_TEXT = sql`lower(person_city || ' ' || person_state || ' ' || person_country)`;

/**
 * Which company a lead belongs to (the Companies page groups by it): the website's host name
 * without scheme and "www." when the lead has a website, else "name:" and the company name
 * lower-cased with everything but letters and digits collapsed to single spaces.
 */
export const LEAD_COMPANY_KEY = sql`CASE WHEN company_site ~* '^(https?://)?(www[.])?[a-z0-9-]+([.][a-z0-9-]+)+' THEN lower(substring(company_site from '^(?:[A-Za-z]+://)?(?:[Ww][Ww][Ww][.])?([A-Za-z0-9.-]*[A-Za-z0-9])')) ELSE 'name:' || btrim(regexp_replace(lower(company_name), '[^[:alnum:]]+', ' ', 'g')) END`;

/** The columns of the leads list's sorts other than the creation time, each with its index. */
const SORTED_LEAD_COLUMNS = [
  'companyName',
  'personFirstName',
  'personEmail',
  'industry',
  'size',
  'source',
  'status',
  'personCountry',
] as const;

/** A team's own deal stages, after the four outreach statuses (shared `stages.ts`). */
export const dealStages = pgTable(
  'deal_stages',
  {
    id: id(),
    organizationId: organizationId(),
    name: text('name').notNull(),
    position: integer('position').notNull(),
    /** One of Mantine's colour names. */
    colour: text('colour').$type<StageColour>().notNull().default('gray'),
    kind: text('kind').$type<StageKind>().notNull().default('open'),
    /** Percent: the chance a deal in the stage closes (weighted values). */
    probability: integer('probability').notNull().default(50),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('deal_stages_org_name_key').on(t.organizationId, sql`lower(${t.name})`),
    index('deal_stages_org_position_idx').on(t.organizationId, t.position),
  ],
);

export const leads = pgTable(
  'leads',
  {
    id: id(),
    organizationId: organizationId(),
    createdBy: uuid('created_by'),
    companyName: field('company_name'),
    industry: field('industry'),
    size: field('size').$type<LeadData['size']>(),
    companySite: field('company_site'),
    companyLinkedin: field('company_linkedin'),
    personFirstName: field('person_first_name'),
    personLastName: field('person_last_name'),
    personEmail: field('person_email'),
    personDesignation: field('person_designation'),
    personLinkedin: field('person_linkedin'),
    personCity: field('person_city'),
    personState: field('person_state'),
    personCountry: field('person_country'),
    source: field('source').$type<LeadData['source']>(),
    status: field('status').$type<LeadData['status']>(),
    contactProfileLink: field('contact_profile_link'),
    subject: field('subject'),
    mailSent: boolean('mail_sent').notNull().default(false),
    sentCount: integer('sent_count').notNull().default(0),
    mailSentDate: timestamp('mail_sent_date', { withTimezone: true }),
    /** Set when incoming mail answers an email sent to the lead (reply detection). */
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    /** Set when the lead's address unsubscribes (it is then on the suppression list). */
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    /** Set by a hard bounce (or three soft ones in a row); the address is then suppressed. */
    bouncedAt: timestamp('bounced_at', { withTimezone: true }),
    bounceReason: text('bounce_reason'),
    /** Never track opens or clicks of this lead's emails. */
    doNotTrack: boolean('do_not_track').notNull().default(false),
    /** Soft bounces since the last email that was not bounced. */
    softBounces: integer('soft_bounces').notNull().default(0),
    /** IANA time zone; null: its country's single zone, else the campaign's. */
    timeZone: text('time_zone'),
    /** The user the lead belongs to (default: its creator). */
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    phone: field('phone'),
    /** In the organisation's currency. */
    dealValue: numeric('deal_value', { precision: 14, scale: 2, mode: 'number' }),
    expectedCloseDate: date('expected_close_date'),
    /** When the status last changed (the pipeline's "days in the status"). */
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }).notNull().defaultNow(),
    /** The client the lead was converted into. */
    clientId: uuid('client_id').references((): AnyPgColumn => clients.id, {
      onDelete: 'set null',
    }),
    /** The deal stage (null: the lead is in its status column); see deal_stages. */
    stageId: uuid('stage_id').references(() => dealStages.id, { onDelete: 'set null' }),
    stageChangedAt: timestamp('stage_changed_at', { withTimezone: true }),
    /** Why the deal was lost (asked when it moves into a lost stage). */
    lostReason: text('lost_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    searchText: text('search_text').generatedAlwaysAs(LEAD_SEARCH_TEXT),
    locationText: text('location_text').generatedAlwaysAs(LEAD_LOCATION_TEXT),
    companyKey: text('company_key').generatedAlwaysAs(LEAD_COMPANY_KEY),
    /** Values of the organisation's custom fields, by key (modules/custom-fields). */
    custom: jsonb('custom').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    uniqueIndex('leads_org_email_key').on(t.organizationId, t.personEmail),
    // created_by last: the leaderboard and reports count a period's leads per creator from the
    // index alone.
    index('leads_org_created_idx').on(
      t.organizationId,
      t.createdAt.desc(),
      t.id.desc(),
      t.createdBy,
    ),
    // One per sort the list offers (LEAD_SORT_FIELDS): read forwards for ascending, backwards
    // for descending, in the order leadOrder (modules/leads/query.ts) asks for. Those of
    // status and source also serve their filters and the dashboard's counts.
    ...SORTED_LEAD_COLUMNS.map((column) =>
      index(`leads_org_${t[column].name}_sort_idx`).on(
        t.organizationId,
        t[column].asc().nullsFirst(),
        t.id.asc().nullsFirst(),
      ),
    ),
    index('leads_org_industry_idx').on(t.organizationId, sql`lower(${t.industry})`),
    index('leads_search_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    index('leads_location_idx').using('gin', t.locationText.op('gin_trgm_ops')),
    index('leads_org_owner_idx').on(t.organizationId, t.ownerId, t.createdAt.desc(), t.id.desc()),
    // A pipeline column: its first cards in index order, and its count and summed value read
    // from the index alone (deal_value and stage_id are the last key columns: a status column
    // holds the leads in no deal stage).
    index('leads_org_board_idx').on(
      t.organizationId,
      t.status,
      t.statusChangedAt.desc(),
      t.id.desc(),
      t.dealValue,
      t.stageId,
    ),
    index('leads_org_company_idx').on(t.organizationId, t.companyKey),
    // A stage column, as leads_org_board_idx serves a status column.
    index('leads_org_stage_idx')
      .on(t.organizationId, t.stageId, t.stageChangedAt.desc(), t.id.desc(), t.dealValue)
      .where(sql`${t.stageId} IS NOT NULL`),
    index('leads_custom_idx').using('gin', t.custom.op('jsonb_path_ops')),
  ],
);

/** Client search: name, parent company, email, contact, category and address. */
const CLIENT_SEARCH_TEXT = sql`lower(company_name || ' ' || parent_company || ' ' || email || ' ' || contact || ' ' || company_category || ' ' || full_address)`;

export const clients = pgTable(
  'clients',
  {
    id: id(),
    organizationId: organizationId(),
    createdBy: uuid('created_by'),
    companyName: field('company_name'),
    parentCompany: field('parent_company'),
    website: field('website'),
    email: field('email'),
    contact: field('contact'),
    pic: field('pic'),
    companyCategory: field('company_category'),
    fullAddress: field('full_address'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    searchText: text('search_text').generatedAlwaysAs(CLIENT_SEARCH_TEXT),
    /** Values of the organisation's custom fields, by key (modules/custom-fields). */
    custom: jsonb('custom').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    uniqueIndex('clients_org_email_key').on(t.organizationId, t.email),
    index('clients_org_created_idx').on(t.organizationId, t.createdAt.desc(), t.id.desc()),
    index('clients_org_category_idx').on(t.organizationId, t.companyCategory),
    index('clients_search_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    index('clients_custom_idx').using('gin', t.custom.op('jsonb_path_ops')),
  ],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * Spreadsheet imports: the uploaded file is kept here until its job has read it, so any
 * process can run the job; the counters drive the progress bar.
 */
export const imports = pgTable(
  'imports',
  {
    id: id(),
    organizationId: organizationId(),
    userId: uuid('user_id'),
    kind: text('kind').$type<'leads' | 'clients'>().notNull(),
    filename: text('filename').notNull(),
    file: bytea('file'),
    status: text('status').$type<'running' | 'completed' | 'failed'>().notNull().default('running'),
    message: text('message'),
    total: integer('total').notNull().default(0),
    processed: integer('processed').notNull().default(0),
    inserted: integer('inserted').notNull().default(0),
    duplicates: integer('duplicates').notNull().default(0),
    errorCount: integer('error_count').notNull().default(0),
    errors: jsonb('errors').$type<ImportError[]>().notNull().default([]),
    /**
     * The worker running the import holds it until `leaseUntil` (renewed while it runs): a
     * second process never runs it at the same time, and one whose process died is resumed
     * once the lease has lapsed.
     */
    leaseOwner: text('lease_owner'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('imports_org_idx').on(t.organizationId, t.createdAt.desc())],
);

/**
 * An uploaded file in parts of at most half a megabyte (modules/imports/file-parts.ts), written
 * before its import row: one statement of 18 MB held the embedded database for tens of seconds.
 * Imports stored before the parts existed keep their file in `imports.file`.
 */
export const importFileParts = pgTable(
  'import_file_parts',
  {
    importId: uuid('import_id').notNull(),
    part: integer('part').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.part] })],
);

/**
 * A user's mailboxes: each with outgoing (SMTP) and incoming (IMAP) settings, its own daily
 * limit, warm-up and pacing; one of a user's mailboxes is the default (`isDefault`, at most one
 * per user). A protocol's columns are null until it is configured. Passwords are AES-256-GCM
 * encrypted with SECRET_KEY (src/mail/crypto.ts). Every send locks its mailbox's row (SELECT ...
 * FOR UPDATE) to check the mailbox's daily limit, so concurrent sends from one mailbox queue up.
 */
export const mailAccounts = pgTable(
  'mail_accounts',
  {
    /** The mailbox's own id (API `_id`; domain checks and OAuth connections point at it). */
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The user's default mailbox: sends that name none go from it. */
    isDefault: boolean('is_default').notNull().default(false),
    /** The name recipients see in From; null: the user's own name. */
    fromName: text('from_name'),
    /**
     * Plain text added to the end of every email the mailbox sends (after "-- " in the text
     * part, as a `<div class="signature">` in the HTML); null: none.
     */
    signature: text('signature'),
    smtpHost: text('smtp_host'),
    smtpPort: integer('smtp_port'),
    smtpSecure: boolean('smtp_secure'),
    smtpUser: text('smtp_user'),
    smtpPassEncrypted: text('smtp_pass_encrypted'),
    /** null: no limit; 0: no sending. */
    smtpDailyLimit: integer('smtp_daily_limit'),
    imapHost: text('imap_host'),
    imapPort: integer('imap_port'),
    imapSecure: boolean('imap_secure'),
    imapUser: text('imap_user'),
    imapPassEncrypted: text('imap_pass_encrypted'),
    /** Warm-up: `warmupStart` emails on `warmupStartedOn`, `warmupIncrement` more each day after. */
    warmupStart: integer('warmup_start'),
    warmupIncrement: integer('warmup_increment'),
    warmupStartedOn: date('warmup_started_on', { mode: 'string' }),
    /** Human pacing: the mailbox's next campaign email waits until then. */
    pacedUntil: timestamp('paced_until', { withTimezone: true }),
    /** 'password' (the SMTP/IMAP passwords above), or the OAuth provider it was connected with. */
    provider: text('provider').$type<MailboxProvider>().notNull().default('password'),
    /** OAuth: the refresh token, sealed with SECRET_KEY like the passwords. */
    oauthRefreshEncrypted: text('oauth_refresh_encrypted'),
    /** 'reconnect': the provider refused the grant; sends wait until it is connected again. */
    status: text('status').$type<MailboxStatus>().notNull().default('ok'),
    /** The DKIM selector the user gave for the domain check; null: the common ones are tried. */
    dkimSelector: text('dkim_selector'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('mail_accounts_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('mail_accounts_default_key')
      .on(t.userId)
      .where(sql`${t.isDefault}`),
  ],
);

/**
 * An OAuth sign-in under way (Connect Google / Microsoft / custom): the state the provider
 * hands back (only its SHA-256 kept), the user it belongs to, and the PKCE verifier sealed.
 * Taken (deleted) by the one callback that uses it; worthless after `expiresAt` (10 minutes).
 */
export const mailOAuthStates = pgTable(
  'mail_oauth_states',
  {
    stateHash: text('state_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<MailOAuthProvider>().notNull(),
    verifierEncrypted: text('verifier_encrypted').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('mail_oauth_states_expires_idx').on(table.expiresAt)],
);

/**
 * The last check of each mailbox's sender domain (SPF, DKIM, DMARC, MX), reused for 24 hours.
 * `source` is what was checked (domain, SMTP host, selector): another one is checked afresh.
 * `complete` false: the DNS did not answer, so it is no real answer and is retried sooner.
 */
export const domainChecks = pgTable('domain_checks', {
  mailboxId: uuid('mailbox_id')
    .primaryKey()
    .references(() => mailAccounts.id, { onDelete: 'cascade' }),
  source: text('source').notNull(),
  result: jsonb('result').$type<DomainCheckResult>().notNull(),
  complete: boolean('complete').notNull(),
  checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
});

/**
 * Every email a user sends, by any path (single, follow-up, bulk, campaign, invitation). A row
 * is written as 'sending' when the send is reserved against the daily limit, then marked
 * 'sent' or 'failed'. `references` holds the Message-IDs separated by spaces, as the header
 * does. `jobId` is the bulk or campaign run: one email per lead per run.
 */
export const sentEmails = pgTable(
  'sent_emails',
  {
    id: id(),
    organizationId: uuid('organization_id').references(() => organizations.id, {
      onDelete: 'cascade',
    }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The mailbox it went from (its daily limit counted it); null once that mailbox is gone. */
    mailboxId: uuid('mailbox_id').references(() => mailAccounts.id, { onDelete: 'set null' }),
    leadId: uuid('lead_id').references(() => leads.id, { onDelete: 'set null' }),
    jobId: uuid('job_id'),
    kind: text('kind').$type<EmailKind>().notNull(),
    status: text('status').$type<SentEmailStatus>().notNull().default('sending'),
    fromAddress: text('from_address').notNull(),
    to: text('to_address').notNull(),
    cc: text('cc').notNull().default(''),
    bcc: text('bcc').notNull().default(''),
    subject: text('subject').notNull(),
    messageId: text('message_id').notNull(),
    inReplyTo: text('in_reply_to'),
    references: text('references').notNull().default(''),
    error: text('error'),
    /** The HTML as sent (personalised, without attachments); null for emails sent before it was kept. */
    bodyHtml: text('body_html'),
    /** Set when a delivery report (or the SMTP server's refusal) says it bounced. */
    bounce: text('bounce').$type<BounceType>(),
    bouncedAt: timestamp('bounced_at', { withTimezone: true }),
    /** Sent with an open pixel and rewritten links (body_html keeps the original links). */
    tracked: boolean('tracked').notNull().default(false),
    /** The original addresses of the rewritten links; a click token names its index here. */
    trackedLinks: jsonb('tracked_links').$type<string[]>(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sent_emails_user_time_idx').on(t.userId, t.sentAt),
    index('sent_emails_mailbox_time_idx').on(t.mailboxId, t.sentAt),
    // status and user last: a period's emails per sender counted from the index alone.
    index('sent_emails_org_time_idx').on(t.organizationId, t.sentAt, t.status, t.userId),
    index('sent_emails_lead_time_idx').on(t.leadId, t.sentAt.desc(), t.id.desc()),
    index('sent_emails_message_id_idx').on(t.messageId),
    uniqueIndex('sent_emails_job_lead_key').on(t.jobId, t.leadId),
  ],
);

/**
 * Addresses an organisation never mails again by bulk or campaign sends (unsubscribed, or
 * added by hand). `email` is stored lower-cased.
 */
export const emailSuppressions = pgTable(
  'email_suppressions',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** An address, or a whole domain written `@example.com`. */
    email: text('email').notNull(),
    id: uuid('id')
      .notNull()
      .default(sql`gen_random_uuid()`),
    reason: text('reason').$type<SuppressionReason>().notNull(),
    /** Where it came from, in words ("Unsubscribe link", "Bounce", "CSV upload"...). */
    source: text('source').notNull().default(''),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.email] }),
    uniqueIndex('email_suppressions_id_key').on(t.id),
    index('email_suppressions_org_created_idx').on(t.organizationId, t.createdAt.desc()),
  ],
);
