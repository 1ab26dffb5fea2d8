import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** PUT /api/email/mailboxes/:id/dkim-selector: '' goes back to the common selectors. */
export const saveDkimSelector = (
  mailboxId: string,
  selector: string,
): Promise<{ message: string; selector: string | null }> =>
  apiRequest(`/api/email/mailboxes/${encodeURIComponent(mailboxId)}/dkim-selector`, {
    method: 'PUT',
    body: { selector },
  });

export const useSaveDkimSelector = (mailboxId: string) =>
  useMutation({ mutationFn: (selector: string) => saveDkimSelector(mailboxId, selector) });
