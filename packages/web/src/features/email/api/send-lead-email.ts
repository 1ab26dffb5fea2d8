import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { LEADS_QUERY_KEY, emailKeys } from './email-keys.ts';
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
    onSuccess: (_answer, { leadId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: LEADS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: emailKeys.lead(leadId) }),
      ]),
  });
};
