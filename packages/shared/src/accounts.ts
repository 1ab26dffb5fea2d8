import { z } from 'zod';
import { LIMITS, emailField, passwordField } from './auth.ts';
import type { PublicUser } from './auth.ts';
import type { Actor } from './permissions.ts';
import { MEMBER_ROLES, ROLES } from './roles.ts';
import type { Role } from './roles.ts';

/** Changing one's own password: the current one, and a new one that follows the password rule. */
export const changePasswordSchema = z
  .object({
    currentPassword: z
      .string({ error: 'Current password is required' })
      .min(1, 'Current password is required')
      .max(LIMITS.passwordMax),
    newPassword: passwordField,
  })
  .refine((value) => value.newPassword !== value.currentPassword, {
    path: ['newPassword'],
    error: 'Choose a password different from the current one',
  });
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;
export type ChangePasswordData = z.output<typeof changePasswordSchema>;

export const forgotPasswordSchema = z.object({ email: emailField });
export type ForgotPasswordInput = z.input<typeof forgotPasswordSchema>;

/** A reset link's token: 32 random bytes written as 64 hexadecimal characters. */
export const RESET_TOKEN_PATTERN = /^[0-9a-f]{64}$/;
export const INVALID_RESET_LINK =
  'This reset link is invalid or has expired. Ask for a new one on the sign-in page.';

export const resetPasswordSchema = z.object({
  token: z
    .string({ error: INVALID_RESET_LINK })
    .max(200, INVALID_RESET_LINK)
    .regex(RESET_TOKEN_PATTERN, INVALID_RESET_LINK),
  password: passwordField,
});
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;
export type ResetPasswordData = z.output<typeof resetPasswordSchema>;

/** The roles an account can be moved to by a role change (never Super Admin). */
export const ASSIGNABLE_ROLES = ROLES.filter((role) => role !== 'Super Admin');

export const changeRoleSchema = z.object({
  role: z.enum(ASSIGNABLE_ROLES as [Role, ...Role[]], { error: 'Please choose a valid role' }),
});
export type ChangeRoleInput = z.input<typeof changeRoleSchema>;

/** What the sign-in page needs to know before anyone signs in. */
export type AuthOptions = { passwordResetByEmail: boolean };

export type ChangePasswordResponse = { message: string; token: string; user: PublicUser };
export type ResetByAdminResponse = { message: string; temporaryPassword: string; user: PublicUser };

type Target = Pick<PublicUser, 'id' | 'role' | 'organization'>;
type Manager = Actor & { id: string };

const isMember = (role: Role) => (MEMBER_ROLES as readonly Role[]).includes(role);

/**
 * Whether the actor may deactivate, reactivate or reset the password of the target: a Super
 * Admin anyone but themself; an Admin the members (not Admins, never Super Admins) of their
 * own organisation.
 */
export const canManageAccount = (actor: Manager, target: Target): boolean => {
  if (actor.id === target.id) return false;
  if (actor.role === 'Super Admin') return true;
  return (
    actor.role === 'Admin' && target.organization === actor.organization && isMember(target.role)
  );
};

/** The roles the actor may give the target; empty when they may not change the target's role. */
export const assignableRoles = (actor: Manager, target: Target): readonly Role[] => {
  if (!canManageAccount(actor, target) || target.role === 'Super Admin') return [];
  return actor.role === 'Super Admin' ? ASSIGNABLE_ROLES : MEMBER_ROLES;
};

/* Sessions: where the account is signed in (GET /api/auth/sessions). */

/** One signed-in session of the caller; `current` is the one the request came with. */
export type SessionInfo = {
  _id: string;
  createdAt: string;
  expiresAt: string;
  /** The browser's User-Agent at sign-in (cut short), or null when it sent none. */
  userAgent: string | null;
  /** The client address at sign-in. */
  address: string | null;
  current: boolean;
};
export type SessionsResponse = { sessions: SessionInfo[] };

/** How much of a User-Agent a session keeps. */
export const USER_AGENT_KEPT = 200;

const BROWSERS: [string, RegExp][] = [
  ['Edge', /Edg\//],
  ['Opera', /OPR\//],
  ['Firefox', /Firefox\//],
  ['Chrome', /Chrom(e|ium)\//],
  ['Safari', /Safari\//],
];
const SYSTEMS: [string, RegExp][] = [
  ['Android', /Android/],
  ['iOS', /iPhone|iPad/],
  ['Windows', /Windows/],
  ['macOS', /Mac OS X/],
  ['Linux', /Linux/],
];
const firstMatch = (known: [string, RegExp][], text: string): string | undefined =>
  known.find(([, pattern]) => pattern.test(text))?.[0];

/** "Chrome on Linux" and the like, from a User-Agent; "Unknown browser" when it tells nothing. */
export const describeUserAgent = (userAgent: string | null): string => {
  const ua = userAgent ?? '';
  const browser = firstMatch(BROWSERS, ua);
  const system = firstMatch(SYSTEMS, ua);
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? (ua ? 'Other client' : 'Unknown browser');
};
