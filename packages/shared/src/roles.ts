export const ROLES = [
  'Super Admin',
  'Admin',
  'Sales Manager',
  'Sales Rep',
  'Marketing',
  'Client Manager',
] as const;

export type Role = (typeof ROLES)[number];

/** Roles that belong to an organisation and hold a permission map of their own. */
export const MEMBER_ROLES = ['Sales Manager', 'Sales Rep', 'Marketing', 'Client Manager'] as const;

/** Roles a person may choose when registering on /signup. */
export const SIGNUP_ROLES = MEMBER_ROLES;

export const DEFAULT_SIGNUP_ROLE: Role = 'Sales Rep';

export const isRole = (value: unknown): value is Role =>
  typeof value === 'string' && (ROLES as readonly string[]).includes(value);
