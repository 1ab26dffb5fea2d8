import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys.ts';

/** After a mailbox changes: the list and the default mailbox's settings (/api/email/config). */
export const refreshMailboxes = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: queryKeys.mail });
