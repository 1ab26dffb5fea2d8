import {
  ATTENDEE_SEARCH_LIMIT,
  LINKED_MEETINGS_MAX,
  MEETING_ATTENDEES_MAX,
  TOO_MANY_ATTENDEES,
  linkedNotFound,
  linkedWithoutEmail,
} from '@leadline/shared/calendar';
import type {
  AttendeeOption,
  LinkedMeetings,
  MeetingData,
  MeetingLinkKind,
} from '@leadline/shared/calendar';
import { PERMISSION_LABELS, hasPermission } from '@leadline/shared/permissions';
import type { Db } from '../../db/connection.ts';
import type { CurrentUser } from '../../caller/current-user.ts';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { findLinkTargets, findLinkedMeetings, searchLinkTargets } from './links-repo.ts';
import { toMeeting } from './present.ts';
import { findAttendees } from './repo.ts';
import type { AttendeeInput, AttendeeRow } from './repo.ts';

/** Leads are linked by those who may open the leads; clients by those who may open the clients. */
const PERMISSION_OF = { lead: 'leadsTable', client: 'allClients' } as const;

const checkMayLink = (actor: CurrentUser, kind: MeetingLinkKind): void => {
  const key = PERMISSION_OF[kind];
  if (!hasPermission(actor, key))
    throw forbidden(
      `${kind === 'lead' ? 'Leads' : 'Clients'} in meetings need the ${PERMISSION_LABELS[key]} permission`,
    );
};

export type ResolvedAttendees = {
  /** As stored: linked ones with their link, in the form's order. */
  rows: AttendeeInput[];
  /** Every attendee's email (who is invited). */
  emails: string[];
};

/**
 * The meeting's attendees: the picked leads and clients (each of the organisation, at its
 * email; 404 for one that is not, 400 for one without an email) and the typed addresses.
 */
export const resolveAttendees = async (
  db: Db,
  actor: CurrentUser,
  organizationId: string,
  data: Pick<MeetingData, 'attendees' | 'links'>,
): Promise<ResolvedAttendees> => {
  for (const kind of new Set(data.links.map((link) => link.kind))) checkMayLink(actor, kind);
  const ids = (kind: MeetingLinkKind) =>
    data.links.filter((link) => link.kind === kind).map((link) => link.id);
  const targets = await findLinkTargets(db, organizationId, {
    leads: ids('lead'),
    clients: ids('client'),
  });
  const rows: AttendeeInput[] = [];
  const emails = new Set<string>();
  for (const link of data.links) {
    const target = targets.find((found) => found.kind === link.kind && found.id === link.id);
    if (!target) throw notFound(linkedNotFound(link.kind));
    const email = target.email.trim().toLowerCase();
    if (!email) throw badRequest(linkedWithoutEmail(target.name));
    if (emails.has(email)) continue;
    emails.add(email);
    rows.push({
      email,
      leadId: link.kind === 'lead' ? link.id : null,
      clientId: link.kind === 'client' ? link.id : null,
    });
  }
  for (const email of data.attendees) {
    if (emails.has(email)) continue;
    emails.add(email);
    rows.push(email);
  }
  if (rows.length > MEETING_ATTENDEES_MAX) throw badRequest(TOO_MANY_ATTENDEES);
  return { rows, emails: [...emails] };
};

const keyOf = (attendee: AttendeeInput | AttendeeRow): string =>
  typeof attendee === 'string'
    ? `${attendee}::`
    : `${attendee.email}:${attendee.leadId ?? ''}:${attendee.clientId ?? ''}`;

/** Whether the stored attendees differ from those resolved (who, their order or their links). */
export const attendeesDiffer = (
  before: readonly AttendeeRow[],
  after: readonly AttendeeInput[],
): boolean => before.map(keyOf).join(',') !== after.map(keyOf).join(',');

/** GET /api/calendar/attendee-options: the leads and clients the caller may see, by name or email. */
export const searchAttendeeOptions = async (
  db: Db,
  actor: CurrentUser,
  organizationId: string,
  term: string,
): Promise<AttendeeOption[]> =>
  searchLinkTargets(
    db,
    organizationId,
    term,
    { leads: hasPermission(actor, 'leadsTable'), clients: hasPermission(actor, 'allClients') },
    ATTENDEE_SEARCH_LIMIT,
  );

/** GET /api/calendar/linked: a lead's (or client's) meetings, upcoming and past. */
export const linkedMeetings = async (
  db: Db,
  actor: CurrentUser,
  organizationId: string,
  link: { kind: MeetingLinkKind; id: string },
  now = new Date(),
): Promise<LinkedMeetings> => {
  checkMayLink(actor, link.kind);
  const id = link.id.toLowerCase();
  const [target] = await findLinkTargets(db, organizationId, {
    leads: link.kind === 'lead' ? [id] : [],
    clients: link.kind === 'client' ? [id] : [],
  });
  if (!target) throw notFound(link.kind === 'lead' ? 'Lead not found' : 'Client not found');
  const found = await findLinkedMeetings(
    db,
    organizationId,
    { kind: link.kind, id },
    now,
    LINKED_MEETINGS_MAX,
  );
  const attendees = await findAttendees(
    db,
    [...found.upcoming, ...found.past].map((row) => row.id),
  );
  const present = (rows: typeof found.upcoming) =>
    rows.map((row) =>
      toMeeting(
        row,
        attendees.filter((attendee) => attendee.meetingId === row.id),
      ),
    );
  return { upcoming: present(found.upcoming), past: present(found.past) };
};
