import { Badge } from '@mantine/core';
import type { SuppressionReason } from '@leadline/shared/deliverability';

const LOOK: Record<SuppressionReason, { label: string; color: string }> = {
  unsubscribed: { label: 'Unsubscribed', color: 'orange' },
  manual: { label: 'Added by hand', color: 'gray' },
  bounced: { label: 'Bounced', color: 'red' },
};

export const ReasonBadge = ({ reason }: { reason: SuppressionReason }) => (
  <Badge variant="light" color={LOOK[reason].color}>
    {LOOK[reason].label}
  </Badge>
);
