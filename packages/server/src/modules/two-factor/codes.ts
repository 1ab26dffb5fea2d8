import { randomBytes, randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@leadline/shared/two-factor';
import { sha256Hex } from '../../lib/secrets.ts';

const RECOVERY_ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

const group = (): string =>
  Array.from({ length: 5 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');

/** A recovery code as typed, reduced to what is compared: lower case, no dash or space. */
export const recoveryKey = (code: string): string => code.toLowerCase().replace(/[\s-]/g, '');

/** Ten new recovery codes (50 random bits each, `abcde-fghij`) and their hashes to keep. */
export const newRecoveryCodes = (): { codes: string[]; hashes: string[] } => {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => `${group()}-${group()}`);
  return { codes, hashes: codes.map((code) => sha256Hex(recoveryKey(code))) };
};

/** A sign-in challenge: the token the client holds, and the hash the server keeps. */
export const newChallengeToken = (): { token: string; hash: string } => {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: sha256Hex(token) };
};
