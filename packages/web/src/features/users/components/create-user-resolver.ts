import type { FieldError, FieldErrors, Resolver, ResolverResult } from 'react-hook-form';
import type { z } from 'zod';
import { signupSchema } from '@leadline/shared/auth';
import { isRole } from '@leadline/shared/roles';
import { SIGNUP_FIELDS } from '../../../lib/account-form.ts';
import { dateInputToIso } from '../../../lib/format.ts';

export const ALL_FIELDS_REQUIRED = 'All fields are required';
export const ORGANIZATION_REQUIRED = 'Organization name is required for non-Super Admin roles';

export type CreateUserValues = {
  name: string;
  email: string;
  password: string;
  role: string;
  organizationName: string;
  department: string;
  expiresAt: string;
};

export type CreateUserOutput = z.output<typeof signupSchema>;

/** The form's fields: those of a sign-up, and the expiry date. */
export const CREATE_USER_FIELDS = [...SIGNUP_FIELDS, 'expiresAt'] as const;

const FIELDS = new Set<keyof CreateUserValues>(CREATE_USER_FIELDS);

const rootError = (message: string): ResolverResult<CreateUserValues, CreateUserOutput> => ({
  values: {},
  errors: { root: { type: 'required', message } } as FieldErrors<CreateUserValues>,
});

/**
 * The form's own checks first ('All fields are required', then the organisation rule), then the shared
 * sign-up schema for everything else (email shape, password length, organisation format).
 * `fixedOrganization` is the creator's own organisation when they are not a Super Admin.
 */
export const createUserResolver =
  (fixedOrganization: string | null): Resolver<CreateUserValues, unknown, CreateUserOutput> =>
  (values): ResolverResult<CreateUserValues, CreateUserOutput> => {
    if (!values.name.trim() || !values.email.trim() || !values.password || !values.role) {
      return rootError(ALL_FIELDS_REQUIRED);
    }
    const isSuperAdmin = values.role === 'Super Admin';
    const organization = fixedOrganization ?? values.organizationName;
    if (!isSuperAdmin && !organization.trim()) {
      return {
        values: {},
        errors: { organizationName: { type: 'required', message: ORGANIZATION_REQUIRED } },
      };
    }
    const parsed = signupSchema.safeParse({
      name: values.name,
      email: values.email,
      password: values.password,
      role: isRole(values.role) ? values.role : undefined,
      ...(isSuperAdmin ? {} : { organizationName: organization }),
      ...(values.department.trim() ? { department: values.department } : {}),
      ...(values.expiresAt ? { expiresAt: dateInputToIso(values.expiresAt) } : {}),
    });
    if (parsed.success) return { values: parsed.data, errors: {} };
    const errors: Record<string, FieldError> = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      const key =
        typeof field === 'string' && FIELDS.has(field as keyof CreateUserValues) ? field : 'root';
      errors[key] ??= { type: issue.code, message: issue.message };
    }
    return { values: {}, errors: errors as FieldErrors<CreateUserValues> };
  };
