import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { organizations } from '../../db/schema.ts';
import { logActivity } from '../activity/log.ts';
import { isSuppressed, suppressAddress } from '../suppression/check.ts';
import type { UnsubscribeLinks } from './links.ts';
import { confirmPage, donePage, invalidLinkPage } from './page.ts';

/** An HTML answer: status and page. */
export type PageAnswer = { status: number; html: string };

const organizationName = async (db: Db, id: string): Promise<string | undefined> => {
  const [row] = await db
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, id));
  return row?.name;
};

/** The link's target and its organisation's name, or a 400 page (a changed or cut link). */
const resolve = async (db: Db, links: UnsubscribeLinks, token: string) => {
  const target = links.verify(token);
  const organization = target && (await organizationName(db, target.organizationId));
  return target && organization ? { ...target, organization } : undefined;
};

/** GET /unsubscribe/:token: asks to confirm (or says it is done already). */
export const showUnsubscribe = async (
  db: Db,
  links: UnsubscribeLinks,
  token: string,
  action: string,
): Promise<PageAnswer> => {
  const target = await resolve(db, links, token);
  if (!target) return { status: 400, html: invalidLinkPage() };
  if (await isSuppressed(db, target.organizationId, target.email))
    return { status: 200, html: donePage(target.email, target.organization) };
  return { status: 200, html: confirmPage(target.email, target.organization, action) };
};

/**
 * POST /unsubscribe/:token (the page's button, or a mail client's one-click POST, RFC 8058):
 * the address goes on the organisation's suppression list, its leads are marked unsubscribed
 * and the activity log says so. Repeating it changes nothing.
 */
export const confirmUnsubscribe = async (
  db: Db,
  links: UnsubscribeLinks,
  token: string,
): Promise<PageAnswer> => {
  const target = await resolve(db, links, token);
  if (!target) return { status: 400, html: invalidLinkPage() };
  await db.transaction(async (tx) => {
    const { added, leads } = await suppressAddress(
      tx,
      target.organizationId,
      target.email,
      'unsubscribed',
    );
    const entries: { entityId: string | null; details: string }[] = leads.map((lead) => ({
      entityId: lead.id,
      details: `Lead ${`${lead.personFirstName} ${lead.personLastName}`.trim()} <${target.email}> unsubscribed from bulk and campaign emails`,
    }));
    if (entries.length === 0 && added)
      entries.push({
        entityId: null,
        details: `${target.email} unsubscribed from bulk and campaign emails`,
      });
    for (const entry of entries) {
      await logActivity(tx, {
        organizationId: target.organizationId,
        userId: null,
        type: 'Email',
        action: 'unsubscribed',
        entityId: entry.entityId,
        details: entry.details,
      });
    }
  });
  return { status: 200, html: donePage(target.email, target.organization) };
};
