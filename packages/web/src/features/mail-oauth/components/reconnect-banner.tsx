import { Alert, Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { MAIL_SETTINGS_PATH } from '@leadline/shared/mail-oauth';

/** For the owner of a mailbox whose OAuth grant was refused: sends wait until it is reconnected. */
export const ReconnectBanner = () => (
  <Alert color="red" variant="light" role="alert" title="Reconnect your mailbox" mb="md">
    Your mail provider no longer accepts Leadline&apos;s access, so your emails, bulk runs and
    campaign steps wait.{' '}
    <Anchor component={Link} to={MAIL_SETTINGS_PATH} c="inherit" fw={600} underline="always">
      Open the mail settings to reconnect it
    </Anchor>
    .
  </Alert>
);
