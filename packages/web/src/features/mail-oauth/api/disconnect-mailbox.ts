import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** DELETE /api/email/oauth: the connected mailbox goes. */
export const disconnectMailbox = (): Promise<{ message: string }> =>
  apiRequest<{ message: string }>('/api/email/oauth', { method: 'DELETE' });

export const useDisconnectMailbox = (onDone: () => void) =>
  useMutation({ mutationFn: disconnectMailbox, onSuccess: onDone });
