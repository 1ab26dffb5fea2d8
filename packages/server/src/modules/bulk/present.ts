import type { BulkEmailJob } from '@leadline/shared/email';
import type { BulkRunSummary } from './repo.ts';

export type RunFailure = { leadId: string | null; to: string; error: string | null };

/** A run's progress as GET /api/email/bulk/:jobId answers it. */
export const toBulkEmailJob = (run: BulkRunSummary, failures: RunFailure[] = []): BulkEmailJob => {
  const skippedReasons = {
    unsubscribed: run.skippedUnsubscribed,
    replied: run.skippedReplied,
    deleted: run.skippedDeleted,
  };
  const skipped = skippedReasons.unsubscribed + skippedReasons.replied + skippedReasons.deleted;
  return {
    jobId: run.id,
    type: run.type,
    subject: run.subject,
    font: run.font,
    status: run.status,
    total: run.total,
    sent: run.sent,
    failed: run.failed,
    unconfirmed: run.unconfirmed,
    skipped,
    skippedReasons,
    processed: run.sent + run.failed + run.unconfirmed + skipped,
    ...(run.message ? { message: run.message } : {}),
    failures: failures.map((failure) => ({
      leadId: failure.leadId,
      to: failure.to,
      error: failure.error ?? 'Not sent',
    })),
    createdAt: run.createdAt.toISOString(),
    finishedAt: run.finishedAt ? run.finishedAt.toISOString() : null,
  };
};
