import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { TOTP_DIGITS, TOTP_PERIOD } from './two-factor.ts';

// RFC 6238 time-based codes for two-step sign-in: the server checks them, and the tests and
// benchmarks compute them as an authenticator app would. Uses node:crypto: never imported by
// the web app.

/** RFC 4648 base32, as authenticator apps read secrets. */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export const base32Encode = (bytes: Buffer): string => {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
};

export const base32Decode = (text: string): Buffer => {
  const clean = text.replace(/=+$/, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = ALPHABET.indexOf(char);
    if (index < 0) throw new Error('Not a base32 secret');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
};

/** A new secret: 160 random bits, base32. */
export const newTotpSecret = (): string => base32Encode(randomBytes(20));

/** RFC 4226 HOTP (HMAC-SHA1, dynamic truncation) of one counter. */
export const hotp = (secret: Buffer, counter: number, digits = TOTP_DIGITS): string => {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', secret).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
};

/** The time step of a moment (milliseconds since the epoch). */
export const stepAt = (nowMs: number, period = TOTP_PERIOD): number =>
  Math.floor(nowMs / 1000 / period);

/** RFC 6238 TOTP at a moment. */
export const totpAt = (secret: Buffer, nowMs: number, digits = TOTP_DIGITS): string =>
  hotp(secret, stepAt(nowMs), digits);

const sameCode = (a: string, b: string): boolean =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * The time step whose code `code` is (the current one, or one step either side for a clock
 * that drifts), later than `after` (a step already used is not accepted again); null when none.
 */
export const matchTotp = (
  secretBase32: string,
  code: string,
  nowMs: number,
  after: number | null = null,
): number | null => {
  const secret = base32Decode(secretBase32);
  const current = stepAt(nowMs);
  for (const step of [current, current - 1, current + 1]) {
    if (after !== null && step <= after) continue;
    if (sameCode(hotp(secret, step), code)) return step;
  }
  return null;
};

/** The URI an authenticator app reads from the QR code. */
export const otpauthUri = (email: string, secretBase32: string): string => {
  const label = `Leadline:${encodeURIComponent(email)}`;
  const query = new URLSearchParams({
    secret: secretBase32,
    issuer: 'Leadline',
    period: String(TOTP_PERIOD),
    digits: String(TOTP_DIGITS),
  });
  return `otpauth://totp/${label}?${query.toString()}`;
};
