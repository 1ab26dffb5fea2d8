import { EMPTY_RECIPIENT_COUNTS } from '@leadline/shared/campaigns';
import type { RecipientsParams, RecipientsResponse } from '@leadline/shared/campaigns';
import type { Db } from '../../db/connection.ts';
import type { CurrentUser } from '../../caller/current-user.ts';
import { countRecipientStates, findRecipients } from './store/recipients-repo.ts';
import { loadCampaign } from './store/scope.ts';

const iso = (value: string | null): string | null =>
  value === null ? null : new Date(value).toISOString();

/** GET /api/campaigns/:id/recipients: each lead's state, paged, filtered by state or search. */
export const listRecipients = async (
  db: Db,
  actor: CurrentUser,
  id: string,
  { page, limit, state, search }: RecipientsParams,
): Promise<RecipientsResponse> => {
  const campaign = await loadCampaign(db, actor, id);
  const email = campaign.type === 'email';
  const [{ rows, total }, counts] = await Promise.all([
    findRecipients(db, campaign.id, email, {
      state,
      search,
      limit,
      offset: (page - 1) * limit,
    }),
    countRecipientStates(db, campaign.id, email),
  ]);
  return {
    recipients: rows.map((row) => ({
      lead: {
        _id: row.leadId,
        name: `${row.firstName} ${row.lastName}`.trim(),
        email: row.email,
        companyName: row.companyName,
      },
      phone: row.phone,
      profileLink: row.profileLink,
      state: row.state,
      step: row.step,
      sentAt: iso(row.sentAt),
      dueAt: iso(row.dueAt),
      error: row.error,
    })),
    total,
    page,
    limit,
    counts: { ...EMPTY_RECIPIENT_COUNTS, ...counts },
  };
};
