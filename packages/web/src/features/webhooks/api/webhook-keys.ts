/** React Query keys of the webhooks feature. */
export const webhookKeys = {
  all: ['webhooks'] as const,
  list: ['webhooks', 'list'] as const,
  deliveries: (webhookId: string) => ['webhooks', 'deliveries', webhookId] as const,
  deliveriesPage: (webhookId: string, page: number) =>
    ['webhooks', 'deliveries', webhookId, page] as const,
};
