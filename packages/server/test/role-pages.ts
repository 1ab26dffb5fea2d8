import { canUseTemplates, hasPermission } from '@leadline/shared/permissions';
import type { Actor, PermissionKey } from '@leadline/shared/permissions';
import { seesOrganizationFigures } from '@leadline/shared/dashboard';
import type { TestContext } from './context.ts';

/**
 * The navigation's pages (web `NAV_ITEMS`, members' entries) with the permission that shows each
 * and the API calls the page makes when it opens. A page a user's sidebar shows must open: every
 * call answers 200.
 */
export type NavPage = {
  label: string;
  /** The permission key, or 'templates' for the saved templates (any sending permission). */
  key: PermissionKey | 'templates';
  calls: readonly string[];
  /** Calls the page makes only for managers (the organisation's figures). */
  managerCalls?: readonly string[];
};

const today = new Date().toISOString().slice(0, 10);
const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
const period = `from=${monthAgo}&to=${today}`;

export const NAV_PAGES: readonly NavPage[] = [
  {
    label: 'Dashboard',
    key: 'dashboard',
    calls: [
      '/api/dashboard/my-day?timeZone=UTC',
      '/api/organizations/getting-started',
      '/api/tasks?mine&open',
    ],
    managerCalls: ['/api/dashboard'],
  },
  {
    label: 'All Leads',
    key: 'leadsTable',
    calls: ['/api/leads?page=1&limit=25', '/api/leads/owners'],
  },
  { label: 'All Clients', key: 'allClients', calls: ['/api/clients?page=1&limit=25'] },
  { label: 'Teams', key: 'teams', calls: ['/api/users'] },
  { label: 'Reports', key: 'reports', calls: [`/api/reports?${period}&bucket=week`] },
  {
    label: 'Profile',
    key: 'profile',
    calls: ['/api/auth/me', '/api/auth/sessions', '/api/api-keys'],
  },
  { label: 'Configuration', key: 'configureEmail', calls: ['/api/email/config'] },
  { label: 'Companies', key: 'companies', calls: ['/api/companies'] },
  { label: 'Leaderboard', key: 'leaderboard', calls: [`/api/leaderboard?${period}`] },
  { label: 'Activity', key: 'activity', calls: ['/api/activity'] },
  {
    label: 'Campaigns',
    key: 'campaigns',
    calls: ['/api/campaigns', '/api/templates', '/api/campaigns/lead-options'],
  },
  { label: 'Pipeline', key: 'pipeline', calls: ['/api/pipeline'] },
  {
    label: 'Calendar',
    key: 'calendar',
    calls: [`/api/calendar?date=${today}&timeZone=UTC`, '/api/calendar/activity?limit=8'],
  },
  {
    label: 'Needs reply',
    key: 'leadsTable',
    calls: [
      '/api/conversations?needsReply=true&scope=mine',
      '/api/conversations/counts?scope=mine',
    ],
  },
  { label: 'Inbox', key: 'inbox', calls: ['/api/email/inbox'] },
  { label: 'Email Form', key: 'emailForm', calls: [] },
  { label: 'Templates', key: 'templates', calls: ['/api/templates', '/api/leads?page=1&limit=10'] },
  {
    label: 'Automation',
    key: 'automation',
    calls: ['/api/automations', '/api/automations/options'],
  },
];

/** The pages a member's sidebar shows, in the navigation's order. */
export const visiblePages = (actor: Actor): NavPage[] =>
  NAV_PAGES.filter((page) =>
    page.key === 'templates' ? canUseTemplates(actor) : hasPermission(actor, page.key),
  ).map((page) => ({
    ...page,
    calls: [...page.calls, ...(seesOrganizationFigures(actor) ? (page.managerCalls ?? []) : [])],
  }));

/** Each call of each page as `token`: the status of every call that did not answer 200. */
export const pageFailures = async (
  t: TestContext,
  token: string,
  pages: readonly NavPage[],
): Promise<string[]> => {
  const failures: string[] = [];
  for (const page of pages) {
    for (const url of page.calls) {
      const response = await t.request({ method: 'GET', url, token });
      // The Inbox of a user who has not set up their mailbox yet says so (the page then points
      // to Configuration): a state of the account, not a refusal.
      const unconfigured =
        url === '/api/email/inbox' &&
        response.statusCode === 400 &&
        response.body.includes('No IMAP configuration found');
      if (response.statusCode !== 200 && !unconfigured)
        failures.push(`${page.label} ${url}: ${response.statusCode} ${response.body}`);
    }
  }
  return failures;
};
