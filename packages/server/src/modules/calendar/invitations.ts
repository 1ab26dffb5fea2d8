import type { Db } from '../../db/connection.ts';
import { HttpError } from '../../lib/errors.ts';
import type { SecretBox } from '../../mail/crypto.ts';
import { findLeadIdByEmail } from '../leads/mail-state.ts';
import type { OutgoingEmail, Sender } from '../sending/email.ts';
import { SendFailed, openOutbox } from '../sending/outbox.ts';
import { buildICalendar } from './ical.ts';
import type { ICalMethod } from './ical.ts';
import { invitationHtml, invitationSubject } from './invitation-message.ts';
import type { InvitationContent } from './invitation-message.ts';

/** The meeting as its invitations describe it. */
export type InvitedMeeting = {
  uid: string;
  sequence: number;
  topic: string;
  description: string;
  location: string;
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
  createdAt: Date;
  updatedAt: Date;
};

export type InvitationRun = {
  organizationId: string;
  /** The organiser: their SMTP account sends, their daily limit counts, they are ORGANIZER. */
  sender: Sender;
  meeting: InvitedMeeting;
  method: ICalMethod;
  /** A REQUEST for a meeting that changed since it was first sent. */
  updated: boolean;
  /** Everyone the invitation lists (ATTENDEE lines). */
  attendees: readonly string[];
  /** Who gets an email (all attendees, or those added, removed or resent to). */
  recipients: readonly string[];
};

export type RecipientResult = {
  email: string;
  /** 'pending': not attempted, because sending stopped (no settings, the limit, no server). */
  status: 'sent' | 'failed' | 'pending';
  error: string | null;
};

export type RunResult = {
  results: RecipientResult[];
  sent: number;
  /** Why sending stopped before the last recipient, if it did, and the status that says so. */
  stopReason: string | null;
  stopStatus: number | null;
};

/**
 * Sends one invitation email per recipient from the organiser's SMTP account: the HTML and
 * text message with the iCalendar object as a text/calendar alternative and as invite.ics.
 * Each email is reserved against the organiser's daily limit and recorded in sent_emails
 * (kind 'invitation'), exactly as every other send. No settings, the limit reached, or a
 * server that cannot be reached stops the run: those recipients stay 'pending' with the
 * reason. A message the server refuses is 'failed' and the run goes on.
 */
export const sendInvitations = async (
  db: Db,
  box: SecretBox,
  run: InvitationRun,
): Promise<RunResult> => {
  const { meeting, sender } = run;
  const results: RecipientResult[] = [];
  // One connection for every recipient.
  const outbox = openOutbox(db, box, { pooled: true });
  let stop: { reason: string; status: number } | null = null;
  const stamp = Date.now();
  // The same for every recipient.
  const content: InvitationContent = {
    method: run.method,
    updated: run.updated,
    topic: meeting.topic,
    description: meeting.description,
    location: meeting.location,
    start: meeting.startsAt.getTime(),
    end: meeting.endsAt.getTime(),
    timeZone: meeting.timeZone,
    organizer: { name: sender.name, email: sender.email },
    attendees: run.attendees,
  };
  try {
    for (const to of run.recipients) {
      if (stop) {
        results.push({ email: to, status: 'pending', error: stop.reason });
        continue;
      }
      const email: OutgoingEmail = {
        kind: 'invitation',
        to,
        cc: [],
        bcc: [],
        subject: invitationSubject(content),
        html: '',
        priority: 'normal',
        // In the lead's email history when the attendee is a lead; their counters stay.
        leadId: (await findLeadIdByEmail(db, run.organizationId, to)) ?? null,
        logActivity: false,
      };
      try {
        // The message as every email is composed, plus the invitation (with the organiser at
        // the From address the reservation settles): a text/calendar alternative (METHOD in
        // its content type) and the same object as invite.ics, both base64 so that no relay
        // rewraps the CRLF lines.
        await outbox.send(sender, email, (from) => {
          const organizer = { name: sender.name, email: from };
          const calendar = buildICalendar({
            method: run.method,
            uid: meeting.uid,
            sequence: meeting.sequence,
            stamp,
            start: content.start,
            end: content.end,
            timeZone: meeting.timeZone,
            summary: meeting.topic,
            description: meeting.description,
            location: meeting.location,
            organizer,
            attendees: run.attendees,
            created: meeting.createdAt.getTime(),
            lastModified: meeting.updatedAt.getTime(),
          });
          return {
            html: invitationHtml({ ...content, organizer }),
            icalEvent: {
              method: run.method,
              filename: 'invite.ics',
              content: calendar,
              contentTransferEncoding: 'base64',
            },
          };
        });
        results.push({ email: to, status: 'sent', error: null });
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        // Refused by the server: this email failed. No settings, the limit or a password that
        // cannot be read: not sent, still pending. Only a refusal of this one message lets the
        // run go on.
        const refused = error instanceof SendFailed;
        results.push({ email: to, status: refused ? 'failed' : 'pending', error: error.message });
        if (!refused || error.failure !== 'other')
          stop = { reason: error.message, status: error.statusCode };
      }
    }
  } finally {
    outbox.close();
  }
  return {
    results,
    sent: results.filter((result) => result.status === 'sent').length,
    stopReason: stop?.reason ?? null,
    stopStatus: stop?.status ?? null,
  };
};
