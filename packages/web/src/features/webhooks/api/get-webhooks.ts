import { useQuery } from '@tanstack/react-query';
import type { WebhookList } from '@leadline/shared/webhooks';
import { apiRequest } from '../../../lib/api-client.ts';
import { webhookKeys } from './webhook-keys.ts';

export const getWebhooks = (signal?: AbortSignal): Promise<WebhookList> =>
  apiRequest<WebhookList>('/api/webhooks', { signal });

/** How long after a delivery was made the list keeps asking quickly for its result. */
export const FRESH_DELIVERY_MS = 60_000;
const QUICK_MS = 1000;
const SLOW_MS = 10_000;

/**
 * Whether a webhook's last delivery was made moments ago and has no result yet (a test event
 * just sent): then the list is read again every second until the result arrives. A delivery
 * left pending for retries later is not waited for so closely.
 */
export const awaitsResult = (list: WebhookList | undefined, now = Date.now()): boolean =>
  (list?.webhooks ?? []).some(
    ({ lastDelivery }) =>
      lastDelivery?.status === 'pending' && now - Date.parse(lastDelivery.at) < FRESH_DELIVERY_MS,
  );

/**
 * The organisation's webhooks, refreshed while the screen is open (deliveries change them):
 * every second while a fresh delivery waits for its result ("Last delivery" then shows it by
 * itself), every 10 s otherwise.
 */
export const useWebhooks = () =>
  useQuery({
    queryKey: webhookKeys.list,
    queryFn: ({ signal }) => getWebhooks(signal),
    refetchInterval: (query) => (awaitsResult(query.state.data) ? QUICK_MS : SLOW_MS),
  });
