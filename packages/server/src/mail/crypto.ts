import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/** Encrypts the mail passwords kept in the database; the key never leaves the process. */
export type SecretBox = {
  /** `iv:tag:ciphertext`, each base64. */
  encrypt: (plain: string) => string;
  /** Throws when the text was not sealed with this key (SECRET_KEY changed) or was altered. */
  decrypt: (sealed: string) => string;
};

const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * AES-256-GCM with a key derived from SECRET_KEY by HKDF-SHA256 (SECRET_KEY is a long random
 * secret, so no slow derivation is needed); a random IV per password, and GCM's tag detects
 * any change to the stored text.
 */
export const createSecretBox = (secretKey: string): SecretBox => {
  if (secretKey.length < 32) throw new Error('SECRET_KEY must be at least 32 characters');
  const key = Buffer.from(
    hkdfSync('sha256', secretKey, 'leadline', 'leadline mail account passwords v1', 32),
  );
  return {
    encrypt: (plain) => {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64')).join(':');
    },
    decrypt: (sealed) => {
      const [iv, tag, ciphertext] = sealed.split(':').map((part) => Buffer.from(part, 'base64'));
      if (!iv || !tag || !ciphertext || iv.length !== IV_BYTES || tag.length !== TAG_BYTES) {
        throw new Error('The stored password is not in the expected format');
      }
      const decipher = createDecipheriv('aes-256-gcm', key, iv);
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
    },
  };
};
