import { z } from 'zod';
import { signinSchema } from './auth.ts';

/** Digits of an authenticator code, its period (seconds), and how many recovery codes a user gets. */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD = 30;
export const RECOVERY_CODE_COUNT = 10;

/** The 403 code of a session whose organisation requires 2FA and whose user has not set it up. */
export const TWO_FACTOR_SETUP_REQUIRED = 'TWO_FACTOR_SETUP_REQUIRED';
export const TWO_FACTOR_SETUP_MESSAGE =
  'Your organisation requires two-step sign-in. Set it up on your profile before you continue.';

const CODE_REQUIRED = 'Code is required';

/** A 6-digit authenticator code or a recovery code (xxxxx-xxxxx); spaces are ignored. */
export const codeField = z
  .string({ error: CODE_REQUIRED })
  .transform((value) => value.replace(/\s+/g, '').toLowerCase())
  .pipe(
    z
      .string()
      .min(1, CODE_REQUIRED)
      .max(32, 'Code must be at most 32 characters')
      .regex(/^[0-9a-z-]+$/, 'Code may contain only digits, letters and dashes'),
  );

/** An authenticator code only (setting up, regenerating recovery codes). */
export const totpCodeField = z
  .string({ error: CODE_REQUIRED })
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'Code must be the 6 digits your authenticator app shows'));

/** A recovery code as shown: two groups of five letters and digits. */
export const isRecoveryCode = (code: string): boolean => /^[a-z2-7]{5}-?[a-z2-7]{5}$/.test(code);

export const twoFactorCodeSchema = z.object({ code: totpCodeField });
export type TwoFactorCodeInput = z.input<typeof twoFactorCodeSchema>;

export const twoFactorVerifySchema = z.object({
  challenge: z
    .string({ error: 'challenge is required' })
    .min(1, 'challenge is required')
    .max(200, 'challenge must be at most 200 characters'),
  code: codeField,
});
export type TwoFactorVerifyInput = z.input<typeof twoFactorVerifySchema>;

/** DELETE /api/auth/2fa: an authenticator (or recovery) code, or the account password. */
export const twoFactorDisableSchema = z
  .object({ code: codeField.optional(), password: signinSchema.shape.password.optional() })
  .refine((body) => body.code !== undefined || body.password !== undefined, {
    message: 'Enter a code from your authenticator app or your password',
    path: ['code'],
  });
export type TwoFactorDisableInput = z.input<typeof twoFactorDisableSchema>;

/** POST /api/auth/signin for a user with two-step sign-in: no session yet, a challenge. */
export type TwoFactorChallenge = { twoFactorRequired: true; challenge: string };
export type TwoFactorSetup = { otpauthUri: string };
export type RecoveryCodes = { recoveryCodes: string[] };
/** GET /api/auth/2fa: the caller's state (never the secret). */
export type TwoFactorStatus = {
  enabled: boolean;
  recoveryCodesLeft: number;
  /** The caller's organisation requires two-step sign-in. */
  required: boolean;
};

/** The secret of an otpauth:// URI, for manual entry (null when the URI holds none). */
export const secretOfUri = (uri: string): string | null => {
  try {
    return new URL(uri).searchParams.get('secret');
  } catch {
    return null;
  }
};
