import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { emailFormData } from './email-form-data.ts';
import type { OutgoingEmail, SendEmailAnswer } from './email-form-data.ts';

export type AnyEmailRequest = { to: string; email: OutgoingEmail };

/** POST /api/email/send: the composer to any address (/email-form). */
export const sendEmail = async ({ to, email }: AnyEmailRequest) => {
  const response = await apiFetch('/api/email/send', {
    method: 'POST',
    body: emailFormData(email, { to }),
  });
  return (await response.json()) as SendEmailAnswer;
};

export const useSendEmail = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendEmail,
    // The address may be a lead's: its counters may have changed.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.leads }),
  });
};
