/** React Query keys shared across features (one feature may refresh another's data). */
export const queryKeys = {
  me: ['auth', 'me'] as const,
  setup: ['auth', 'setup'] as const,
  users: ['users'] as const,
  pendingUsers: ['users', 'pending'] as const,
};
