import { describe, expect, it } from 'vitest';
import { conflictWarning, isConfirmed, meetingConflictQuerySchema } from './calendar.ts';
import type { MeetingInvitation } from './calendar.ts';

const clash = (topic: string, startTime: string, endTime: string) => ({
  _id: topic,
  topic,
  startTime,
  endTime,
});

describe('conflictWarning', () => {
  it('names the first clashing meeting and its times, then how many more', () => {
    expect(conflictWarning([])).toBeNull();
    expect(conflictWarning([clash('Quarterly review', '10:00', '11:00')])).toBe(
      'Overlaps “Quarterly review” (10:00–11:00)',
    );
    expect(
      conflictWarning([
        clash('Quarterly review', '10:00', '11:00'),
        clash('Standup', '10:15', '10:30'),
        clash('Lunch', '10:45', '12:00'),
      ]),
    ).toBe('Overlaps “Quarterly review” (10:00–11:00) and 2 more');
  });
});

describe('meetingConflictQuerySchema', () => {
  it('wants a date and two times in order, in a real zone', () => {
    const query = { date: '2031-03-12', startTime: '10:00', endTime: '11:00' };
    expect(meetingConflictQuerySchema.parse(query).timeZone).toBe('UTC');
    expect(meetingConflictQuerySchema.safeParse({ ...query, endTime: '09:00' }).success).toBe(
      false,
    );
    expect(meetingConflictQuerySchema.safeParse({ ...query, timeZone: 'Mars/Base' }).success).toBe(
      false,
    );
  });
});

describe('isConfirmed', () => {
  const invitation = (response: MeetingInvitation['response']): MeetingInvitation => ({
    email: `${response}@client.test`,
    status: 'sent',
    sentAt: null,
    response,
  });
  it('needs attendees, every one of them accepted', () => {
    expect(isConfirmed({ invitations: [] })).toBe(false);
    expect(isConfirmed({ invitations: [invitation('accepted'), invitation('accepted')] })).toBe(
      true,
    );
    expect(isConfirmed({ invitations: [invitation('accepted'), invitation('tentative')] })).toBe(
      false,
    );
  });
});
