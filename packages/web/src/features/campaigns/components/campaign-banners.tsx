import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle, IconPlayerPause, IconRefresh, IconWifiOff } from '@tabler/icons-react';
import { CAMPAIGN_TEXTS } from '@leadline/shared/campaigns';

export const OfflineBanner = () => (
  <Alert color="yellow" variant="light" icon={<IconWifiOff size={18} />} role="status">
    {CAMPAIGN_TEXTS.offline}
  </Alert>
);

/** Why a campaign paused itself (too many bounces, a refusing mail server); resuming retries. */
export const PausedByItselfBanner = ({ message }: { message: string | null }) =>
  message ? (
    <Alert
      color="orange"
      variant="light"
      icon={<IconPlayerPause size={18} />}
      title="Paused by Leadline"
      role="status"
      data-testid="campaign-status-message"
    >
      {message}
    </Alert>
  ) : null;

/** The API error box: the failed call's message, or the fixed fallback. */
export const ApiErrorBox = ({
  message,
  onClose,
}: {
  message: string | null;
  onClose: () => void;
}) => (
  <Alert
    color="red"
    variant="light"
    icon={<IconAlertTriangle size={18} />}
    withCloseButton
    closeButtonLabel="Dismiss error"
    onClose={onClose}
    role="alert"
  >
    {CAMPAIGN_TEXTS.apiErrorPrefix}
    {message || CAMPAIGN_TEXTS.apiErrorFallback}
  </Alert>
);

/** Loading failed: what went wrong and Retry. */
export const LoadErrorBanner = ({
  message,
  retrying,
  onRetry,
}: {
  message: string;
  retrying: boolean;
  onRetry: () => void;
}) => (
  <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Text size="sm">{message}</Text>
      <Button
        size="xs"
        variant="white"
        color="red"
        leftSection={<IconRefresh size={14} />}
        loading={retrying}
        onClick={onRetry}
      >
        Retry
      </Button>
    </Group>
  </Alert>
);
