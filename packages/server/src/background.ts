import type { Db } from './db/connection.ts';
import { createSecretBox } from './mail/crypto.ts';
import { auditRetentionTick } from './modules/audit/jobs.ts';
import { automationConsumer } from './modules/automation/engine.ts';
import { registerAutomationJobs } from './modules/automation/jobs.ts';
import { registerBulkJobs } from './modules/bulk/jobs.ts';
import { registerCampaignJobs } from './modules/campaigns/engine/jobs.ts';
import { registerEventJobs } from './modules/events/jobs.ts';
import type { EventConsumer } from './modules/events/dispatch.ts';
import { domainCheckTick } from './modules/domain-check/jobs.ts';
import { customFieldPurgeTick } from './modules/custom-fields/jobs.ts';
import { registerImportJobs } from './modules/imports/jobs.ts';
import type { SystemMailer } from './modules/system-mail/mailer.ts';
import { webhookConsumer } from './modules/webhooks/consumer.ts';
import { registerWebhookJobs } from './modules/webhooks/jobs.ts';
import { disableNotice } from './modules/webhooks/notice.ts';
import { replyCheckTick } from './modules/replies/jobs.ts';
import { createUnsubscribeLinks } from './modules/unsubscribe/links.ts';
import { configureTracking } from './modules/tracking/service.ts';
import type { JobQueue } from './jobs/queue.ts';
import { registerTick } from './jobs/tick.ts';

/** What background jobs need beyond the database and the queue. */
export type JobDeps = {
  /** SECRET_KEY: decrypts the stored mail passwords (and signs unsubscribe links). */
  secretKey: string;
  /** PUBLIC_URL: the address links in emails point to (unsubscribe). */
  publicUrl: string;
  /** BULK_PAUSE_MS: the pause between two emails of a bulk run. */
  bulkPauseMs?: number;
  /** REPLY_CHECK_MINUTES: how often every user's inbox is checked for replies (0: never). */
  replyCheckMinutes?: number;
  /** AUDIT_RETENTION_DAYS: audit entries older than this are deleted daily (365 by default). */
  auditRetentionDays?: number;
  /** Import batches inserting at once (importBatchesInFlight of the database); 1 by default. */
  importBatchesInFlight?: number;
  /** The product's own mail (SYSTEM_SMTP_URL): Automation's "notify the owner", and the notice
   * to Admins of a webhook switched off for failing. */
  systemMailer?: SystemMailer;
};

/**
 * Every feature's background work, drained by this process: the composition root of jobs, as
 * app.ts is of routes.
 */
export const registerJobs = async (db: Db, queue: JobQueue, deps: JobDeps): Promise<void> => {
  // One key for the stored mail passwords and one unsubscribe-link signer, for every job.
  const box = createSecretBox(deps.secretKey);
  const links = createUnsubscribeLinks(deps.secretKey, deps.publicUrl);
  configureTracking(deps.secretKey, deps.publicUrl);
  await registerImportJobs(db, queue, deps.importBatchesInFlight);
  await registerBulkJobs(db, queue, { box, links, pauseMs: deps.bulkPauseMs ?? 3000 });
  const replyCheckMinutes = deps.replyCheckMinutes ?? 5;
  // 0: inboxes are only checked on demand (when their user opens the inbox).
  if (replyCheckMinutes > 0) await registerTick(queue, replyCheckTick(db, box, replyCheckMinutes));
  await registerCampaignJobs(db, queue, { box, links });
  // Each mailbox's sender domain (SPF, DKIM, DMARC, MX) read again every six hours.
  await registerTick(queue, domainCheckTick(db), 60);
  // Custom fields deleted over 30 days ago go with their values, every six hours.
  await registerTick(queue, customFieldPurgeTick(db), 120);
  // Audit entries past their retention go once a day.
  await registerTick(queue, auditRetentionTick(db, deps.auditRetentionDays ?? 365), 180);
  // What becomes of the events every change writes: each consumer turns them into durable work
  // of its own (webhook deliveries, Automation runs), drained by its own loop.
  const consumers: EventConsumer[] = [webhookConsumer, automationConsumer];
  await registerEventJobs(db, queue, consumers);
  registerAutomationJobs(db, queue, deps.systemMailer);
  await registerWebhookJobs(db, queue, {
    box,
    notice:
      deps.systemMailer &&
      disableNotice(deps.systemMailer, deps.publicUrl, (error) =>
        console.error(`webhook notice email not sent: ${error.message}`),
      ),
  });
};
