import { z } from 'zod';
import { answerSchema, isoDateTime, nullableDateTime, nullableText, text } from './answers.ts';
import { DATE_OUT_OF_RANGE, dateTimeParam, isInstantInRange } from './dates.ts';
import { PERMISSION_KEYS } from './permissions.ts';
import type { Permissions } from './permissions.ts';
import { ROLES } from './roles.ts';
import type { Role } from './roles.ts';
import { normaliseOrganization } from './organization.ts';

export const LIMITS = {
  name: 100,
  email: 254,
  passwordMin: 8,
  passwordMax: 128,
  organization: 100,
  department: 100,
} as const;

export const emailField = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(LIMITS.email, `Email must be at most ${LIMITS.email} characters`)
  .pipe(z.email({ error: 'Please enter a valid email address' }))
  .transform((value) => value.toLowerCase());

export const passwordField = z
  .string({ error: 'Password is required' })
  .min(LIMITS.passwordMin, `Password must be at least ${LIMITS.passwordMin} characters`)
  .max(LIMITS.passwordMax, `Password must be at most ${LIMITS.passwordMax} characters`);

export const nameField = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(LIMITS.name, `Name must be at most ${LIMITS.name} characters`);

/** An organisation name under a label of the screen's own ("Organization name", "Company name"). */
const organizationNameField = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .max(LIMITS.organization, `${label} must be at most ${LIMITS.organization} characters`)
    .transform(normaliseOrganization)
    .pipe(
      z
        .string()
        .min(1, `${label} is required`)
        .regex(
          /^[\p{Ll}\p{Lo}\p{N}][\p{Ll}\p{Lo}\p{N}._-]*$/u,
          `${label} may use letters, digits, spaces, dots, dashes and underscores`,
        ),
    );

export const organizationField = organizationNameField('Organization name');

export const roleField = z.enum(ROLES, { error: 'Please choose a valid role' });

export const permissionsField = z
  .record(z.string(), z.boolean({ error: 'Each permission must be true or false' }))
  .refine(
    (map) => Object.keys(map).every((key) => (PERMISSION_KEYS as readonly string[]).includes(key)),
    {
      error: 'Unknown permission key',
    },
  );

export const signinSchema = z.object({
  email: emailField,
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(LIMITS.passwordMax),
});
export type SigninInput = z.input<typeof signinSchema>;

/** Sign-out's optional body: `everywhere` ends every session of the user, not only this one. */
export const signoutSchema = z.object({
  everywhere: z.boolean({ error: 'everywhere must be true or false' }).optional(),
  /** With everywhere: also revoke every API key of the account. */
  revokeApiKeys: z.boolean({ error: 'revokeApiKeys must be true or false' }).optional(),
});
export type SignoutInput = z.input<typeof signoutSchema>;

/** /signup and /create-user share one body; the server decides which by the caller's token. */
export const signupSchema = z.object({
  name: nameField,
  email: emailField,
  password: passwordField,
  role: roleField,
  organizationName: organizationField.optional(),
  department: z.string().trim().max(LIMITS.department).optional(),
  permissions: permissionsField.optional(),
  expiresAt: dateTimeParam('Expiry must be a date and time').optional(),
});
export type SignupInput = z.input<typeof signupSchema>;
export type SignupData = z.output<typeof signupSchema>;

/** The first-administrator form: the Super Admin and the company (its first organisation). */
export const firstAdminSchema = z.object({
  name: nameField,
  email: emailField,
  password: passwordField,
  organizationName: organizationNameField('Company name'),
});
export type FirstAdminInput = z.input<typeof firstAdminSchema>;

export const approveSchema = z.object({
  expiresAt: z
    .string({ error: 'Please set an expiration date before approving the user.' })
    .min(1, 'Please set an expiration date before approving the user.')
    .refine((value) => !Number.isNaN(Date.parse(value)), 'Expiration date is not a valid date')
    .refine(isInstantInRange, DATE_OUT_OF_RANGE)
    .refine((value) => Date.parse(value) > Date.now(), 'Expiration date must be in the future'),
});

export const updatePermissionsSchema = z.object({ permissions: permissionsField });

export const USER_STATUSES = ['active', 'pending', 'inactive', 'suspended'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** A user as every API answer shows it (never a password hash). */
export type PublicUser = {
  _id: string;
  id: string;
  name: string;
  email: string;
  role: Role;
  permissions: Permissions;
  isOrgUser: boolean;
  organization: string | null;
  department: string;
  status: UserStatus;
  isActive: boolean;
  createdBy: string | null;
  createdAt: string;
  expiresAt: string | null;
  lastLoginAt: string | null;
  /** Signed in with a temporary password: must choose a new one before anything else. */
  mustChangePassword: boolean;
  /** Two-step sign-in is on for this user. */
  twoFactorEnabled: boolean;
  /** Their organisation requires two-step sign-in and they have not set it up yet. */
  twoFactorSetupRequired: boolean;
};

export type SigninResponse = { token: string; user: PublicUser };
export type UsersResponse =
  | { superAdmins: PublicUser[]; organizations: Record<string, PublicUser[]> }
  | { admin: PublicUser | null; users: PublicUser[] };

export type SetupStatus = { needsFirstAdmin: boolean };

/* Answers (the server's response schemas, and so /api/docs). */

export const publicUserAnswerSchema = answerSchema<PublicUser>()({
  _id: text,
  id: text,
  name: text,
  email: text,
  role: text,
  permissions: z.record(z.string(), z.boolean()),
  isOrgUser: z.boolean(),
  organization: nullableText,
  department: text,
  status: text,
  isActive: z.boolean(),
  createdBy: nullableText,
  createdAt: isoDateTime,
  expiresAt: nullableDateTime,
  lastLoginAt: nullableDateTime,
  mustChangePassword: z.boolean(),
  twoFactorEnabled: z.boolean(),
  twoFactorSetupRequired: z.boolean(),
});

/** `{ message, user }`: what a change to one user answers. */
export const userChangeAnswerSchema = z.object({ message: text, user: publicUserAnswerSchema });

export const usersAnswerSchema = z.union([
  answerSchema<Extract<UsersResponse, { superAdmins: unknown }>>()({
    superAdmins: z.array(publicUserAnswerSchema),
    organizations: z.record(z.string(), z.array(publicUserAnswerSchema)),
  }),
  answerSchema<Extract<UsersResponse, { users: unknown }>>()({
    admin: publicUserAnswerSchema.nullable(),
    users: z.array(publicUserAnswerSchema),
  }),
]);
