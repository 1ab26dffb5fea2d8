import { describe, expect, it } from 'vitest';
import {
  base32Decode,
  base32Encode,
  hotp,
  matchTotp,
  newTotpSecret,
  otpauthUri,
  totpAt,
} from './totp.ts';

// RFC 6238 appendix B, SHA-1: the ASCII secret "12345678901234567890", 8 digits.
const RFC_SECRET = Buffer.from('12345678901234567890', 'ascii');
const VECTORS: [number, string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('TOTP', () => {
  it('matches the RFC 6238 test vectors (8 and 6 digits)', () => {
    for (const [seconds, code] of VECTORS) {
      expect(totpAt(RFC_SECRET, seconds * 1000, 8)).toBe(code);
      expect(totpAt(RFC_SECRET, seconds * 1000)).toBe(code.slice(2));
    }
  });

  it('matches the RFC 4226 HOTP vectors', () => {
    expect(hotp(RFC_SECRET, 0)).toBe('755224');
    expect(hotp(RFC_SECRET, 9)).toBe('520489');
  });

  it('round-trips base32 and makes 160-bit secrets', () => {
    expect(base32Encode(RFC_SECRET)).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(base32Decode('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ').equals(RFC_SECRET)).toBe(true);
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(secret)).toHaveLength(20);
  });

  it('accepts one step of drift either side, refuses two, and never a used step', () => {
    const secret = base32Encode(RFC_SECRET);
    const now = 1111111111_000;
    const step = Math.floor(now / 30_000);
    const codeAt = (offset: number) => totpAt(RFC_SECRET, now + offset * 30_000);
    expect(matchTotp(secret, codeAt(0), now)).toBe(step);
    expect(matchTotp(secret, codeAt(-1), now)).toBe(step - 1);
    expect(matchTotp(secret, codeAt(1), now)).toBe(step + 1);
    expect(matchTotp(secret, codeAt(-2), now)).toBeNull();
    expect(matchTotp(secret, codeAt(2), now)).toBeNull();
    expect(matchTotp(secret, codeAt(0), now, step)).toBeNull();
    expect(matchTotp(secret, codeAt(1), now, step)).toBe(step + 1);
    expect(matchTotp(secret, '000000', now)).toBeNull();
  });

  it('writes the otpauth URI apps read', () => {
    expect(otpauthUri('ada@example.com', 'ABC')).toBe(
      'otpauth://totp/Leadline:ada%40example.com?secret=ABC&issuer=Leadline&period=30&digits=6',
    );
  });
});
