import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A secret from the environment, or (outside production) one generated once and kept in
 * DATA_DIR so tokens and encrypted passwords survive a restart.
 */
export const loadSecret = (name: string, fromEnv: string | undefined, dataDir: string): string => {
  if (fromEnv) return fromEnv;
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, `${name}.secret`);
  if (existsSync(path)) {
    const stored = readFileSync(path, 'utf8').trim();
    if (stored.length >= 32) return stored;
  }
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(path, secret, { mode: 0o600 });
  chmodSync(path, 0o600);
  return secret;
};

/**
 * What is stored of a long random token (a reset link, an API key, a sign-in challenge, a
 * recovery code): its SHA-256 in hex. No salt: the token itself carries the randomness.
 */
export const sha256Hex = (text: string): string => createHash('sha256').update(text).digest('hex');
