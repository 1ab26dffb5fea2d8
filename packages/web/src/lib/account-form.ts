import { normaliseOrganization } from '@leadline/shared/organization';

/** The fields of a sign-up body (POST /api/auth/signup) whose 400 messages go under inputs. */
export const SIGNUP_FIELDS = [
  'name',
  'email',
  'password',
  'role',
  'organizationName',
  'department',
] as const;

/** The organisation field's hint: the name as it will be saved, once one is typed. */
export const organizationHint = (name: string | undefined): string => {
  const saved = normaliseOrganization(name ?? '');
  return saved ? `Saved as: ${saved}` : 'Lower-case, with spaces turned into hyphens';
};
