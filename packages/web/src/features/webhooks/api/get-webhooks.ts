import { useQuery } from '@tanstack/react-query';
import type { WebhookList } from '@leadline/shared/webhooks';
import { apiRequest } from '../../../lib/api-client.ts';
import { webhookKeys } from './webhook-keys.ts';

export const getWebhooks = (signal?: AbortSignal): Promise<WebhookList> =>
  apiRequest<WebhookList>('/api/webhooks', { signal });

/** The organisation's webhooks (refreshed while the screen is open: deliveries change them). */
export const useWebhooks = () =>
  useQuery({
    queryKey: webhookKeys.list,
    queryFn: ({ signal }) => getWebhooks(signal),
    refetchInterval: 10_000,
  });
