import { personName } from '@leadline/shared/leads';
import type { Lead, LeadOwner } from '@leadline/shared/leads';
import type { LeadRow } from './repo.ts';

/** The stored lead, as other modules receive it (sending personalises from it). */
export type { LeadRow };

/**
 * A lead as the API shows it (shared `Lead`): string `_id`, ISO dates, no tenancy columns.
 * `ownerName` names the owner (presentLeads in ./owners.ts reads the names); `custom`: the values
 * of the organisation's fields not deleted (presentLeads filters them).
 */
export const toLead = (row: LeadRow, ownerName?: string, custom: Lead['custom'] = {}): Lead => ({
  _id: row.id,
  companyName: row.companyName,
  industry: row.industry,
  size: row.size,
  companySite: row.companySite,
  companyLinkedin: row.companyLinkedin,
  personFirstName: row.personFirstName,
  personLastName: row.personLastName,
  personEmail: row.personEmail,
  personDesignation: row.personDesignation,
  personLinkedin: row.personLinkedin,
  personCity: row.personCity,
  personState: row.personState,
  personCountry: row.personCountry,
  timeZone: row.timeZone,
  phone: row.phone,
  ownerId: row.ownerId,
  owner: row.ownerId ? ownerOf(row.ownerId, ownerName) : null,
  dealValue: row.dealValue,
  expectedCloseDate: row.expectedCloseDate,
  clientId: row.clientId,
  statusChangedAt: row.statusChangedAt.toISOString(),
  source: row.source,
  status: row.status,
  contactProfileLink: row.contactProfileLink,
  subject: row.subject,
  mailSent: row.mailSent,
  sentCount: row.sentCount,
  mailSentDate: row.mailSentDate ? row.mailSentDate.toISOString() : null,
  repliedAt: row.repliedAt ? row.repliedAt.toISOString() : null,
  unsubscribedAt: row.unsubscribedAt ? row.unsubscribedAt.toISOString() : null,
  bouncedAt: row.bouncedAt ? row.bouncedAt.toISOString() : null,
  bounceReason: row.bounceReason,
  doNotTrack: row.doNotTrack,
  stageId: row.stageId,
  stageChangedAt: row.stageChangedAt ? row.stageChangedAt.toISOString() : null,
  lostReason: row.lostReason,
  custom,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const ownerOf = (id: string, name: string | undefined): LeadOwner => ({ id, name: name ?? '' });

/** How activity entries name a lead: "Lead Ada Lovelace (Acme)". */
export const leadName = (lead: Pick<LeadRow, 'personFirstName' | 'personLastName'>): string =>
  personName(lead);

export const describeLead = (
  lead: Pick<LeadRow, 'personFirstName' | 'personLastName' | 'companyName'>,
): string => `Lead ${leadName(lead)} (${lead.companyName})`;
