import type { FastifyRequest } from 'fastify';
import {
  MAX_ATTACHMENTS,
  MAX_ATTACHMENTS_TOTAL_BYTES,
  MAX_ATTACHMENT_BYTES,
  MESSAGE_MAX,
} from '@leadline/shared/email';
import { badRequest } from '../../lib/errors.ts';
import { asUploadError } from '../../lib/multipart.ts';
import { NUL_REFUSED, holdsNul } from '../../lib/text.ts';
import { ATTACHMENTS_TOO_LARGE, TOO_MANY_ATTACHMENTS, tooLargeMessage } from './attachments.ts';
import type { UploadedFile } from './attachments.ts';
import type { EmailRequest } from './service.ts';

/** @fastify/multipart's options for a route plugin that takes the composer's requests. */
export const COMPOSER_MULTIPART = {
  limits: {
    fileSize: MAX_ATTACHMENT_BYTES,
    files: MAX_ATTACHMENTS,
    fields: 20,
    parts: MAX_ATTACHMENTS + 20,
    fieldSize: MESSAGE_MAX * 2,
  },
};

/** Names that would reach the object's prototype instead of a field. */
const UNSAFE_NAMES = new Set(['__proto__', 'constructor', 'prototype']);

const codeOf = (error: unknown) => (error as { code?: string } | null)?.code;

/**
 * The composer's request: a JSON body, or multipart fields (a repeated field, or `cc[]`,
 * becomes a list) and every uploaded file, whatever its field name (`attachments` in the
 * app). Sizes are refused while reading, naming the file, so nothing large is buffered.
 */
export const readEmailRequest = async (request: FastifyRequest): Promise<EmailRequest> => {
  if (!request.isMultipart()) return { fields: request.body ?? {}, files: [] };
  const fields: Record<string, string | string[]> = {};
  const files: UploadedFile[] = [];
  let total = 0;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        let content: Buffer;
        try {
          content = await part.toBuffer();
        } catch (error) {
          if (codeOf(error) === 'FST_REQ_FILE_TOO_LARGE')
            throw badRequest(tooLargeMessage(part.filename), {
              attachments: tooLargeMessage(part.filename),
            });
          throw error;
        }
        // An empty file input still sends a part, without a name.
        if (!part.filename && content.length === 0) continue;
        total += content.length;
        if (total > MAX_ATTACHMENTS_TOTAL_BYTES)
          throw badRequest(ATTACHMENTS_TOO_LARGE, { attachments: ATTACHMENTS_TOO_LARGE });
        files.push({ filename: part.filename, content });
        continue;
      }
      const name = part.fieldname.replace(/\[\]$/, '');
      if (UNSAFE_NAMES.has(name)) continue;
      if (part.valueTruncated) throw badRequest(`The field ${name} is too long`);
      const value = String(part.value);
      // A JSON body is checked by the app-wide hook; multipart fields only here.
      if (holdsNul(value)) throw badRequest(NUL_REFUSED);
      const previous = fields[name];
      fields[name] =
        previous === undefined
          ? value
          : [...(Array.isArray(previous) ? previous : [previous]), value];
    }
  } catch (error) {
    const code = codeOf(error);
    if (code === 'FST_FILES_LIMIT')
      throw badRequest(TOO_MANY_ATTACHMENTS, { attachments: TOO_MANY_ATTACHMENTS });
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw badRequest('The form has too many fields');
    throw asUploadError(error);
  }
  return { fields, files };
};
