import type { Role } from './roles.ts';
import { MEMBER_ROLES, ROLES } from './roles.ts';

/**
 * The canonical permission keys: the create-user checklist's keys plus the editor-only keys.
 * The editor's `leads`, `clients` and `sendEmail` are the same permissions as `leadsTable`,
 * `allClients` and `sendEmailPage`, so only those three names are stored.
 */
export const PERMISSION_KEYS = [
  'dashboard',
  'activity',
  'calendar',
  'profile',
  'usersGroup',
  'teams',
  'approveUser',
  'createUser',
  'leadsTable',
  'allClients',
  'companies',
  'createLead',
  'leadManagement',
  'addClient',
  'inbox',
  'sendEmailPage',
  'emailForm',
  'followUp',
  'sendBulkEmail',
  'configureEmail',
  'campaigns',
  'leaderboard',
  'automation',
  'reports',
  'pipeline',
] as const;

export type PermissionKey = (typeof PERMISSION_KEYS)[number];
export type Permissions = Record<PermissionKey, boolean>;

export const isPermissionKey = (value: string): value is PermissionKey =>
  (PERMISSION_KEYS as readonly string[]).includes(value);

/**
 * The keys offered on the create-user checklist: every key the permission editor offers, in the
 * editor's order (the checklist shows them in the editor's groups).
 */
export const CREATION_KEYS: readonly PermissionKey[] = PERMISSION_KEYS;

/** How a key is named on screen. */
export const PERMISSION_LABELS: Record<PermissionKey, string> = {
  dashboard: 'Dashboard',
  activity: 'Activity',
  calendar: 'Calendar',
  profile: 'Profile',
  usersGroup: 'Users Group',
  teams: 'Teams',
  approveUser: 'Approve User',
  createUser: 'Create User',
  leadsTable: 'Leads',
  allClients: 'Clients',
  companies: 'Companies',
  createLead: 'Create Lead',
  leadManagement: 'Lead Management',
  addClient: 'Add Client',
  inbox: 'Inbox',
  sendEmailPage: 'Send Email',
  emailForm: 'Email Form',
  followUp: 'Follow Up',
  sendBulkEmail: 'Send Bulk Email',
  configureEmail: 'Configure Email',
  campaigns: 'Campaigns',
  leaderboard: 'Leaderboard',
  automation: 'Automation',
  reports: 'Reports',
  pipeline: 'Pipeline',
};

/** The permission editor's five groups. */
export const PERMISSION_GROUPS: readonly { title: string; keys: readonly PermissionKey[] }[] = [
  { title: 'Core Features', keys: ['dashboard', 'activity', 'calendar', 'profile'] },
  { title: 'User Management', keys: ['usersGroup', 'teams', 'approveUser', 'createUser'] },
  {
    title: 'Lead & Client Management',
    keys: ['leadsTable', 'allClients', 'companies', 'createLead', 'leadManagement', 'addClient'],
  },
  {
    title: 'Communication',
    keys: ['inbox', 'sendEmailPage', 'emailForm', 'followUp', 'sendBulkEmail', 'configureEmail'],
  },
  {
    title: 'Business Tools',
    keys: ['campaigns', 'leaderboard', 'automation', 'reports', 'pipeline'],
  },
];

const fill = (value: boolean): Permissions =>
  Object.fromEntries(PERMISSION_KEYS.map((key) => [key, value])) as Permissions;

/**
 * Keys true by default for every new non-administrator: the leads list and creating leads,
 * sending from it (so the saved templates too), their own mailbox settings and inbox, their
 * dashboard ("My tasks"), the calendar and the companies behind the leads.
 */
export const MEMBER_DEFAULT_KEYS: readonly PermissionKey[] = [
  'dashboard',
  'calendar',
  'leadsTable',
  'companies',
  'createLead',
  'inbox',
  'sendEmailPage',
  'followUp',
  'sendBulkEmail',
  'configureEmail',
];

export const allPermissions = (): Permissions => fill(true);
export const noPermissions = (): Permissions => fill(false);

/**
 * What each member role adds to the base set: the pages the role is there for. Add Client is
 * also converting a lead (POST /api/leads/:id/convert); without Lead Management the server lets
 * a user convert only the leads they own, and Add Client alone does not open the Clients page.
 */
export const ROLE_DEFAULT_EXTRAS: Readonly<
  Record<(typeof MEMBER_ROLES)[number], readonly PermissionKey[]>
