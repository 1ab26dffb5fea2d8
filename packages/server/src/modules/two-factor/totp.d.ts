export declare const base32Encode: (bytes: Buffer) => string;
export declare const base32Decode: (text: string) => Buffer;
/** A new secret: 160 random bits, base32. */
export declare const newTotpSecret: () => string;
/** RFC 4226 HOTP (HMAC-SHA1, dynamic truncation) of one counter. */
export declare const hotp: (secret: Buffer, counter: number, digits?: number) => string;
/** The time step of a moment (milliseconds since the epoch). */
export declare const stepAt: (nowMs: number, period?: number) => number;
/** RFC 6238 TOTP at a moment. */
export declare const totpAt: (secret: Buffer, nowMs: number, digits?: number) => string;
/**
 * The time step whose code `code` is (the current one, or one step either side for a clock
 * that drifts), later than `after` (a step already used is not accepted again); null when none.
 */
export declare const matchTotp: (secretBase32: string, code: string, nowMs: number, after?: number | null) => number | null;
/** The URI an authenticator app reads from the QR code. */
export declare const otpauthUri: (email: string, secretBase32: string) => string;
