import { useMatches } from 'react-router';
import type { PublicUser } from '@leadline/shared/auth';
import { canApproveUsers, hasPermission, isAdministrator } from '@leadline/shared/permissions';
import type { PermissionKey } from '@leadline/shared/permissions';

/** Who may open a screen inside the shell. */
export type RouteAccess =
  | { permission: PermissionKey }
  | { anyPermission: readonly PermissionKey[] }
  | { superAdmin: true }
  | { admin: true }
  | { signedIn: true };

/** Carried by each shell route as its `handle`: the header title and the access rule. */
export type ShellHandle = { title: string; access: RouteAccess };

export const shellHandle = (title: string, access: RouteAccess): ShellHandle => ({
  title,
  access,
});

export const isAllowed = (user: PublicUser, access: RouteAccess): boolean => {
  if ('permission' in access) return hasPermission(user, access.permission);
  if ('anyPermission' in access)
    return access.anyPermission.some((key) => hasPermission(user, key));
  if ('superAdmin' in access) return canApproveUsers(user);
  if ('admin' in access) return isAdministrator(user);
  return true;
};

const isShellHandle = (value: unknown): value is ShellHandle =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as ShellHandle).title === 'string' &&
  typeof (value as ShellHandle).access === 'object';

/** The deepest matched route's handle (the current section). */
export const useShellHandle = (): ShellHandle => {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle;
    if (isShellHandle(handle)) return handle;
  }
  return { title: 'Leadline', access: { signedIn: true } };
};