> = {
  'Sales Manager': [
    'activity',
    'teams',
    'leadManagement',
    'addClient',
    'campaigns',
    'leaderboard',
    'automation',
    'reports',
    'pipeline',
  ],
  'Sales Rep': ['addClient', 'pipeline'],
  Marketing: ['campaigns', 'reports'],
  'Client Manager': ['allClients', 'addClient'],
};

/** A new user's permissions: everything for administrators, else the base set plus the role's own. */
export const defaultPermissions = (role: Role): Permissions => {
  if (role === 'Super Admin' || role === 'Admin') return allPermissions();
  const permissions = noPermissions();
  for (const key of [...MEMBER_DEFAULT_KEYS, ...ROLE_DEFAULT_EXTRAS[role]]) permissions[key] = true;
  return permissions;
};

/** Completes a partial map (unknown keys dropped, missing keys false). */
export const normalisePermissions = (input: Partial<Record<string, unknown>>): Permissions => {
  const permissions = noPermissions();
  for (const key of PERMISSION_KEYS) permissions[key] = input[key] === true;
  return permissions;
};

export type Actor = {
  role: Role;
  organization: string | null;
  permissions: Permissions;
};

/** Administrators hold every permission whatever their stored map says. */
export const effectivePermissions = (role: Role, stored: Permissions): Permissions =>
  role === 'Super Admin' || role === 'Admin' ? allPermissions() : stored;

export const hasPermission = (actor: Actor, key: PermissionKey): boolean =>
  key === 'profile' || effectivePermissions(actor.role, actor.permissions)[key];

/** Organisation administration (the suppression list and its settings): Admins and Super Admins. */
export const isAdministrator = (actor: Pick<Actor, 'role'>): boolean =>
  actor.role === 'Super Admin' || actor.role === 'Admin';

/** The permissions that send email: any one of them opens the saved templates. */
export const SENDING_PERMISSIONS: readonly PermissionKey[] = [
  'sendEmailPage',
  'sendBulkEmail',
  'campaigns',
];

export const canUseTemplates = (actor: Actor): boolean =>
  SENDING_PERMISSIONS.some((key) => hasPermission(actor, key));

/** Roles the actor may give to a user they create. */
export const creatableRoles = (actor: Actor): readonly Role[] => {
  if (actor.role === 'Super Admin') return ROLES;
  if (actor.role === 'Admin' || actor.permissions.createUser) return MEMBER_ROLES;
  return [];
};

export const canCreateRole = (actor: Actor, role: Role, organization: string | null): boolean => {
  if (!creatableRoles(actor).includes(role)) return false;
  if (actor.role === 'Super Admin') return true;
  return organization === actor.organization;
};

/** Approving sign-ups: Super Admin only. */
export const canApproveUsers = (actor: Pick<Actor, 'role'>): boolean =>
  actor.role === 'Super Admin';

/** Editing another user's permissions: Super Admin for anyone; Admin inside their organisation. */
export const canEditPermissions = (
  actor: Actor,
  target: { role: Role; organization: string | null },
): boolean => {
  if (actor.role === 'Super Admin') return true;
  if (actor.role !== 'Admin') return false;
  return (
    target.organization === actor.organization &&
    (MEMBER_ROLES as readonly Role[]).includes(target.role)
  );
};

/** Where a user lands after sign-in: the first allowed page, null when none is. */
export const LANDING_ORDER: readonly { key: PermissionKey; path: string }[] = [
  { key: 'dashboard', path: '/' },
  { key: 'leadsTable', path: '/leads-table' },
  { key: 'allClients', path: '/all-clients' },
  { key: 'teams', path: '/teams' },
  { key: 'reports', path: '/reports' },
  { key: 'profile', path: '/profile' },
  { key: 'configureEmail', path: '/email/config' },
];

/** A Sales Rep lands on the leads list ("My leads") when they hold it, their day's work. */
export const landingPath = (role: Role, permissions: Permissions): string | null => {
  if (role === 'Super Admin') return '/';
  const effective = effectivePermissions(role, permissions);
  if (role === 'Sales Rep' && effective.leadsTable) return '/leads-table';
  return LANDING_ORDER.find(({ key }) => effective[key])?.path ?? null;
};

export const countGranted = (permissions: Permissions): number =>
  PERMISSION_KEYS.filter((key) => permissions[key]).length;
