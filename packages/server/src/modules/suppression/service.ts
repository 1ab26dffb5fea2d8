import type { SuppressionReason } from '@leadline/shared/deliverability';
import {
  REFUSED_LISTED_MAX,
  SUPPRESSION_NOT_FOUND,
  addedMessage,
  parseSuppressionCsv,
  sortSuppressionLines,
} from '@leadline/shared/suppression';
import type {
  SuppressionAddData,
  SuppressionAdded,
  SuppressionImportData,
  SuppressionList,
  SuppressionListParams,
  RefusedLine,
  SuppressionSettings,
} from '@leadline/shared/suppression';
import type { Db } from '../../db/connection.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { chooseOrganization, organizationIn } from '../../caller/current-user.ts';
import type { CurrentUser } from '../../caller/current-user.ts';
import { logActivity } from '../activity/log.ts';
import { clearLeadsUnsubscribed } from '../leads/mail-state.ts';
import { bouncePausePercentOf, setBouncePausePercent } from '../organizations/service.ts';
import { markSuppressedLeads } from './check.ts';
import { toSuppression } from './present.ts';
import { deleteSuppression, findSuppressions, insertSuppressions } from './repo.ts';

export const NO_ORGANIZATION = chooseOrganization('manage the suppression list');

/** The list belongs to an organisation: the caller's, or the one a Super Admin works in. */
const organizationOf = (actor: CurrentUser): string => organizationIn(actor, NO_ORGANIZATION);

/** GET /api/suppression: a page of the list, newest first, searched by address or domain. */
export const listSuppressions = async (
  db: Db,
  actor: CurrentUser,
  query: SuppressionListParams,
): Promise<SuppressionList> => {
  const { rows, total } = await findSuppressions(db, organizationOf(actor), query.search, {
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  return { suppressions: rows.map(toSuppression), total, page: query.page, limit: query.limit };
};

/** Adds entries in one transaction, with one activity entry; answers the counts. */
const addEntries = async (
  db: Db,
  actor: CurrentUser,
  input: { entries: string[]; reason: SuppressionReason; source: string; refused: RefusedLine[] },
): Promise<SuppressionAdded> => {
  const organizationId = organizationOf(actor);
  const entries = [...new Set(input.entries)];
  const added = await db.transaction(async (tx) => {
    const inserted = await insertSuppressions(tx, {
      organizationId,
      entries,
      reason: input.reason,
      source: input.source,
      createdBy: actor.id,
    });
    if (input.reason === 'unsubscribed')
      await markSuppressedLeads(tx, organizationId, inserted, actor.id);
    if (inserted.length > 0) {
      const shown = inserted.slice(0, 5).join(', ');
      const more = inserted.length > 5 ? ` and ${inserted.length - 5} more` : '';
      await logActivity(tx, {
        organizationId,
        userId: actor.id,
        type: 'Email',
        action: 'suppressed',
        entityId: null,
        details: `${shown}${more} added to the suppression list (${input.source})`,
      });
    }
    return inserted.length;
  });
  const counts = { added, alreadyListed: entries.length - added, invalid: input.refused.length };
  return {
    message: addedMessage(counts),
    ...counts,
    refused: input.refused.slice(0, REFUSED_LISTED_MAX),
  };
};

/**
 * POST /api/suppression: addresses and domains typed or pasted in by an administrator. The
 * valid lines are added and the others listed with why; a list without one valid line is
 * refused (400) with the first line's reason.
 */
export const addSuppressions = (
  db: Db,
  actor: CurrentUser,
  data: SuppressionAddData,
): Promise<SuppressionAdded> => {
  const { entries, refused } = sortSuppressionLines(data.entries);
  if (entries.length === 0) {
    const first = refused[0]!;
    const message = `Nothing to add: “${first.value}”: ${first.reason}`;
    throw badRequest(message, { entries: message });
  }
  return addEntries(db, actor, {
    entries,
    reason: data.reason,
    source: `Added by ${actor.name}`,
    refused,
  });
};

/** POST /api/suppression/import: an uploaded CSV or text file's addresses and domains. */
export const importSuppressions = (
  db: Db,
  actor: CurrentUser,
  data: SuppressionImportData,
): Promise<SuppressionAdded> => {
  let parsed;
  try {
    parsed = parseSuppressionCsv(data.csv);
  } catch (error) {
    const message = (error as Error).message;
    throw badRequest(message, { csv: message });
  }
  return addEntries(db, actor, {
    entries: parsed.entries,
    reason: data.reason,
    source: `CSV upload by ${actor.name}`,
    refused: parsed.refused,
  });
};

/**
 * DELETE /api/suppression/:id: the address (or domain) may be mailed again. Leads that had
 * unsubscribed with that address are no longer marked so (the administrator was warned).
 */
export const removeSuppression = async (db: Db, actor: CurrentUser, id: string): Promise<void> => {
  const organizationId = organizationOf(actor);
  await db.transaction(async (tx) => {
    const row = await deleteSuppression(tx, organizationId, id);
    if (!row) throw notFound(SUPPRESSION_NOT_FOUND);
    if (row.reason === 'unsubscribed') await clearLeadsUnsubscribed(tx, organizationId, row.email);
    await logActivity(tx, {
      organizationId,
      userId: actor.id,
      type: 'Email',
      action: 'unsuppressed',
      entityId: null,
      details: `${row.email} removed from the suppression list (it was ${row.reason})`,
    });
  });
};

export const getSuppressionSettings = async (
  db: Db,
  actor: CurrentUser,
): Promise<SuppressionSettings> => ({
  bouncePausePercent: await bouncePausePercentOf(db, organizationOf(actor)),
});

export const updateSuppressionSettings = async (
  db: Db,
  actor: CurrentUser,
  settings: SuppressionSettings,
): Promise<SuppressionSettings> => {
  const organizationId = organizationOf(actor);
  await db.transaction(async (tx) => {
    await setBouncePausePercent(tx, organizationId, settings.bouncePausePercent);
    await logActivity(tx, {
      organizationId,
      userId: actor.id,
      type: 'Email',
      action: 'settings changed',
      entityId: null,
      details: `Bounce protection set to pause runs above ${settings.bouncePausePercent}% hard bounces`,
    });
  });
  return getSuppressionSettings(db, actor);
};
