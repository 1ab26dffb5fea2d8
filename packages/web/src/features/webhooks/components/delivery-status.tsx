import { Badge } from '@mantine/core';
import { DELIVERY_STATUS_LABELS } from '@leadline/shared/webhooks';
import type { DeliveryStatus } from '@leadline/shared/webhooks';

const COLORS: Record<DeliveryStatus, string> = {
  pending: 'yellow',
  delivered: 'green',
  failed: 'red',
};

export const DeliveryStatusBadge = ({ status }: { status: DeliveryStatus }) => (
  <Badge
    color={COLORS[status]}
    variant="light"
    data-testid="delivery-status"
    style={{ flexShrink: 0, overflow: 'visible' }}
  >
    {DELIVERY_STATUS_LABELS[status]}
  </Badge>
);
