/** Every API error body: a message, and per-field messages for bad input. */
export type ApiError = {
  message: string;
  errors?: Record<string, string>;
  /** A stable code for refusals the app acts on (TWO_FACTOR_SETUP_REQUIRED). */
  code?: string;
};

export const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Please sign in again.';
