import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  WebhookAnswer,
  WebhookCreateInput,
  WebhookCreated,
  WebhookUpdateInput,
} from '@leadline/shared/webhooks';
import { apiRequest } from '../../../lib/api-client.ts';
import { webhookKeys } from './webhook-keys.ts';

const path = (id: string) => `/api/webhooks/${encodeURIComponent(id)}`;

export const createWebhook = (body: WebhookCreateInput): Promise<WebhookCreated> =>
  apiRequest<WebhookCreated>('/api/webhooks', { method: 'POST', body });

export const updateWebhook = ({
  id,
  ...body
}: WebhookUpdateInput & { id: string }): Promise<WebhookAnswer> =>
  apiRequest<WebhookAnswer>(path(id), { method: 'PUT', body });

export const deleteWebhook = (id: string): Promise<{ message: string }> =>
  apiRequest<{ message: string }>(path(id), { method: 'DELETE' });

const useWebhookChange = <T, R>(change: (input: T) => Promise<R>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  });
};

export const useCreateWebhook = () => useWebhookChange(createWebhook);
export const useUpdateWebhook = () => useWebhookChange(updateWebhook);
export const useDeleteWebhook = () => useWebhookChange(deleteWebhook);
