import type { ParsedMail } from 'mailparser';
import type { AttendeeResponse } from '@leadline/shared/calendar';
import type { Db } from '../../db/connection.ts';
import { findAttendees, findMeetingByUid } from './repo.ts';
import { recordResponse } from './responses.ts';

/** An iCalendar REPLY (RFC 5546): which meeting, which version, and who answered what. */
export type CalendarReply = {
  uid: string;
  sequence: number;
  answers: { email: string; response: AttendeeResponse }[];
};

const PARTSTATS: Readonly<Record<string, AttendeeResponse>> = {
  ACCEPTED: 'accepted',
  DECLINED: 'declined',
  TENTATIVE: 'tentative',
  'NEEDS-ACTION': 'needs-action',
};

const valueOf = (line: string) => line.slice(line.indexOf(':') + 1).trim();

/** The REPLY in an iCalendar text; null for any other method or without a UID. */
export const parseCalendarReply = (text: string): CalendarReply | null => {
  const lines = text.replace(/\r?\n[ \t]/g, '').split(/\r?\n/);
  if (!lines.some((line) => /^METHOD:REPLY\s*$/i.test(line))) return null;
  const uid = lines.find((line) => /^UID[:;]/i.test(line));
  if (!uid || !valueOf(uid)) return null;
  const sequence = lines.find((line) => /^SEQUENCE[:;]/i.test(line));
  const answers = lines
    .filter((line) => /^ATTENDEE[:;]/i.test(line))
    .flatMap((line) => {
      const email = /:mailto:([^\s:;"]+)\s*$/i.exec(line)?.[1];
      const response = PARTSTATS[/;PARTSTAT=([A-Za-z-]+)/i.exec(line)?.[1]?.toUpperCase() ?? ''];
      return email && response ? [{ email: email.toLowerCase(), response }] : [];
    });
  return { uid: valueOf(uid), sequence: sequence ? Number(valueOf(sequence)) || 0 : 0, answers };
};

/**
 * An email the inbox reads that carries a calendar REPLY for a meeting of the organisation:
 * the sender's answer is recorded (only their own, only for the current version), once.
 * Returns how many answers changed.
 */
export const applyCalendarReplies = async (
  db: Db,
  organizationId: string,
  parsed: ParsedMail,
): Promise<number> => {
  const sender = parsed.from?.value[0]?.address?.toLowerCase();
  if (!sender) return 0;
  let changed = 0;
  for (const part of parsed.attachments) {
    if (part.contentType !== 'text/calendar') continue;
    const reply = parseCalendarReply(part.content.toString('utf8'));
    const answer = reply?.answers.find((entry) => entry.email === sender);
    if (!reply || !answer) continue;
    const meeting = await findMeetingByUid(db, organizationId, reply.uid);
    if (!meeting || reply.sequence < meeting.sequence) continue;
    const attendee = (await findAttendees(db, [meeting.id])).find((row) => row.email === sender);
    if (!attendee || attendee.response === answer.response) continue;
    await db.transaction((tx) =>
      recordResponse(tx, {
        organizationId,
        userId: null,
        meeting,
        email: sender,
        response: answer.response,
        how: 'answered',
        source: 'calendar reply',
      }),
    );
    changed += 1;
  }
  return changed;
};
