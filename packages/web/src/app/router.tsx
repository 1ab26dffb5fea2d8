import { createBrowserRouter } from 'react-router';
import type { RouteObject } from 'react-router';
import { RedirectIfSignedIn, RequireAuth } from './guards.tsx';
import { RootLayout } from './root-layout.tsx';
import { FullPageLoader, RouteError } from './route-error.tsx';
import { shellHandle } from './route-access.ts';
import type { RouteAccess } from './route-access.ts';

// Every screen is its own chunk: the sign-in page loads only what it needs.
const lazyShell = async () => ({
  Component: (await import('./shell/shell-layout.tsx')).ShellLayout,
});
const lazyMaybeShell = async () => ({
  Component: (await import('./shell/maybe-shell-layout.tsx')).MaybeShellLayout,
});
const lazyNotBuilt = async () => ({
  Component: (await import('./routes/not-built-route.tsx')).NotBuiltRoute,
});

/** Sections later work fills: an honest "not built yet" page behind the section's permission. */
const notBuilt = (path: string, title: string, access: RouteAccess): RouteObject => ({
  path,
  handle: shellHandle(title, access),
  lazy: lazyNotBuilt,
});

const shellRoutes: RouteObject[] = [
  {
    index: true,
    handle: shellHandle('Dashboard', { permission: 'dashboard' }),
    lazy: async () => ({
      Component: (await import('../features/dashboard/routes/dashboard-route.tsx')).DashboardRoute,
    }),
  },
  {
    path: 'activity',
    handle: shellHandle('Activity', { permission: 'activity' }),
    lazy: async () => ({
      Component: (await import('../features/activity/routes/activity-route.tsx')).ActivityRoute,
    }),
  },
  {
    path: 'leads-table',
    handle: shellHandle('All Leads', { permission: 'leadsTable' }),
    lazy: async () => ({
      Component: (await import('../features/leads/routes/leads-table-route.tsx')).LeadsTableRoute,
    }),
  },
  {
    path: 'create-lead',
    handle: shellHandle('Create Lead', { permission: 'createLead' }),
    lazy: async () => ({
      Component: (await import('../features/leads/routes/create-lead-route.tsx')).CreateLeadRoute,
    }),
  },
  {
    path: 'all-clients',
    handle: shellHandle('All Clients', { permission: 'allClients' }),
    lazy: async () => ({
      Component: (await import('../features/clients/routes/clients-route.tsx')).ClientsRoute,
    }),
  },
  {
    path: 'add-client',
    handle: shellHandle('Add Client', { permission: 'addClient' }),
    lazy: async () => ({
      Component: (await import('../features/clients/routes/add-client-route.tsx')).AddClientRoute,
    }),
  },
  notBuilt('inbox', 'Inbox', { permission: 'inbox' }),
  notBuilt('send-email-page', 'Send Email', { permission: 'sendEmailPage' }),
  notBuilt('email-form', 'Email Form', { permission: 'emailForm' }),
  notBuilt('follow-up', 'Follow Up', { permission: 'followUp' }),
  notBuilt('send-bulk-email', 'Send Bulk Email', { permission: 'sendBulkEmail' }),
  notBuilt('calendar', 'Calendar', { permission: 'calendar' }),
  notBuilt('campaigns', 'Campaigns', { permission: 'campaigns' }),
  notBuilt('reports', 'Reports', { permission: 'reports' }),
  notBuilt('email/config', 'Configuration', { permission: 'configureEmail' }),
  {
    path: 'teams',
    handle: shellHandle('Teams', { permission: 'teams' }),
    lazy: async () => ({
      Component: (await import('../features/teams/routes/teams-route.tsx')).TeamsRoute,
    }),
  },
  {
    path: 'approval-users',
    handle: shellHandle('Approve Users', { superAdmin: true }),
    lazy: async () => ({
      Component: (await import('../features/approvals/routes/approvals-route.tsx')).ApprovalsRoute,
    }),
  },
  {
    path: 'profile',
    handle: shellHandle('Profile', { signedIn: true }),
    lazy: async () => ({
      Component: (await import('../features/profile/routes/profile-route.tsx')).ProfileRoute,
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
              Component: (await import('../features/auth/routes/login-route.tsx')).LoginRoute,
            }),
          },
        ],
      },
      {
        path: '/signup',
        lazy: async () => ({
          Component: (await import('../features/auth/routes/signup-route.tsx')).SignupRoute,
        }),
      },
      {
        lazy: lazyMaybeShell,
        children: [
          {
            path: '/create-user',
            handle: shellHandle('Create User', { signedIn: true }),
            lazy: async () => ({
              Component: (await import('../features/users/routes/create-user-route.tsx'))
                .CreateUserRoute,
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
