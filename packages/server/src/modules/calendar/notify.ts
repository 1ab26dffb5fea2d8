import type { Db } from '../../db/connection.ts';
import type { SecretBox } from '../../mail/crypto.ts';
import { logActivity } from '../activity/log.ts';
import type { Sender } from '../sending/email.ts';
import type { CurrentUser } from '../../caller/current-user.ts';
import { findUserById } from '../users/store.ts';
import { whenText } from './invitation-message.ts';
import { sendInvitations } from './invitations.ts';
import type { InvitationRun, RecipientResult, RunResult } from './invitations.ts';
import { meetingName } from './present.ts';
import { findMeeting, recordInvitations } from './repo.ts';
import type { MeetingRow } from './repo.ts';

export const ORGANIZER_GONE =
  "The organiser's account no longer exists, so no invitations can be sent for this meeting.";

/** Who hears what after a change. */
export type NotifyPlan = {
  /** Attendees who get the (new or updated) invitation: METHOD:REQUEST. */
  request: readonly string[];
  /** Attendees who get a cancellation: METHOD:CANCEL. */
  cancel: readonly string[];
  /** The meeting changed since its first invitation. */
  updated: boolean;
  /** A deleted meeting, as it was, with its SEQUENCE raised (its rows are gone). */
  deleted?: MeetingRow;
};

export type SentInvitations = {
  /** Invitations and cancellations that went out. */
  sent: number;
  /** Why some did not, in words for the user. */
  notice?: string;
  /** The status of the reason sending stopped (400 no settings, 429 the limit, 502 the server). */
  stopStatus: number | null;
};

/** When a meeting is, in its organiser's zone (activity entries and emails). */
export const invitationWhen = (meeting: Pick<MeetingRow, 'startsAt' | 'endsAt' | 'timeZone'>) =>
  whenText(meeting.startsAt.getTime(), meeting.endsAt.getTime(), meeting.timeZone);

/** The organiser sends, whoever made the change: ORGANIZER must stay the same for calendars. */
const organizerOf = async (
  db: Db,
  actor: CurrentUser,
  meeting: MeetingRow,
): Promise<Sender | null> => {
  if (meeting.organizerId === actor.id) return actor;
  const row = meeting.organizerId ? await findUserById(db, meeting.organizerId) : undefined;
  return row
    ? { id: row.id, name: row.name, email: row.email, organizationId: row.organizationId }
    : null;
};

const notSent = (emails: readonly string[], reason: string): RunResult => ({
  results: emails.map((email) => ({ email, status: 'pending', error: reason })),
  sent: 0,
  stopReason: reason,
  stopStatus: 400,
});

const noticeOf = (runs: RunResult[], total: number): string | undefined => {
  const sent = runs.reduce((sum, run) => sum + run.sent, 0);
  if (sent === total) return undefined;
  const reason =
    runs.find((run) => run.stopReason)?.stopReason ??
    runs.flatMap((run) => run.results).find((result) => result.error)?.error ??
    'the mail server did not accept them';
  return sent === 0
    ? `No invitations were sent: ${reason}`
    : `${total - sent} of ${total} invitations were not sent: ${reason}`;
};

const sentTo = (results: readonly RecipientResult[]) =>
  results.filter((result) => result.status === 'sent').map((result) => result.email);

/**
 * Sends the plan's invitations and cancellations from the organiser's account, records where
 * each attendee's invitation stands, and logs what went out.
 */
export const notifyAttendees = async (
  db: Db,
  box: SecretBox,
  actor: CurrentUser,
  organizationId: string,
  meetingId: string,
  plan: NotifyPlan,
): Promise<SentInvitations> => {
  const total = plan.request.length + plan.cancel.length;
  if (total === 0) return { sent: 0, stopStatus: null };
  const meeting = plan.deleted ?? (await findMeeting(db, organizationId, meetingId))!;
  const sender = await organizerOf(db, actor, meeting);
  const base = { organizationId, meeting, updated: plan.updated };
  const send = async (
    run: Omit<InvitationRun, 'organizationId' | 'meeting' | 'updated' | 'sender'>,
  ): Promise<RunResult> => {
    if (run.recipients.length === 0)
      return { results: [], sent: 0, stopReason: null, stopStatus: null };
    if (!sender) return notSent(run.recipients, ORGANIZER_GONE);
    return sendInvitations(db, box, { ...base, ...run, sender });
  };

  const requests = await send({
    method: 'REQUEST',
    attendees: plan.request,
    recipients: plan.request,
  });
  const cancels = await send({ method: 'CANCEL', attendees: plan.cancel, recipients: plan.cancel });
  if (!plan.deleted) await recordInvitations(db, meetingId, meeting.sequence, requests.results);

  const name = meetingName(meeting.topic);
  const entries = [
    {
      emails: sentTo(requests.results),
      action: plan.updated ? 'update sent' : 'invitations sent',
      what: plan.updated ? 'Updated invitation' : 'Invitation',
    },
    { emails: sentTo(cancels.results), action: 'cancellation sent', what: 'Cancellation' },
  ];
  for (const entry of entries.filter((candidate) => candidate.emails.length > 0)) {
    await logActivity(db, {
      organizationId,
      userId: actor.id,
      type: 'Meeting',
      entityId: meetingId,
      action: entry.action,
      details: `${entry.what} for ${name} sent to ${entry.emails.join(', ')}`,
    });
  }
  const runs = [requests, cancels];
  const notice = noticeOf(runs, total);
  return {
    sent: requests.sent + cancels.sent,
    ...(notice ? { notice } : {}),
    stopStatus: runs.find((run) => run.stopStatus !== null)?.stopStatus ?? null,
  };
};
