import type { Icon } from '@tabler/icons-react';
import {
  IconActivity,
  IconAddressBook,
  IconBuildingSkyscraper,
  IconCalendar,
  IconChartBar,
  IconForms,
  IconInbox,
  IconKey,
  IconLayoutDashboard,
  IconLayoutKanban,
  IconMail,
  IconMailCog,
  IconMailOff,
  IconMessages,
  IconPlugConnected,
  IconShieldCheck,
  IconSpeakerphone,
  IconTargetArrow,
  IconTrophy,
  IconTemplate,
  IconUser,
  IconUserCheck,
  IconRobot,
  IconUsersGroup,
} from '@tabler/icons-react';
import type { PublicUser } from '@leadline/shared/auth';
import {
  canApproveUsers,
  canUseTemplates,
  hasPermission,
  isAdministrator,
} from '@leadline/shared/permissions';
import type { PermissionKey } from '@leadline/shared/permissions';

export type NavItem = {
  label: string;
  path: string;
  icon: Icon;
  /**
   * The permission key; 'superAdmin' for Super-Admin-only entries, 'admin' for administrators'
   * ones, 'templates' for users who may send (any sending permission).
   */
  key: PermissionKey | 'superAdmin' | 'admin' | 'templates';
  /** A count shown beside the label (drawn by the sidebar). */
  count?: 'needsReply';
};

/** The seven core entries in landing order (`LANDING_ORDER`), then the further sections. */
export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'Dashboard', key: 'dashboard', path: '/', icon: IconLayoutDashboard },
  { label: 'All Leads', key: 'leadsTable', path: '/leads-table', icon: IconTargetArrow },
  { label: 'All Clients', key: 'allClients', path: '/all-clients', icon: IconAddressBook },
  { label: 'Teams', key: 'teams', path: '/teams', icon: IconUsersGroup },
  { label: 'Reports', key: 'reports', path: '/reports', icon: IconChartBar },
  { label: 'Profile', key: 'profile', path: '/profile', icon: IconUser },
  { label: 'Configuration', key: 'configureEmail', path: '/email/config', icon: IconMailCog },
  { label: 'Companies', key: 'companies', path: '/companies', icon: IconBuildingSkyscraper },
  { label: 'Leaderboard', key: 'leaderboard', path: '/leaderboard', icon: IconTrophy },
  { label: 'Activity', key: 'activity', path: '/activity', icon: IconActivity },
  { label: 'Campaigns', key: 'campaigns', path: '/campaigns', icon: IconSpeakerphone },
  { label: 'Pipeline', key: 'pipeline', path: '/pipeline', icon: IconLayoutKanban },
  { label: 'Calendar', key: 'calendar', path: '/calendar', icon: IconCalendar },
  {
    label: 'Needs reply',
    key: 'leadsTable',
    path: '/conversations',
    icon: IconMessages,
    count: 'needsReply',
  },
  { label: 'Inbox', key: 'inbox', path: '/inbox', icon: IconInbox },
  { label: 'Email Form', key: 'emailForm', path: '/email-form', icon: IconMail },
  { label: 'Templates', key: 'templates', path: '/templates', icon: IconTemplate },
  { label: 'Automation', key: 'automation', path: '/automation', icon: IconRobot },
  { label: 'Suppression List', key: 'admin', path: '/suppression', icon: IconMailOff },
  { label: 'Integrations', key: 'admin', path: '/integrations', icon: IconPlugConnected },
  { label: 'Custom Fields', key: 'admin', path: '/custom-fields', icon: IconForms },
  { label: 'Audit Log', key: 'admin', path: '/audit', icon: IconShieldCheck },
  { label: 'Single Sign-On', key: 'admin', path: '/single-sign-on', icon: IconKey },
  { label: 'Approve Users', key: 'superAdmin', path: '/approval-users', icon: IconUserCheck },
];

/** Super Admin sees every entry; others see Profile and what their permissions allow. */
export const visibleNavItems = (user: PublicUser): NavItem[] =>
  NAV_ITEMS.filter((item) => {
    if (user.role === 'Super Admin') return true;
    if (item.key === 'superAdmin') return canApproveUsers(user);
    if (item.key === 'admin') return isAdministrator(user);
    if (item.key === 'templates') return canUseTemplates(user);
    return hasPermission(user, item.key);
  });

export const isActivePath = (itemPath: string, pathname: string): boolean =>
  itemPath === '/'
    ? pathname === '/'
    : pathname === itemPath || pathname.startsWith(`${itemPath}/`);
