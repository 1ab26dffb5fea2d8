import { Readable } from 'node:stream';
import type { AuditFilter, AuditList, AuditQuery } from '@leadline/shared/audit';
import { periodEnd, periodStart } from '@leadline/shared/audit';
import type { Db } from '../../db/connection.ts';
import { forbidden } from '../../lib/errors.ts';
import { CSV_BOM } from '../../lib/csv.ts';
import { scopeOf } from '../../caller/current-user.ts';
import type { CurrentUser } from '../../caller/current-user.ts';
import { AUDIT_CSV_HEADER, auditCsvLine, toAuditEntry } from './present.ts';
import { recordAudit } from './record.ts';
import type { AuditWho } from './who.ts';
import { findAuditEntries } from './repo.ts';
import type { AuditSelection } from './repo.ts';

export const OWN_ORGANIZATION_ONLY = "You can see your own organisation's audit log only.";

/**
 * The entries the caller may see with the filters: an Admin their organisation's (the one a
 * Super Admin acts in, with the header); a Super Admin acting in none every organisation's and
 * those of no organisation, or one organisation's with `organizationId`.
 */
const selectionOf = (actor: CurrentUser, filter: AuditFilter): AuditSelection => {
  const scope = scopeOf(actor);
  if (scope === null && actor.role !== 'Super Admin') throw forbidden(OWN_ORGANIZATION_ONLY);
  if (scope !== null && filter.organizationId && filter.organizationId !== scope) {
    throw forbidden(OWN_ORGANIZATION_ONLY);
  }
  return {
    organizationId: scope ?? filter.organizationId ?? null,
    kind: filter.kind,
    actorId: filter.userId,
    from: filter.from ? periodStart(filter.from) : undefined,
    to: filter.to ? periodEnd(filter.to) : undefined,
  };
};

/** GET /api/audit: a page, newest first; `nextCursor` continues it. */
export const listAudit = async (
  db: Db,
  actor: CurrentUser,
  query: AuditQuery,
): Promise<AuditList> => {
  const rows = await findAuditEntries(db, selectionOf(actor, query), query.limit + 1, query.cursor);
  const page = rows.slice(0, query.limit);
  return {
    entries: page.map(toAuditEntry),
    nextCursor: rows.length > query.limit ? page.at(-1)!.id : null,
  };
};

const EXPORT_PAGE = 500;

async function* csvOf(db: Db, selection: AuditSelection): AsyncGenerator<string> {
  yield `${CSV_BOM}${AUDIT_CSV_HEADER}`;
  let after: string | undefined;
  for (;;) {
    const rows = await findAuditEntries(db, selection, EXPORT_PAGE, after);
    if (rows.length > 0) yield rows.map(auditCsvLine).join('');
    if (rows.length < EXPORT_PAGE) return;
    after = rows.at(-1)!.id;
  }
}

/**
 * GET /api/audit/export: every entry of the filters as CSV, read a page at a time while it is
 * sent. The download itself is recorded first (export.downloaded).
 */
export const exportAudit = async (
  db: Db,
  actor: CurrentUser,
  filter: AuditFilter,
  who: AuditWho,
): Promise<Readable> => {
  const selection = selectionOf(actor, filter);
  await recordAudit(db, who, 'export.downloaded', { what: 'audit log', ...filter });
  return Readable.from(csvOf(db, selection));
};
