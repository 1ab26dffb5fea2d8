import { Badge, ThemeIcon } from '@mantine/core';
import { IconBrandLinkedin, IconMail, IconPhone } from '@tabler/icons-react';
import {
  CAMPAIGN_STATUS_LABELS,
  CAMPAIGN_TYPE_LABELS,
  RECIPIENT_STATE_LABELS,
} from '@leadline/shared/campaigns';
import type { CampaignStatus, CampaignType, RecipientState } from '@leadline/shared/campaigns';

const STATUS_COLORS: Record<CampaignStatus, string> = {
  draft: 'gray',
  active: 'green',
  paused: 'yellow',
  completed: 'blue',
};

export const RECIPIENT_STATE_COLORS: Record<RecipientState, string> = {
  queued: 'gray',
  sent: 'green',
  failed: 'red',
  replied: 'violet',
  unsubscribed: 'orange',
  done: 'teal',
};

const TYPE_ICONS = { email: IconMail, linkedin: IconBrandLinkedin, call: IconPhone };
const TYPE_COLORS: Record<CampaignType, string> = {
  email: 'blue',
  linkedin: 'indigo',
  call: 'teal',
};

export const StatusBadge = ({ status }: { status: CampaignStatus }) => (
  <Badge color={STATUS_COLORS[status]} variant="light" style={{ flexShrink: 0 }}>
    {CAMPAIGN_STATUS_LABELS[status]}
  </Badge>
);

/** A lead's state; a LinkedIn or call task still open reads 'To do'. */
export const RecipientStateBadge = ({ state, task }: { state: RecipientState; task: boolean }) => (
  <Badge color={RECIPIENT_STATE_COLORS[state]} variant="light" size="sm" style={{ flexShrink: 0 }}>
    {task && state === 'queued' ? 'To do' : RECIPIENT_STATE_LABELS[state]}
  </Badge>
);

/** The campaign type's icon, named for screen readers. */
export const TypeIcon = ({ type, size = 36 }: { type: CampaignType; size?: number }) => {
  const Icon = TYPE_ICONS[type];
  return (
    <ThemeIcon
      size={size}
      radius="md"
      variant="light"
      color={TYPE_COLORS[type]}
      role="img"
      aria-label={`${CAMPAIGN_TYPE_LABELS[type]} campaign`}
    >
      <Icon size={Math.round(size * 0.55)} />
    </ThemeIcon>
  );
};
