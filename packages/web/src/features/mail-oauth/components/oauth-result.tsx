import { Alert } from '@mantine/core';
import { useSearchParams } from 'react-router';

/**
 * What the OAuth callback said ("Mailbox connected", or why it failed), from the settings
 * page's address (?oauth=connected|failed&message=…); closing it clears the address.
 */
export const OAuthResult = () => {
  const [params, setParams] = useSearchParams();
  const outcome = params.get('oauth');
  const message = params.get('message');
  if (!outcome || !message) return null;
  const ok = outcome === 'connected';
  return (
    <Alert
      role={ok ? 'status' : 'alert'}
      color={ok ? 'green' : 'red'}
      variant="light"
      title={ok ? 'Mailbox connected' : 'The mailbox was not connected'}
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={() => setParams({}, { replace: true })}
    >
      {ok ? 'Leadline sends and reads your mail with this mailbox from now on.' : message}
    </Alert>
  );
};
