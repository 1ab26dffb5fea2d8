import { useQuery } from '@tanstack/react-query';
import type { LeadListResponse } from '@leadline/shared/leads';
import type { TemplatePreview } from '@leadline/shared/templates';
import { apiRequest } from '../../../lib/api-client.ts';
import { templateKeys } from './template-keys.ts';

/** The template's subject and body filled in for one lead, as the server sends them. */
export const previewTemplate = (id: string, leadId: string): Promise<TemplatePreview> =>
  apiRequest<TemplatePreview>(`/api/templates/${encodeURIComponent(id)}/preview`, {
    method: 'POST',
    body: { leadId },
  });

/** Leads to preview against: the first ten matching the search. */
export const useLeadChoices = (search: string) =>
  useQuery({
    queryKey: templateKeys.leads(search),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ page: '1', limit: '10' });
      if (search) params.set('search', search);
      return apiRequest<LeadListResponse>(`/api/leads?${params.toString()}`, { signal });
    },
    select: (answer) => answer.leads,
  });
