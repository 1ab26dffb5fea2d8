import type { ICalMethod } from './ical.ts';

/** What an invitation email says about its meeting. */
export type InvitationContent = {
  method: ICalMethod;
  /** An updated invitation (the meeting changed since it was first sent). */
  updated: boolean;
  topic: string;
  description: string;
  location: string;
  start: number;
  end: number;
  timeZone: string;
  organizer: { name: string; email: string };
  attendees: readonly string[];
};

const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );

/** "Tue 14 Jan 2025 10:00 – 11:00 (Europe/Berlin)", in the organiser's zone. */
export const whenText = (start: number, end: number, timeZone: string): string => {
  const day = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });
  const time = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const startDay = day.format(start);
  const endDay = day.format(end);
  const until = startDay === endDay ? time.format(end) : `${endDay} ${time.format(end)}`;
  return `${startDay} ${time.format(start)} – ${until} (${timeZone})`;
};

export const invitationSubject = (content: InvitationContent): string => {
  const prefix =
    content.method === 'CANCEL'
      ? 'Cancelled'
      : content.updated
        ? 'Updated invitation'
        : 'Invitation';
  return `${prefix}: ${content.topic} @ ${whenText(content.start, content.end, content.timeZone)}`;
};

const line = (label: string, value: string) =>
  value ? `<strong>${label}:</strong> ${value}<br>` : '';

/** The HTML body (its plain-text alternative is derived from it when the email is composed). */
export const invitationHtml = (content: InvitationContent): string => {
  const organizer = content.organizer.name
    ? `${escapeHtml(content.organizer.name)} &lt;${escapeHtml(content.organizer.email)}&gt;`
    : escapeHtml(content.organizer.email);
  const lead =
    content.method === 'CANCEL'
      ? `${organizer} has cancelled this meeting.`
      : content.updated
        ? `${organizer} has updated this meeting.`
        : `${organizer} has invited you to a meeting.`;
  const description = content.description
    ? escapeHtml(content.description).replace(/\r?\n/g, '<br>')
    : '';
  const answer =
    content.method === 'CANCEL'
      ? 'Your calendar app can remove it with the attached cancellation.'
      : 'Your calendar app can add it, and send your answer, from the attached invitation.';
  return [
    `<p>${lead}</p>`,
    `<h2 style="margin:0 0 8px">${escapeHtml(content.topic)}</h2>`,
    '<p>',
    line('When', escapeHtml(whenText(content.start, content.end, content.timeZone))),
    line('Where', escapeHtml(content.location)),
    line('Organiser', organizer),
    line('Attendees', content.attendees.map(escapeHtml).join(', ')),
    '</p>',
    description ? `<p>${description}</p>` : '',
    `<p style="color:#555">${answer}</p>`,
  ].join('');
};
