import {
  ATTACHMENT_EXTENSIONS,
  MAX_ATTACHMENTS,
  MAX_ATTACHMENTS_TOTAL_BYTES,
  MAX_ATTACHMENT_BYTES,
  fileExtension,
} from '@leadline/shared/email';
import { badRequest } from '../../lib/errors.ts';
import type { MailAttachment } from '../../mail/message.ts';

/** A file as the multipart upload delivered it. */
export type UploadedFile = { filename: string; content: Buffer };

type Extension = (typeof ATTACHMENT_EXTENSIONS)[number];

const MB = 1024 * 1024;

const CONTENT_TYPES: Record<Extension, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  txt: 'text/plain',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
};

const startsWith = (buffer: Buffer, bytes: number[]) =>
  bytes.every((byte, index) => buffer[index] === byte);

const JPEG = [0xff, 0xd8, 0xff];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP = [0x50, 0x4b, 0x03, 0x04];

/** The file's leading bytes agree with its extension (cheap checks, not a full parse). */
const LOOKS_LIKE: Record<Extension, (content: Buffer) => boolean> = {
  pdf: (content) => content.subarray(0, 1024).includes('%PDF-'),
  doc: (content) => startsWith(content, OLE),
  docx: (content) => startsWith(content, ZIP),
  txt: (content) => !content.subarray(0, 65536).includes(0),
  jpg: (content) => startsWith(content, JPEG),
  jpeg: (content) => startsWith(content, JPEG),
  png: (content) => startsWith(content, PNG),
  gif: (content) => ['GIF87a', 'GIF89a'].includes(content.subarray(0, 6).toString('latin1')),
};

/** The name without a path, control characters or quotes, at most 200 characters. */
export const cleanFilename = (filename: string): string => {
  const base = [...(filename.split(/[\\/]/).pop() ?? '')]
    .filter((char) => char.charCodeAt(0) >= 0x20 && char !== '\u007f' && char !== '"')
    .join('')
    .trim();
  return base.length > 200 ? base.slice(base.length - 200) : base;
};

export const tooLargeMessage = (filename: string) =>
  `${cleanFilename(filename)} is larger than ${MAX_ATTACHMENT_BYTES / MB} MB`;
export const TOO_MANY_ATTACHMENTS = `At most ${MAX_ATTACHMENTS} attachments can be sent with one email`;
export const ATTACHMENTS_TOO_LARGE = `Attachments must total at most ${MAX_ATTACHMENTS_TOTAL_BYTES / MB} MB`;

const refuse = (message: string) => badRequest(message, { attachments: message });

/**
 * The uploaded files as attachments: at most 10, each of an allowed type (by extension,
 * confirmed by its first bytes) and at most 10 MB. Anything else is a 400 naming the file.
 */
export const checkAttachments = (files: readonly UploadedFile[]): MailAttachment[] => {
  if (files.length > MAX_ATTACHMENTS) throw refuse(TOO_MANY_ATTACHMENTS);
  const total = files.reduce((sum, file) => sum + file.content.length, 0);
  if (total > MAX_ATTACHMENTS_TOTAL_BYTES) throw refuse(ATTACHMENTS_TOO_LARGE);
  return files.map((file) => {
    const filename = cleanFilename(file.filename) || 'attachment';
    const extension = fileExtension(filename) as Extension;
    if (!(ATTACHMENT_EXTENSIONS as readonly string[]).includes(extension)) {
      throw refuse(
        `${filename} cannot be attached: allowed types are ${ATTACHMENT_EXTENSIONS.join(', ')}`,
      );
    }
    if (file.content.length > MAX_ATTACHMENT_BYTES) throw refuse(tooLargeMessage(filename));
    if (!LOOKS_LIKE[extension](file.content))
      throw refuse(`${filename} is not a valid .${extension} file`);
    return { filename, content: file.content, contentType: CONTENT_TYPES[extension] };
  });
};
