import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DomainCheckResult } from '@leadline/shared/domain-check';
import { apiRequest } from '../../../lib/api-client.ts';
import { domainCheckKeys } from './domain-check-keys.ts';

/** GET /api/email/mailboxes/:id/domain-check (`refresh`: check again now). */
export const getDomainCheck = (
  mailboxId: string,
  refresh = false,
  signal?: AbortSignal,
): Promise<DomainCheckResult> =>
  apiRequest<DomainCheckResult>(
    `/api/email/mailboxes/${encodeURIComponent(mailboxId)}/domain-check${refresh ? '?refresh=1' : ''}`,
    { signal },
  );

/** The mailbox's sender domain check (stored for a day by the server). */
export const useDomainCheck = (mailboxId: string) =>
  useQuery({
    queryKey: domainCheckKeys.mailbox(mailboxId),
    queryFn: ({ signal }) => getDomainCheck(mailboxId, false, signal),
  });

/** "Check again": a fresh check replaces the stored one. */
export const useRecheckDomain = (mailboxId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => getDomainCheck(mailboxId, true),
    onSuccess: (result) => queryClient.setQueryData(domainCheckKeys.mailbox(mailboxId), result),
  });
};
