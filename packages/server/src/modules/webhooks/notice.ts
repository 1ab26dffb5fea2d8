import { and, eq } from 'drizzle-orm';
import { WEBHOOK_FAILURE_HOURS } from '@leadline/shared/webhooks';
import type { Db } from '../../db/connection.ts';
import { users } from '../../db/tables.ts';
import { logActivity } from '../activity/log.ts';
import type { SystemMailer } from '../system-mail/mailer.ts';
import type { WebhookRow } from './repo.ts';

/** The activity entry of a webhook switched off for failing (in the switching transaction). */
export const recordDisabled = (tx: Db, webhook: WebhookRow): Promise<void> =>
  logActivity(tx, {
    organizationId: webhook.organizationId,
    userId: null,
    type: 'Integration',
    action: 'webhook disabled',
    entityId: null,
    details: `Webhook ${webhook.url} was switched off after failing for ${WEBHOOK_FAILURE_HOURS} hours`,
  });

/** Tells the organisation's Admins, by the system mail, that a webhook was switched off. */
export type DisableNotice = { mailAdmins: (db: Db, webhook: WebhookRow) => Promise<void> };

export const disableNotice = (
  mailer: SystemMailer,
  publicUrl: string,
  onError: (error: Error) => void,
): DisableNotice => ({
  mailAdmins: async (db, webhook) => {
    const admins = await db
      .select({ name: users.name, email: users.email })
      .from(users)
      .where(
        and(
          eq(users.organizationId, webhook.organizationId),
          eq(users.role, 'Admin'),
          eq(users.status, 'active'),
        ),
      );
    for (const admin of admins) {
      await mailer
        .send({
          to: admin.email,
          subject: 'A Leadline webhook was switched off',
          text: [
            `Hello ${admin.name},`,
            '',
            `The webhook ${webhook.url} failed every delivery for ${WEBHOOK_FAILURE_HOURS} hours, so Leadline switched it off.`,
            webhook.disabledReason ?? '',
            '',
            `Check the receiver, then switch the webhook on again under Integrations: ${publicUrl}/integrations`,
            'Events that could not be delivered can be redelivered from there.',
          ].join('\n'),
        })
        .catch((error: unknown) =>
          onError(error instanceof Error ? error : new Error(String(error))),
        );
    }
  },
});
