import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DELIVERIES_PER_PAGE } from '@leadline/shared/webhooks';
import type { DeliveryAnswer, DeliveryList } from '@leadline/shared/webhooks';
import { apiRequest } from '../../../lib/api-client.ts';
import { webhookKeys } from './webhook-keys.ts';

export const getDeliveries = (
  webhookId: string,
  page: number,
  signal?: AbortSignal,
): Promise<DeliveryList> =>
  apiRequest<DeliveryList>(
    `/api/webhooks/${encodeURIComponent(webhookId)}/deliveries?page=${page}&limit=${DELIVERIES_PER_PAGE}`,
    { signal },
  );

/** A page of a webhook's deliveries, newest first; polled while one is pending. */
export const useDeliveries = (webhookId: string, page: number) =>
  useQuery({
    queryKey: webhookKeys.deliveriesPage(webhookId, page),
    queryFn: ({ signal }) => getDeliveries(webhookId, page, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.deliveries.some((delivery) => delivery.status === 'pending')
        ? 1500
        : 15_000,
  });

export const sendTestEvent = (webhookId: string): Promise<DeliveryAnswer> =>
  apiRequest<DeliveryAnswer>(`/api/webhooks/${encodeURIComponent(webhookId)}/test`, {
    method: 'POST',
  });

export const redeliver = (deliveryId: string): Promise<DeliveryAnswer> =>
  apiRequest<DeliveryAnswer>(
    `/api/webhooks/deliveries/${encodeURIComponent(deliveryId)}/redeliver`,
    { method: 'POST' },
  );

const useDeliveryAction = (action: (id: string) => Promise<DeliveryAnswer>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  });
};

export const useSendTestEvent = () => useDeliveryAction(sendTestEvent);
export const useRedeliver = () => useDeliveryAction(redeliver);
