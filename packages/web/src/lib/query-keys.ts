import type { QueryClient } from '@tanstack/react-query';

/** React Query keys shared across features (one feature may refresh another's data). */
export const queryKeys = {
  me: ['auth', 'me'] as const,
  twoFactor: ['auth', '2fa'] as const,
  sessions: ['auth', 'sessions'] as const,
  setup: ['auth', 'setup'] as const,
  users: ['users'] as const,
  pendingUsers: ['users', 'pending'] as const,
  dashboard: ['dashboard'] as const,
  activity: ['activity'] as const,
  /** Every leads query (the leads feature's lists, details, histories). */
  leads: ['leads'] as const,
  /** Every mail settings query: the default mailbox's settings and the mailboxes list. */
  mail: ['email'] as const,
  /** The signed-in user's mailboxes (the settings page, the From pickers, the inbox). */
  mailboxes: ['email', 'mailboxes'] as const,
};

/**
 * After a lead or a client changes: the dashboard's figures and the activity log summarise
 * them. Reset, not only invalidated: a screen that is open refetches, and one opened later
 * loads afresh instead of first showing the figures from before the change.
 */
export const refreshSummaries = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.resetQueries({ queryKey: queryKeys.dashboard }),
    queryClient.resetQueries({ queryKey: queryKeys.activity }),
  ]);
