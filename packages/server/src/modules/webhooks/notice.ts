import { and, eq } from 'drizzle-orm';
import { WEBHOOK_FAILURE_HOURS } from '@leadline/shared/webhooks';
import type { Db } from '../../db/connection.ts';
import { users } from '../../db/tables.ts';
import { logActivity } from '../activity/log.ts';
import type { SystemMailer } from '../system-mail/mailer.ts';
import type { WebhookRow } from './repo.ts';

/**
 * Why a webhook was switched off: it failed for a day, or its creator lost the right to manage
 * webhooks (demoted, deactivated or deleted; `disabledReason` says which).
 */
export type DisableCause = 'failing' | 'creator';

/** What the activity entry and the Admins' email say happened. */
const whatHappened = (webhook: WebhookRow, cause: DisableCause): string =>
  cause === 'failing'
    ? `failed every delivery for ${WEBHOOK_FAILURE_HOURS} hours`
    : 'was created by someone who may no longer manage webhooks';

/** The activity entry of a webhook switched off (in the switching transaction). */
export const recordDisabled = (
  tx: Db,
  webhook: WebhookRow,
  cause: DisableCause = 'failing',
): Promise<void> =>
  logActivity(tx, {
    organizationId: webhook.organizationId,
    userId: null,
    type: 'Integration',
    action: 'webhook disabled',
    entityId: null,
    details:
      cause === 'failing'
        ? `Webhook ${webhook.url} was switched off after failing for ${WEBHOOK_FAILURE_HOURS} hours`
        : `Webhook ${webhook.url} was switched off: ${webhook.disabledReason ?? whatHappened(webhook, cause)}`,
  });

/** Tells the organisation's Admins, by the system mail, that a webhook was switched off. */
export type DisableNotice = {
  mailAdmins: (db: Db, webhook: WebhookRow, cause?: DisableCause) => Promise<void>;
};

export const disableNotice = (
  mailer: SystemMailer,
  publicUrl: string,
  onError: (error: Error) => void,
): DisableNotice => ({
  mailAdmins: async (db, webhook, cause = 'failing') => {
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
            `The webhook ${webhook.url} ${whatHappened(webhook, cause)}, so Leadline switched it off.`,
            webhook.disabledReason ?? '',
            '',
            cause === 'failing'
              ? `Check the receiver, then switch the webhook on again under Integrations: ${publicUrl}/integrations`
              : `If it should go on, an administrator can switch it on again under Integrations: ${publicUrl}/integrations`,
            'Events that could not be delivered can be redelivered from there.',
          ].join('\n'),
        })
        .catch((error: unknown) =>
          onError(error instanceof Error ? error : new Error(String(error))),
        );
    }
  },
});
