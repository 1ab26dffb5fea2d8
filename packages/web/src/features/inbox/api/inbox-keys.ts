/** React Query keys of the inbox. */
export const inboxKeys = {
  all: ['inbox'] as const,
  list: () => ['inbox', 'list'] as const,
  email: (id: string) => ['inbox', 'email', id] as const,
};
