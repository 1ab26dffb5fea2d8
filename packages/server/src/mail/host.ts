import { mailPrivateHostsAllowed } from '../config.ts';
import { resolveOutboundHost } from '../lib/outbound-address.ts';
import type { OutboundTarget } from '../lib/outbound-address.ts';
import { MAIL_TIMEOUT_SECONDS } from './errors.ts';

export type { OutboundTarget } from '../lib/outbound-address.ts';

/**
 * The address a mail connection goes to: the user's host resolved once and checked. Mail
 * servers on loopback, private or reserved addresses are refused (PrivateAddressError) unless
 * MAIL_ALLOW_PRIVATE_HOSTS=1, and on link-local or cloud metadata addresses always, before
 * anything is sent to them.
 */
export const resolveMailHost = (host: string): Promise<OutboundTarget> =>
  resolveOutboundHost(host, {
    allowPrivate: mailPrivateHostsAllowed(),
    timeoutSeconds: MAIL_TIMEOUT_SECONDS,
  });
