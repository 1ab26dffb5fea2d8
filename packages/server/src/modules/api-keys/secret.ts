import { randomBytes } from 'node:crypto';
import { API_KEY_PREFIX, API_KEY_SHOWN_LENGTH } from '@leadline/shared/api-keys';
import { sha256Hex } from '../../lib/secrets.ts';

/** A new key: `ll_` and 32 random bytes (base64url), with what is stored of it. */
export const newApiKey = (): { key: string; prefix: string; keyHash: string } => {
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { key, prefix: key.slice(0, API_KEY_SHOWN_LENGTH), keyHash: hashApiKey(key) };
};

/** What is stored of a key: its SHA-256, hex (the key is long and random: no salt needed). */
export const hashApiKey = (key: string): string => sha256Hex(key);
