/** Every API error body (DECISIONS §3). */
export type ApiError = { message: string; errors?: Record<string, string> };

export const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Please sign in again.';
