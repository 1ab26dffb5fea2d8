import { badRequest } from '../../lib/errors.ts';
import { webhookUrlRefusal } from './post.ts';

/**
 * Refuses (400, on the `url` field) an address the server may not POST to, as webhookTarget
 * judges it (delivery checks again, post.ts).
 */
export const checkWebhookUrl = async (url: string): Promise<void> => {
  const message = await webhookUrlRefusal(url);
  if (message) throw badRequest(message, { url: message });
};
