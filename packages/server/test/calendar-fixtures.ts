import { count, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Meeting, MeetingInput } from '@leadline/shared/calendar';
import type { Db } from '../src/db/connection.ts';
import { sentEmails } from '../src/db/schema.ts';
import { meetings } from '../src/db/tables/calendar.ts';
import type { TestContext } from './context.ts';

/** A valid meeting for POST /api/calendar (Berlin time, a day far enough ahead). */
export const meetingPayload = (overrides: Partial<MeetingInput> = {}): MeetingInput => ({
  topic: 'Quarterly review',
  date: '2031-03-12',
  startTime: '10:00',
  endTime: '11:00',
  timeZone: 'Europe/Berlin',
  location: 'Room 4',
  description: 'Numbers and next steps',
  attendees: ['grace@client.test', 'alan@client.test'],
  ...overrides,
});

export type Scheduled = {
  topic: string;
  meeting: Meeting;
  invitationsSent: number;
  notice?: string;
};

/** POST /api/calendar, expecting 201. */
export const schedule = async (
  t: TestContext,
  token: string,
  overrides: Partial<MeetingInput> = {},
): Promise<Scheduled> => {
  const response = await t.request({
    method: 'POST',
    url: '/api/calendar',
    token,
    payload: meetingPayload(overrides),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
};

export const countMeetings = async (db: Db, organizationId?: string): Promise<number> => {
  const [row] = await db
    .select({ n: count() })
    .from(meetings)
    .where(organizationId ? eq(meetings.organizationId, organizationId) : undefined);
  return row!.n;
};

export const invitationEmails = (db: Db) =>
  db.select().from(sentEmails).where(eq(sentEmails.kind, 'invitation'));
