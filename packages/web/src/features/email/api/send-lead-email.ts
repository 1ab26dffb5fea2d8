import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { emailFormData } from './email-form-data.ts';
import type { OutgoingEmail, SendEmailAnswer } from './email-form-data.ts';

export type LeadEmailRequest = { leadId: string; email: OutgoingEmail };

/** POST /api/leads/:id/send-mail: to the lead's own address; answers the updated lead. */
export const sendLeadEmail = async ({ leadId, email }: LeadEmailRequest) => {
  const response = await apiFetch(`/api/leads/${encodeURIComponent(leadId)}/send-mail`, {
    method: 'POST',
    body: emailFormData(email),
  });
  return (await response.json()) as SendEmailAnswer;
};

export const useSendLeadEmail = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendLeadEmail,
    // A send changes the lead's Sent state, count and history: every leads query (the table,
    // the drawer and this screen's lead) refetches.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.leads }),
  });
};
