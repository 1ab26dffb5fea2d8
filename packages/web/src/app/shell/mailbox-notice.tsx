import { useEmailConfig } from '../../features/email/api/get-email-config.ts';
import { ReconnectBanner } from '../../features/mail-oauth/components/reconnect-banner.tsx';

/** The banner over every screen while the user's own mailbox needs reconnecting. */
export const MailboxNotice = () => {
  const config = useEmailConfig();
  return config.data?.config.status === 'reconnect' ? <ReconnectBanner /> : null;
};
