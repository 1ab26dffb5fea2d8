import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { events, webhookDeliveries, webhooks } from '../../db/tables.ts';

export type WebhookRow = typeof webhooks.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect & { eventType: string };
export type LastDeliveryRow = {
  webhookId: string;
  status: DeliveryRow['status'];
  responseStatus: number | null;
  at: Date;
};

const ofOrganization = (organizationId: string, id: string) =>
  and(eq(webhooks.organizationId, organizationId), eq(webhooks.id, id));

export const insertWebhook = async (
  db: Db,
  values: typeof webhooks.$inferInsert,
): Promise<WebhookRow> => (await db.insert(webhooks).values(values).returning())[0]!;

export const findWebhooks = (db: Db, organizationId: string): Promise<WebhookRow[]> =>
  db
    .select()
    .from(webhooks)
    .where(eq(webhooks.organizationId, organizationId))
    .orderBy(desc(webhooks.createdAt), desc(webhooks.id));

export const findWebhook = async (
  db: Db,
  organizationId: string,
  id: string,
): Promise<WebhookRow | undefined> =>
  (await db.select().from(webhooks).where(ofOrganization(organizationId, id)))[0];

/** Each webhook's most recent delivery (by when it was queued). */
export const findLastDeliveries = async (
  db: Db,
  webhookIds: readonly string[],
): Promise<Map<string, LastDeliveryRow>> => {
  if (webhookIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([webhookDeliveries.webhookId], {
      webhookId: webhookDeliveries.webhookId,
      status: webhookDeliveries.status,
      responseStatus: webhookDeliveries.responseStatus,
      at: sql<Date>`coalesce(${webhookDeliveries.lastAttemptAt}, ${webhookDeliveries.createdAt})`.mapWith(
        (value: string | Date) => new Date(value),
      ),
    })
    .from(webhookDeliveries)
    .where(inArray(webhookDeliveries.webhookId, [...webhookIds]))
    .orderBy(webhookDeliveries.webhookId, desc(webhookDeliveries.createdAt));
  return new Map(rows.map((row) => [row.webhookId, row]));
};

export const updateWebhook = async (
  db: Db,
  organizationId: string,
  id: string,
  set: Partial<typeof webhooks.$inferInsert>,
): Promise<WebhookRow | undefined> =>
  (
    await db
      .update(webhooks)
      .set({ ...set, updatedAt: sql`now()` })
      .where(ofOrganization(organizationId, id))
      .returning()
  )[0];

export const deleteWebhook = async (
  db: Db,
  organizationId: string,
  id: string,
): Promise<WebhookRow | undefined> =>
  (await db.delete(webhooks).where(ofOrganization(organizationId, id)).returning())[0];

const deliveryColumns = {
  row: webhookDeliveries,
  eventType: events.type,
};

const withEventType = (rows: { row: typeof webhookDeliveries.$inferSelect; eventType: string }[]) =>
  rows.map(({ row, eventType }) => ({ ...row, eventType }));

/** A page of a webhook's deliveries, newest first, and how many there are. */
export const findDeliveries = async (
  db: Db,
  organizationId: string,
  webhookId: string,
  page: { limit: number; offset: number },
): Promise<{ rows: DeliveryRow[]; total: number }> => {
  const where = and(
    eq(webhookDeliveries.organizationId, organizationId),
    eq(webhookDeliveries.webhookId, webhookId),
  );
  const rows = await db
    .select(deliveryColumns)
    .from(webhookDeliveries)
    .innerJoin(events, eq(events.id, webhookDeliveries.eventId))
    .where(where)
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.eventSeq))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db.select({ n: count() }).from(webhookDeliveries).where(where);
  return { rows: withEventType(rows), total: total?.n ?? 0 };
};

export const findDelivery = async (
  db: Db,
  organizationId: string,
  id: string,
): Promise<DeliveryRow | undefined> =>
  withEventType(
    await db
      .select(deliveryColumns)
      .from(webhookDeliveries)
      .innerJoin(events, eq(events.id, webhookDeliveries.eventId))
      .where(
        and(eq(webhookDeliveries.organizationId, organizationId), eq(webhookDeliveries.id, id)),
      ),
  )[0];

/** Redeliver: the delivery is pending again, due now, with a fresh count of attempts. */
export const requeueDelivery = async (db: Db, organizationId: string, id: string) =>
  (
    await db
      .update(webhookDeliveries)
      .set({ status: 'pending', attempts: 0, nextAttemptAt: sql`now()`, deliveredAt: null })
      .where(
        and(
          eq(webhookDeliveries.organizationId, organizationId),
          eq(webhookDeliveries.id, id),
          sql`${webhookDeliveries.status} <> 'pending'`,
        ),
      )
      .returning({ id: webhookDeliveries.id })
  )[0];

export const insertDeliveries = async (
  db: Db,
  rows: readonly (typeof webhookDeliveries.$inferInsert)[],
): Promise<string[]> => {
  const ids: string[] = [];
  for (let start = 0; start < rows.length; start += 1000) {
    const inserted = await db
      .insert(webhookDeliveries)
      .values(rows.slice(start, start + 1000))
      .onConflictDoNothing()
      .returning({ id: webhookDeliveries.id });
    ids.push(...inserted.map((row) => row.id));
  }
  return ids;
};

/** Switches off every active webhook the user created (any organisation); answers them. */
export const disableWebhooksCreatedBy = (
  db: Db,
  userId: string,
  reason: string,
): Promise<WebhookRow[]> =>
  db
    .update(webhooks)
    .set({ active: false, disabledAt: sql`now()`, disabledReason: reason, updatedAt: sql`now()` })
    .where(and(eq(webhooks.createdBy, userId), eq(webhooks.active, true)))
    .returning();
