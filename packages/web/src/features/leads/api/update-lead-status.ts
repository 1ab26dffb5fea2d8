import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Lead, LeadListResponse, LeadStatus } from '@leadline/shared/leads';
import { apiRequest } from '../../../lib/api-client.ts';
import { refreshSummaries } from '../../../lib/query-keys.ts';
import { leadKeys } from './lead-keys.ts';

export type UpdateLeadStatusInput = { id: string; status: LeadStatus };

export const updateLeadStatus = ({ id, status }: UpdateLeadStatusInput): Promise<Lead> =>
  apiRequest<Lead>(`/api/leads/${encodeURIComponent(id)}/status`, {
    method: 'PATCH',
    body: { status },
  });

type Snapshot = [readonly unknown[], LeadListResponse | undefined][];

const patchLists = (
  pages: Snapshot,
  id: string,
  change: (lead: Lead) => Lead,
): [readonly unknown[], LeadListResponse | undefined][] =>
  pages.map(([key, page]) => [
    key,
    page
      ? { ...page, leads: page.leads.map((lead) => (lead._id === id ? change(lead) : lead)) }
      : page,
  ]);

/**
 * PATCH a lead's status. The row changes at once (applied locally before the answer) and
 * keeps its place even when a status filter no longer matches; a failure puts it back.
 */
export const useUpdateLeadStatus = () => {
  const queryClient = useQueryClient();
  const restore = (pages: Snapshot) => {
    for (const [key, page] of pages) queryClient.setQueryData(key, page);
  };
  return useMutation({
    mutationFn: updateLeadStatus,
    onMutate: async ({ id, status }) => {
      await queryClient.cancelQueries({ queryKey: leadKeys.lists });
      const before: Snapshot = queryClient.getQueriesData<LeadListResponse>({
        queryKey: leadKeys.lists,
      });
      restore(patchLists(before, id, (lead) => ({ ...lead, status })));
      return { before };
    },
    onError: (_error, _input, context) => {
      if (context) restore(context.before);
    },
    onSuccess: async (lead) => {
      const pages = queryClient.getQueriesData<LeadListResponse>({ queryKey: leadKeys.lists });
      restore(patchLists(pages, lead._id, () => lead));
      queryClient.setQueryData(leadKeys.detail(lead._id), lead);
      // Marked stale without refetching now, so the row stays where the user left it.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: leadKeys.lists, refetchType: 'none' }),
        queryClient.invalidateQueries({ queryKey: leadKeys.activity(lead._id) }),
        refreshSummaries(queryClient),
      ]);
    },
  });
};
