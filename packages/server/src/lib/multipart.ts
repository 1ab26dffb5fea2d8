import { HttpError, badRequest } from './errors.ts';

export const UNREADABLE_UPLOAD =
  'The upload could not be read: please send it as multipart/form-data';

/**
 * An error met while reading a multipart body, as the answer: our own refusals and Fastify's
 * 4xx stay as they are; anything else came from a malformed body (a missing boundary, a part
 * cut short), which is the sender's fault, not a server fault.
 */
export const asUploadError = (error: unknown): unknown => {
  if (error instanceof HttpError) return error;
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) return error;
  return badRequest(UNREADABLE_UPLOAD);
};
