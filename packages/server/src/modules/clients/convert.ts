import { clientSchema } from '@leadline/shared/clients';
import type { Client } from '@leadline/shared/clients';
import { hasPermission } from '@leadline/shared/permissions';
import type { LeadConvertData } from '@leadline/shared/interactions';
import type { Db } from '../../db/connection.ts';
import type { CurrentUser } from '../../caller/current-user.ts';
import { HttpError, badRequest } from '../../lib/errors.ts';
import { logActivity } from '../activity/log.ts';
import { getLead } from '../leads/service.ts';
import { describeLead, leadName } from '../leads/present.ts';
import { checkLeadWrite } from '../leads/access.ts';
import { linkLeadToClient } from '../leads/client-link.ts';
import { addClientRow, duplicateAsConflict, organizationOf, presentClient } from './service.ts';

export const ALREADY_CONVERTED = 'This lead was already converted into a client';
export const CONVERT_NEEDS_LEADS = 'Converting a lead needs access to the Leads page';

/** A lead's website as a client's: clients keep only http(s) addresses. */
const websiteOf = (site: string): string => {
  const trimmed = site.trim();
  if (trimmed === '') return '';
  return /^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
};

/**
 * POST /api/leads/:id/convert: a client made of the lead (company, contact, email, website; the
 * category from the request, else the lead's industry, else "Other"), the lead linked to it, in
 * one transaction with an activity entry for each.
 */
export const convertLead = async (
  db: Db,
  actor: CurrentUser,
  leadId: string,
  { companyCategory }: LeadConvertData,
): Promise<Client> => {
  if (!hasPermission(actor, 'leadsTable')) throw new HttpError(403, CONVERT_NEEDS_LEADS);
  const lead = await getLead(db, actor, leadId);
  // Linking the lead changes it: the caller's own lead, unless they manage leads.
  checkLeadWrite(actor, { owners: [lead.ownerId] });
  if (lead.clientId) throw new HttpError(409, ALREADY_CONVERTED);
  const parsed = clientSchema.safeParse({
    companyName: lead.companyName,
    contact: leadName(lead),
    email: lead.personEmail,
    website: websiteOf(lead.companySite),
    companyCategory: companyCategory || lead.industry || 'Other',
  });
  if (!parsed.success) throw badRequest(parsed.error.issues[0]!.message);
  const organizationId = organizationOf(actor);
  const client = await duplicateAsConflict(() =>
    db.transaction(async (tx) => {
      const created = await addClientRow(tx, actor, organizationId, parsed.data);
      if (!(await linkLeadToClient(tx, actor.id, organizationId, lead._id, created.id))) {
        throw new HttpError(409, ALREADY_CONVERTED);
      }
      await logActivity(tx, {
        organizationId,
        userId: actor.id,
        type: 'Lead',
        entityId: lead._id,
        action: 'converted',
        details: `${describeLead(lead)} converted into a client`,
      });
      return created;
    }),
  );
  return presentClient(db, client);
};
