import { useQuery } from '@tanstack/react-query';
import { companyPath } from '@leadline/shared/companies';
import type { CompanyConversationAnswer } from '@leadline/shared/conversations';
import { apiRequest } from '../../../lib/api-client.ts';
import { companyKeys } from './get-companies.ts';

/** GET /api/companies/<key>/conversation: the company's leads' messages, oldest first. */
export const useCompanyConversation = (
  key: string,
  organization: string | null,
  enabled: boolean,
) =>
  useQuery({
    queryKey: companyKeys.conversation(key, organization),
    queryFn: ({ signal }) =>
      apiRequest<CompanyConversationAnswer>(`/api${companyPath(key)}/conversation`, { signal }),
    enabled,
    staleTime: 0,
  });
