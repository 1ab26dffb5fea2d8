import { randomBytes } from 'node:crypto';

/** A webhook's signing secret: `whsec_` and 32 random bytes (base64url). */
export const newWebhookSecret = (): string => `whsec_${randomBytes(32).toString('base64url')}`;
