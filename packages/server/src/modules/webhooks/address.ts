import { mailPrivateHostsAllowed } from '../../config.ts';
import { badRequest } from '../../lib/errors.ts';
import { PrivateAddressError, resolveOutboundHost } from '../../lib/outbound-address.ts';
import { webhookUrlProblem } from './post.ts';

/**
 * Refuses (400, on the `url` field) an address the server may not POST to: not http(s), with a
 * login, a host that cannot be found, or one that resolves to a loopback, private or reserved
 * address (unless MAIL_ALLOW_PRIVATE_HOSTS=1). Delivery checks again (post.ts).
 */
export const checkWebhookUrl = async (url: string): Promise<void> => {
  const refuse = (message: string) => badRequest(message, { url: message });
  const problem = webhookUrlProblem(url);
  if (problem) throw refuse(problem);
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  try {
    await resolveOutboundHost(host, { allowPrivate: mailPrivateHostsAllowed() });
  } catch (error) {
    if (error instanceof PrivateAddressError)
      throw refuse(
        `${host} is a private or reserved address: webhooks may only be sent to public addresses`,
      );
    throw refuse(`${host} could not be found`);
  }
};
