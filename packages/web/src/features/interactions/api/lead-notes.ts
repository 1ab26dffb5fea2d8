import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CallInput, LeadNote, NoteInput } from '@leadline/shared/interactions';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys, refreshSummaries } from '../../../lib/query-keys.ts';

const notesKey = (leadId: string) => ['interactions', 'lead', leadId] as const;
const path = (leadId: string, what: 'notes' | 'calls') =>
  `/api/leads/${encodeURIComponent(leadId)}/${what}`;

/** The lead's notes and calls, newest first. */
export const useLeadNotes = (leadId: string) =>
  useQuery({
    queryKey: notesKey(leadId),
    queryFn: ({ signal }) => apiRequest<LeadNote[]>(path(leadId, 'notes'), { signal }),
    staleTime: 0,
  });

/** Adds a note (`kind: 'note'`) or logs a call; the lead's history and the summaries follow. */
export const useAddLeadNote = (leadId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { kind: 'note'; note: NoteInput } | { kind: 'call'; call: CallInput }) =>
      apiRequest<LeadNote>(path(leadId, input.kind === 'note' ? 'notes' : 'calls'), {
        method: 'POST',
        body: input.kind === 'note' ? input.note : input.call,
      }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: notesKey(leadId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.leads }),
        refreshSummaries(queryClient),
      ]);
    },
  });
};
