import { createBrowserRouter } from 'react-router';
import type { RouteObject } from 'react-router';
import { SENDING_PERMISSIONS } from '@leadline/shared/permissions';
import { RedirectIfSignedIn, RequireAuth } from './guards.tsx';
import { RootLayout } from './root-layout.tsx';
import { FullPageLoader, RouteError } from './route-error.tsx';
import { shellHandle } from './route-access.ts';

// Every screen is its own chunk: the sign-in page loads only what it needs.
const lazyShell = async () => ({
  Component: (await import('./shell/shell-layout.tsx')).ShellLayout,
});
const lazyMaybeShell = async () => ({
  Component: (await import('./shell/maybe-shell-layout.tsx')).MaybeShellLayout,
});
const shellRoutes: RouteObject[] = [
  {
    index: true,
    handle: shellHandle('Dashboard', { permission: 'dashboard' }),
    lazy: async () => ({
      Component: (await import('./routes/dashboard-route.tsx')).DashboardRoute,
    }),
  },
  {
    path: 'activity',
    handle: shellHandle('Activity', { permission: 'activity' }),
    lazy: async () => ({
      Component: (await import('./routes/activity-route.tsx')).ActivityRoute,
    }),
  },
  {
    path: 'leads-table',
    handle: shellHandle('All Leads', { permission: 'leadsTable' }),
    lazy: async () => ({
      Component: (await import('./routes/leads-table-route.tsx')).LeadsTableRoute,
    }),
  },
  {
    path: 'create-lead',
    handle: shellHandle('Create Lead', { permission: 'createLead' }),
    lazy: async () => ({
      Component: (await import('./routes/create-lead-route.tsx')).CreateLeadRoute,
    }),
  },
  {
    path: 'all-clients',
    handle: shellHandle('All Clients', { permission: 'allClients' }),
    lazy: async () => ({
      Component: (await import('./routes/clients-route.tsx')).ClientsRoute,
    }),
  },
  {
    path: 'add-client',
    handle: shellHandle('Add Client', { permission: 'addClient' }),
    lazy: async () => ({
      Component: (await import('./routes/add-client-route.tsx')).AddClientRoute,
    }),
  },
  {
    path: 'inbox',
    handle: shellHandle('Inbox', { permission: 'inbox' }),
    lazy: async () => ({
      Component: (await import('./routes/inbox-route.tsx')).InboxRoute,
    }),
  },
  {
    path: 'duplicates',
    handle: shellHandle('Duplicates', { permission: 'leadsTable' }),
    lazy: async () => ({
      Component: (await import('./routes/duplicates-route.tsx')).DuplicatesRoute,
    }),
  },
  {
    path: 'conversations',
    handle: shellHandle('Needs reply', { permission: 'leadsTable' }),
    lazy: async () => ({
      Component: (await import('./routes/conversations-route.tsx')).ConversationsRoute,
    }),
  },
  {
    path: 'send-email-page',
    handle: shellHandle('Send Email', { permission: 'sendEmailPage' }),
    lazy: async () => ({
      Component: (await import('./routes/send-email-route.tsx')).SendEmailRoute,
    }),
  },
  {
    path: 'email-form',
    handle: shellHandle('Email Form', { permission: 'emailForm' }),
    lazy: async () => ({
      Component: (await import('./routes/email-form-route.tsx')).EmailFormRoute,
    }),
  },
  {
    path: 'follow-up',
    handle: shellHandle('Follow Up', { permission: 'followUp' }),
    lazy: async () => ({
      Component: (await import('./routes/follow-up-route.tsx')).FollowUpRoute,
    }),
  },
  {
    path: 'send-bulk-email',
    handle: shellHandle('Send Bulk Email', { permission: 'sendBulkEmail' }),
    lazy: async () => ({
      Component: (await import('./routes/send-bulk-email-route.tsx')).SendBulkEmailRoute,
    }),
  },
  {
    path: 'calendar',
    handle: shellHandle('Calendar', { permission: 'calendar' }),
    lazy: async () => ({
      Component: (await import('./routes/calendar-route.tsx')).CalendarRoute,
    }),
  },
  {
    path: 'campaigns',
    handle: shellHandle('Campaigns', { permission: 'campaigns' }),
    lazy: async () => ({
      Component: (await import('./routes/campaigns-route.tsx')).CampaignsRoute,
    }),
  },
  {
    path: 'pipeline',
    handle: shellHandle('Pipeline', { permission: 'pipeline' }),
    lazy: async () => ({
      Component: (await import('./routes/pipeline-route.tsx')).PipelineRoute,
    }),
  },
  {
    path: 'reports',
    handle: shellHandle('Reports', { permission: 'reports' }),
    lazy: async () => ({
      Component: (await import('./routes/reports-route.tsx')).ReportsRoute,
    }),
  },
  {
    path: 'leaderboard',
    handle: shellHandle('Leaderboard', { permission: 'leaderboard' }),
    lazy: async () => ({
      Component: (await import('./routes/leaderboard-route.tsx')).LeaderboardRoute,
    }),
  },
  {
    path: 'companies',
    handle: shellHandle('Companies', { permission: 'companies' }),
    lazy: async () => ({
      Component: (await import('./routes/companies-route.tsx')).CompaniesRoute,
    }),
  },
  {
    path: 'companies/:key',
    handle: shellHandle('Companies', { permission: 'companies' }),
    lazy: async () => ({
      Component: (await import('./routes/company-route.tsx')).CompanyRoute,
    }),
  },
  {
    path: 'email/config',
    handle: shellHandle('Configuration', { permission: 'configureEmail' }),
    lazy: async () => ({
      Component: (await import('./routes/mail-config-route.tsx')).MailConfigRoute,
    }),
  },
  {
    path: 'teams',
    handle: shellHandle('Teams', { permission: 'teams' }),
    lazy: async () => ({
      Component: (await import('./routes/teams-route.tsx')).TeamsRoute,
    }),
  },
  {
    path: 'templates',
    handle: shellHandle('Templates', { anyPermission: SENDING_PERMISSIONS }),
    lazy: async () => ({
      Component: (await import('./routes/templates-route.tsx')).TemplatesRoute,
    }),
  },
  {
    path: 'automation',
    handle: shellHandle('Automation', { permission: 'automation' }),
    lazy: async () => ({
      Component: (await import('./routes/automation-route.tsx')).AutomationRoute,
    }),
  },
  {
    path: 'suppression',
    handle: shellHandle('Suppression List', { admin: true }),
    lazy: async () => ({
      Component: (await import('./routes/suppression-route.tsx')).SuppressionRoute,
    }),
  },
  {
    path: 'integrations',
    handle: shellHandle('Integrations', { admin: true }),
    lazy: async () => ({
      Component: (await import('./routes/integrations-route.tsx')).IntegrationsRoute,
    }),
  },
  {
    path: 'audit',
    handle: shellHandle('Audit Log', { admin: true }),
    lazy: async () => ({
      Component: (await import('./routes/audit-route.tsx')).AuditRoute,
    }),
  },
  {
    path: 'single-sign-on',
    handle: shellHandle('Single Sign-On', { admin: true }),
    lazy: async () => ({
      Component: (await import('./routes/sso-route.tsx')).SsoRoute,
    }),
  },
  {
    path: 'custom-fields',
    handle: shellHandle('Custom Fields', { admin: true }),
    lazy: async () => ({
      Component: (await import('./routes/custom-fields-route.tsx')).CustomFieldsRoute,
    }),
  },
  {
    path: 'approval-users',
    handle: shellHandle('Approve Users', { superAdmin: true }),
    lazy: async () => ({
      Component: (await import('./routes/approvals-route.tsx')).ApprovalsRoute,
    }),
  },
  {
    path: 'profile',
    handle: shellHandle('Profile', { signedIn: true }),
    lazy: async () => ({
      Component: (await import('./routes/profile-route.tsx')).ProfileRoute,
    }),
  },
  {
    path: '*',
    handle: shellHandle('Page not found', { signedIn: true }),
    lazy: async () => ({
      Component: (await import('./routes/not-found-route.tsx')).NotFoundRoute,
    }),
  },
];

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <FullPageLoader />,
    children: [
      {
        path: '/login',
        element: <RedirectIfSignedIn />,
        children: [
          {
            index: true,
            lazy: async () => ({
              Component: (await import('./routes/login-route.tsx')).LoginRoute,
            }),
          },
        ],
      },
      {
        path: '/login/sso',
        lazy: async () => ({
          Component: (await import('./routes/sso-landing-route.tsx')).SsoLandingRoute,
        }),
      },
      {
        path: '/forgot-password',
        lazy: async () => ({
          Component: (await import('./routes/forgot-password-route.tsx')).ForgotPasswordRoute,
        }),
      },
      {
        path: '/reset-password',
        lazy: async () => ({
          Component: (await import('./routes/reset-password-route.tsx')).ResetPasswordRoute,
        }),
      },
      {
        path: '/change-password',
        lazy: async () => ({
          Component: (await import('./routes/change-password-route.tsx')).ChangePasswordRoute,
        }),
      },
      {
        path: '/two-factor-setup',
        lazy: async () => ({
          Component: (await import('./routes/two-factor-setup-route.tsx')).TwoFactorSetupRoute,
        }),
      },
      {
        path: '/signup',
        lazy: async () => ({
          Component: (await import('./routes/signup-route.tsx')).SignupRoute,
        }),
      },
      {
        lazy: lazyMaybeShell,
        children: [
          {
            path: '/create-user',
            handle: shellHandle('Create User', { signedIn: true }),
            lazy: async () => ({
              Component: (await import('./routes/create-user-route.tsx')).CreateUserRoute,
            }),
          },
        ],
      },
      {
        path: '/',
        element: <RequireAuth />,
        children: [{ lazy: lazyShell, children: shellRoutes }],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
