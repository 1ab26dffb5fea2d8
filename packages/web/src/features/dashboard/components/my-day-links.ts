import type { MeetingLink } from '@leadline/shared/calendar';

/** The lead's drawer on the Leads page. */
export const leadPath = (leadId: string): string =>
  `/leads-table?${new URLSearchParams({ lead: leadId }).toString()}`;

/** A linked lead's or client's drawer. */
export const linkPath = (link: MeetingLink): string =>
  link.kind === 'lead'
    ? leadPath(link.id)
    : `/all-clients?${new URLSearchParams({ client: link.id }).toString()}`;

const pad = (value: number) => String(value).padStart(2, '0');

/** The calendar's day view on the (viewer's) day of this instant, where the meeting's card is. */
export const meetingPath = (start: string): string => {
  const day = new Date(start);
  const date = `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
  return `/calendar?${new URLSearchParams({ view: 'day', date }).toString()}`;
};
