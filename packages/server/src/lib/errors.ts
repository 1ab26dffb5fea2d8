/** An error whose message is safe to show the user, with the HTTP status it answers. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string>,
    /** A stable code the web reads (`TWO_FACTOR_SETUP_REQUIRED`), sent beside the message. */
    readonly code?: string,
  ) {
    super(message);
  }
}

/** 429: too many requests for now; the error handler sends Retry-After with the seconds. */
export class TooManyRequests extends HttpError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, message);
  }
}

export const badRequest = (message: string, errors?: Record<string, string>) =>
  new HttpError(400, message, errors);
export const unauthorized = (message: string) => new HttpError(401, message);
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);

/** True for PostgreSQL's unique_violation (23505), as thrown by pg or PGlite, or wrapped by drizzle. */
export const isUniqueViolation = (error: unknown): boolean => {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
};
