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
    lazy: lazyNotBuilt,
  },
  notBuilt('activity', 'Activity', { permission: 'activity' }),
  notBuilt('leads-table', 'All Leads', { permission: 'leadsTable' }),
  notBuilt('create-lead', 'Create Lead', { permission: 'createLead' }),
  notBuilt('all-clients', 'All Clients', { permission: 'allClients' }),
  notBuilt('add-client', 'Add Client', { permission: 'addClient' }),
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
