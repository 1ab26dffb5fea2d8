import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { HitKind } from '@leadline/shared/tracking';
import { uuidBytes, uuidFromBytes } from '../../lib/uuid-bytes.ts';

/** What a tracking token names: an email's pixel, or one of its links (by index). */
export type TrackingTarget = { sentEmailId: string; kind: HitKind; link: number };

export type TrackingTokens = {
  token: (target: TrackingTarget) => string;
  /** The target, or null when the token was not signed with this key, altered or malformed. */
  verify: (kind: HitKind, token: string) => TrackingTarget | null;
};

/** 128 bits of HMAC-SHA256: a forged token is guessed once in 2^128 tries. */
const MAC_BYTES = 16;
/** A click names its link by two bytes: no email carries 65,536 links. */
export const LINKS_MAX = 0xffff;
const PAYLOAD_BYTES: Record<HitKind, number> = { open: 16, click: 18 };
const TOKEN_LENGTH: Record<HitKind, number> = {
  open: Math.ceil(((16 + MAC_BYTES) * 4) / 3),
  click: Math.ceil(((18 + MAC_BYTES) * 4) / 3),
};
const KIND_BYTE: Record<HitKind, number> = { open: 0x6f, click: 0x63 };

const isBase64Url = (text: string): boolean => {
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    const ok =
      (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 45 || c === 95;
    if (!ok) return false;
  }
  return true;
};

/**
 * Tracking tokens: the sent email's id (and the link's index for a click) with an HMAC-SHA256
 * under a key derived from SECRET_KEY by HKDF with its own label (as the unsubscribe links),
 * in base64url. The kind is signed too, so a pixel's token is no click's. Verified with the
 * length and alphabet first and timingSafeEqual, before anything reads the database.
 */
export const createTrackingTokens = (secretKey: string): TrackingTokens => {
  const key = Buffer.from(hkdfSync('sha256', secretKey, 'leadline', 'leadline tracking v1', 32));
  const mac = (kind: HitKind, payload: Buffer) =>
    createHmac('sha256', key)
      .update(Buffer.of(KIND_BYTE[kind]))
      .update(payload)
      .digest()
      .subarray(0, MAC_BYTES);
  return {
    token: ({ sentEmailId, kind, link }) => {
      const id = uuidBytes(sentEmailId);
      const payload = kind === 'open' ? id : Buffer.concat([id, Buffer.of(link >> 8, link & 0xff)]);
      return Buffer.concat([payload, mac(kind, payload)]).toString('base64url');
    },
    verify: (kind, token) => {
      if (token.length !== TOKEN_LENGTH[kind] || !isBase64Url(token)) return null;
      const bytes = Buffer.from(token, 'base64url');
      const size = PAYLOAD_BYTES[kind];
      if (bytes.length !== size + MAC_BYTES) return null;
      const payload = bytes.subarray(0, size);
      if (!timingSafeEqual(bytes.subarray(size), mac(kind, payload))) return null;
      const link = kind === 'open' ? 0 : (payload[16]! << 8) | payload[17]!;
      return { sentEmailId: uuidFromBytes(payload.subarray(0, 16)), kind, link };
    },
  };
};
