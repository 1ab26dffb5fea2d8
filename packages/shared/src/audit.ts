import { z } from 'zod';
import { isAcceptedDay, isInstantInRange } from './dates.ts';
import { uuidSchema } from './ids.ts';
import { limitParam } from './list-query.ts';

/**
 * The audit log's kinds: security events, dotted and lower case, with the label the Audit log
 * page shows. Audit entries are not events: no `audit.*` type reaches webhooks or Automation.
 */
export const AUDIT_KIND_LABELS = {
  signin: 'Signed in',
  'signin.failed': 'Sign-in failed',
  signout: 'Signed out',
  '2fa.enabled': 'Two-step sign-in set up',
  '2fa.reset': 'Two-step sign-in reset',
  '2fa.disabled': 'Two-step sign-in turned off',
  '2fa.recovery_used': 'Recovery code used',
  'sso.configured': 'Single sign-on configured',
  'sso.changed': 'Single sign-on changed',
  'sso.removed': 'Single sign-on removed',
  'sso.signin': 'Signed in with single sign-on',
  'password.changed': 'Password changed',
  'password.reset': 'Password reset',
  'role.changed': 'Role changed',
  'permissions.changed': 'Permissions changed',
  'user.created': 'User created',
  'user.approved': 'User approved',
  'user.deactivated': 'User deactivated',
  'user.deleted': 'User deleted',
  'apikey.created': 'API key created',
  'apikey.revoked': 'API key revoked',
  'webhook.created': 'Webhook created',
  'webhook.changed': 'Webhook changed',
  'webhook.deleted': 'Webhook deleted',
  'automation.created': 'Automation rule created',
  'automation.changed': 'Automation rule changed',
  'automation.deleted': 'Automation rule deleted',
  'export.downloaded': 'Export downloaded',
  'backup.taken': 'Backup taken',
} as const;

export type AuditKind = keyof typeof AUDIT_KIND_LABELS;
export const AUDIT_KINDS = Object.keys(AUDIT_KIND_LABELS) as AuditKind[];

export const isAuditKind = (value: string): value is AuditKind =>
  Object.prototype.hasOwnProperty.call(AUDIT_KIND_LABELS, value);

/** Who an entry names when the email typed at sign-in belongs to no account. */
export const UNKNOWN_ACCOUNT = 'unknown account';

/** A device (user agent) is kept to this many characters. */
export const AUDIT_DEVICE_KEPT = 200;

/** Small facts about the event (never a secret): ids, names, a reason. */
export type AuditDetails = Record<string, string | number | boolean | null | undefined | string[]>;

export type AuditEntry = {
  id: string;
  kind: AuditKind;
  /** The actor's email at the time ("unknown account", or a program such as the backup command). */
  actor: string;
  actorId: string | null;
  organizationId: string | null;
  at: string;
  ip: string | null;
  device: string | null;
  details: AuditDetails;
};

export type AuditList = { entries: AuditEntry[]; nextCursor: string | null };

export const AUDIT_BAD_KIND = 'Unknown audit kind';
export const AUDIT_BAD_INSTANT =
  'must be a date (YYYY-MM-DD) or a date and time with its offset (ISO 8601)';
export const AUDIT_BAD_CURSOR = 'Invalid cursor';

const INSTANT = z.iso.datetime({ offset: true });

/** A day (`YYYY-MM-DD`, UTC) or an instant with its offset (ISO 8601). */
const instantParam = (label: string) =>
  z
    .string()
    .max(40)
    .refine(
      (value) =>
        (INSTANT.safeParse(value).success && isInstantInRange(value)) || isAcceptedDay(value),
      `${label} ${AUDIT_BAD_INSTANT}`,
    )
    .optional();

/** A period's start: the day's first instant, or the instant given. */
export const periodStart = (value: string): Date =>
  new Date(isAcceptedDay(value) ? `${value}T00:00:00.000Z` : value);

/** A period's end (exclusive): the day after a day, or the instant given. */
export const periodEnd = (value: string): Date =>
  isAcceptedDay(value)
    ? new Date(Date.parse(`${value}T00:00:00.000Z`) + 86_400_000)
    : new Date(value);

const filterFields = {
  kind: z.string().max(40).refine(isAuditKind, AUDIT_BAD_KIND).optional(),
  userId: uuidSchema('Invalid user ID').optional(),
  /** A Super Admin's choice of one organisation (others see their own only). */
  organizationId: uuidSchema('Invalid organisation ID').optional(),
  from: instantParam('from'),
  to: instantParam('to'),
};

const refusePeriod = (query: { from?: string; to?: string }, ctx: z.RefinementCtx): void => {
  if (!query.from || !query.to) return;
  const from = periodStart(query.from);
  const to = periodEnd(query.to);
  if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime())) return;
  if (from >= to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'to must be after from' });
};

/** The filters of the list and of its CSV export. */
export const auditFilterSchema = z.object(filterFields).superRefine(refusePeriod);

export const auditQuerySchema = z
  .object({
    ...filterFields,
    limit: limitParam(200, 50),
    /** The `nextCursor` of the previous page. */
    cursor: uuidSchema(AUDIT_BAD_CURSOR).optional(),
  })
  .superRefine(refusePeriod);

export type AuditFilter = z.output<typeof auditFilterSchema>;
export type AuditQuery = z.output<typeof auditQuerySchema>;
export type AuditQueryInput = z.input<typeof auditQuerySchema>;
