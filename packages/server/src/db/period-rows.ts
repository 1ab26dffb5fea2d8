import { and, eq } from 'drizzle-orm';
import { leads, sentEmails } from './schema.ts';
import { emailReplies } from './tables/email-jobs.ts';
import { within } from './period-counts.ts';
import type { Range } from './period-counts.ts';
import { inOrganization } from './scope.ts';

/*
 * The rows a period's figures count, one definition each, so that Reports and the leaderboard
 * (which splits the same figures by user) always count the same rows. `organizationId` null:
 * every organisation (a Super Admin's reports).
 */

/** Leads created in the range. */
export const leadsCreatedIn = (organizationId: string | null, range: Range) =>
  and(inOrganization(leads.organizationId, organizationId), within(leads.createdAt, range));

/** Emails sent (status 'sent', by any path) in the range. */
export const emailsSentIn = (organizationId: string | null, range: Range) =>
  and(
    inOrganization(sentEmails.organizationId, organizationId),
    eq(sentEmails.status, 'sent'),
    within(sentEmails.sentAt, range),
  );

/** Replies from leads received in the range (not automatic answers nor bounces). */
export const repliesIn = (organizationId: string | null, range: Range) =>
  and(
    inOrganization(emailReplies.organizationId, organizationId),
    eq(emailReplies.kind, 'reply'),
    within(emailReplies.receivedAt, range),
  );

/**
 * Leads that entered the deal stage they are in now in the range (joined with their stage, its
 * kind tells won from lost): a deal won or lost in the period.
 */
export const stageEnteredIn = (organizationId: string | null, range: Range) =>
  and(inOrganization(leads.organizationId, organizationId), within(leads.stageChangedAt, range));
