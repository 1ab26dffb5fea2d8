import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { UUID_PATTERN } from '@leadline/shared/ids';
import { uuidBytes, uuidFromBytes } from '../../lib/uuid-bytes.ts';

/** Who unsubscribes: an address, from one organisation's emails. */
export type UnsubscribeTarget = { organizationId: string; email: string };

export type UnsubscribeLinks = {
  /** The signed, unguessable token for this address of this organisation. */
  token: (target: UnsubscribeTarget) => string;
  /** The target a token names, or null when it was not signed with this key or was altered. */
  verify: (token: string) => UnsubscribeTarget | null;
  /** The public page (and one-click POST address) of the token. */
  url: (target: UnsubscribeTarget) => string;
  /** List-Unsubscribe with the https URL, and one-click unsubscribe (RFC 8058). */
  headers: (target: UnsubscribeTarget) => Record<string, string>;
};

const MAC_BYTES = 16;
const TOKEN_MAX = 600;

/**
 * Unsubscribe links signed with HMAC-SHA256 under a key derived from SECRET_KEY by HKDF (as
 * the mail password key is, with its own label): the token carries the organisation and the
 * address, so it needs no table, and nobody can make one for another address.
 */
export const createUnsubscribeLinks = (secretKey: string, publicUrl: string): UnsubscribeLinks => {
  const key = Buffer.from(
    hkdfSync('sha256', secretKey, 'leadline', 'leadline unsubscribe links v1', 32),
  );
  const mac = (payload: Buffer) =>
    createHmac('sha256', key).update(payload).digest().subarray(0, MAC_BYTES);
  const base = publicUrl.replace(/\/+$/, '');

  const token = ({ organizationId, email }: UnsubscribeTarget) => {
    const payload = Buffer.concat([uuidBytes(organizationId), Buffer.from(email.toLowerCase())]);
    return `${payload.toString('base64url')}.${mac(payload).toString('base64url')}`;
  };
  const verify = (text: string): UnsubscribeTarget | null => {
    if (text.length > TOKEN_MAX) return null;
    const match = /^([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)$/.exec(text);
    if (!match) return null;
    const payload = Buffer.from(match[1]!, 'base64url');
    const given = Buffer.from(match[2]!, 'base64url');
    if (payload.length <= 16 || given.length !== MAC_BYTES) return null;
    if (!timingSafeEqual(given, mac(payload))) return null;
    const organizationId = uuidFromBytes(payload.subarray(0, 16));
    const email = payload.subarray(16).toString('utf8');
    if (!UUID_PATTERN.test(organizationId) || !email.includes('@')) return null;
    return { organizationId, email };
  };
  const url = (target: UnsubscribeTarget) => `${base}/unsubscribe/${token(target)}`;
  return {
    token,
    verify,
    url,
    headers: (target) => ({
      'List-Unsubscribe': `<${url(target)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    }),
  };
};
