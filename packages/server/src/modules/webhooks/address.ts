import { badRequest } from '../../lib/errors.ts';
import { webhookTarget } from './post.ts';

/**
 * Refuses (400, on the `url` field) an address the server may not POST to, as webhookTarget
 * judges it (delivery checks again, post.ts).
 */
export const checkWebhookUrl = async (url: string): Promise<void> => {
  const resolved = await webhookTarget(url);
  if (!('refusal' in resolved)) return;
  const message = resolved.privateHost
    ? `${resolved.refusal}: webhooks may only be sent to public addresses`
    : resolved.refusal;
  throw badRequest(message, { url: message });
};
