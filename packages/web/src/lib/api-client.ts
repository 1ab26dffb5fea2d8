import type { ApiError } from '@leadline/shared/http';
import { ORGANIZATION_HEADER, encodeOrganizationHeader } from '@leadline/shared/organization';
import { getOrganizationChoice } from './organization-choice.ts';
import { TWO_FACTOR_SETUP_REQUIRED } from '@leadline/shared/two-factor';
import { clearSession, getSession, setStoredUser } from './session.ts';

/** A failed API call: the server's message (or none), its status and its field errors. */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly fieldErrors: Record<string, string>;
  /** True when this failure ended the session (401 on an authenticated call). */
  readonly sessionExpired: boolean;
  /** True when the server answered with a message of its own. */
  readonly hasServerMessage: boolean;
  /** A busy server's Retry-After (503): when asking again makes sense, in seconds. */
  readonly retryAfterSeconds: number | null;

  constructor(
    status: number,
    body: Partial<ApiError> | null,
    sessionExpired = false,
    retryAfter: string | null = null,
  ) {
    const serverMessage = typeof body?.message === 'string' ? body.message.trim() : '';
    super(serverMessage || `Request failed with status ${status}`);
    this.name = 'ApiRequestError';
    this.status = status;
    this.fieldErrors = body?.errors ?? {};
    this.sessionExpired = sessionExpired;
    this.hasServerMessage = serverMessage.length > 0;
    const seconds = Number(retryAfter);
    this.retryAfterSeconds =
      retryAfter !== null && Number.isFinite(seconds) && seconds >= 0 ? seconds : null;
  }
}

type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Send the stored token (every call except signin, self sign-up and first-admin setup). */
  auth?: boolean;
  signal?: AbortSignal;
};

/** A signed-in request's headers: the token and, when a Super Admin chose one, the organisation. */
const authHeaders = (token: string | null): Record<string, string> => {
  if (!token) return {};
  const organization = getOrganizationChoice();
  return {
    Authorization: `Bearer ${token}`,
    ...(organization ? { [ORGANIZATION_HEADER]: encodeOrganizationHeader(organization) } : {}),
  };
};

let unauthorizedHandler: (() => void) | null = null;

/** The app layer decides what a 401 does on screen (toast, go to /login). */
export const setUnauthorizedHandler = (handler: (() => void) | null): void => {
  unauthorizedHandler = handler;
};

const parseBody = async (response: Response): Promise<unknown> => {
  if (response.status === 204) return null;
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
};

export const apiRequest = async <T>(path: string, options: RequestOptions = {}): Promise<T> => {
  const { method = 'GET', body, auth = true, signal } = options;
  const token = auth ? getSession().token : null;
  const headers: Record<string, string> = { Accept: 'application/json', ...authHeaders(token) };
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiRequestError(0, null);
  }

  const data = await parseBody(response);
  if (!response.ok) {
    const expired = response.status === 401 && token !== null;
    // Several calls may fail together: only the first ends the session and tells the user.
    if (expired && getSession().token === token) {
      clearSession();
      unauthorizedHandler?.();
    }
    const errorBody = data && typeof data === 'object' ? (data as Partial<ApiError>) : null;
    // The organisation now requires two-step sign-in: the guard leads to its set-up.
    const stored = getSession().user;
    if (errorBody?.code === TWO_FACTOR_SETUP_REQUIRED && stored && !stored.twoFactorSetupRequired) {
      setStoredUser({ ...stored, twoFactorSetupRequired: true });
    }
    throw new ApiRequestError(
      response.status,
      errorBody,
      expired,
      response.headers.get('retry-after'),
    );
  }
  return data as T;
};

/** The server's message when it sent one, otherwise the screen's fallback text. */
export const errorMessage = (error: unknown, fallback: string): string =>
  error instanceof ApiRequestError && error.hasServerMessage ? error.message : fallback;

export const isSessionExpired = (error: unknown): boolean =>
  error instanceof ApiRequestError && error.sessionExpired;

type FetchOptions = {
  method?: 'GET' | 'POST';
  /** A multipart body (file upload); the browser sets its Content-Type. */
  body?: FormData;
  signal?: AbortSignal;
};

/**
 * An authenticated request whose answer is not (only) JSON: a multipart upload or a file
 * download. The same token and 401 rules as `apiRequest`; a failure throws `ApiRequestError`
 * with the server's message, a success answers the raw Response.
 */
export const apiFetch = async (path: string, options: FetchOptions = {}): Promise<Response> => {
  const { method = 'GET', body, signal } = options;
  const token = getSession().token;
  const headers = authHeaders(token);

  let response: Response;
  try {
    response = await fetch(path, { method, headers, body, signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiRequestError(0, null);
  }
  if (response.ok) return response;

  const data = await parseBody(response);
  const expired = response.status === 401 && token !== null;
  if (expired && getSession().token === token) {
    clearSession();
    unauthorizedHandler?.();
  }
  const errorBody = data && typeof data === 'object' ? (data as Partial<ApiError>) : null;
  throw new ApiRequestError(
    response.status,
    errorBody,
    expired,
    response.headers.get('retry-after'),
  );
};
