import { z } from 'zod';
import { answerSchema, isoDateTime, nullableDateTime, nullableText, text } from './answers.ts';
import { BULK_EMAIL_STATUSES, BULK_EMAIL_TYPES, EMAIL_FONTS } from './email.ts';
import type {
  BulkEmailJob,
  BulkEmailListResponse,
  BulkEmailResumed,
  BulkEmailStarted,
  BulkEmailStopped,
} from './email.ts';

/* The answers of the bulk email routes (the server's response schemas, and so /api/docs). */

export const bulkEmailJobAnswerSchema = answerSchema<BulkEmailJob>()({
  jobId: text,
  type: z.enum(BULK_EMAIL_TYPES),
  subject: text,
  font: z.enum(EMAIL_FONTS),
  status: z.enum(BULK_EMAIL_STATUSES),
  total: z.number(),
  sent: z.number(),
  failed: z.number(),
  unconfirmed: z.number(),
  skipped: z.number(),
  skippedReasons: z.object({ unsubscribed: z.number(), replied: z.number(), deleted: z.number() }),
  processed: z.number(),
  message: text.optional(),
  failures: z.array(z.object({ leadId: nullableText, to: text, error: text })),
  createdAt: isoDateTime,
  finishedAt: nullableDateTime,
});

export const bulkEmailListAnswerSchema = answerSchema<BulkEmailListResponse>()({
  jobs: z.array(bulkEmailJobAnswerSchema),
});

export const bulkEmailStartedAnswerSchema = answerSchema<BulkEmailStarted>()({
  message: text,
  jobId: text,
  total: z.number(),
});

/** What stop and resume answer: a message and the run as it is now. */
export const bulkEmailChangedAnswerSchema = answerSchema<BulkEmailStopped & BulkEmailResumed>()({
  message: text,
  job: bulkEmailJobAnswerSchema,
});
