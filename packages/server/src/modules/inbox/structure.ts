import type { MessageStructureObject } from 'imapflow';
import { plainText } from '@leadline/shared/email';
import { SNIPPET_MAX } from '@leadline/shared/inbox';

/*
 * What the list needs from a message's BODYSTRUCTURE without downloading it: which part holds
 * the start of its text, and whether it carries attachments.
 */

export type SnippetPart = {
  /** The part's FETCH key ("1" also names the body of a message that is not multipart). */
  key: string;
  html: boolean;
  encoding: string;
  charset: string;
};

const leaves = (node: MessageStructureObject): MessageStructureObject[] =>
  node.childNodes?.length ? node.childNodes.flatMap(leaves) : [node];

const isAttachment = (node: MessageStructureObject): boolean =>
  node.disposition === 'attachment' ||
  (!node.type.startsWith('text/') &&
    !node.type.startsWith('multipart/') &&
    node.disposition !== 'inline' &&
    Boolean(node.dispositionParameters?.filename ?? node.parameters?.name));

export const hasAttachments = (structure: MessageStructureObject | undefined): boolean =>
  structure ? leaves(structure).some(isAttachment) : false;

/** The first plain-text part that is no attachment, else the first HTML one. */
export const snippetPart = (structure: MessageStructureObject | undefined): SnippetPart | null => {
  if (!structure) return null;
  const bodies = leaves(structure).filter((node) => !isAttachment(node));
  const node =
    bodies.find((part) => part.type === 'text/plain') ??
    bodies.find((part) => part.type === 'text/html');
  if (!node) return null;
  return {
    key: node.part ?? '1',
    html: node.type === 'text/html',
    encoding: (node.encoding ?? '7bit').toLowerCase(),
    charset: node.parameters?.charset ?? 'utf-8',
  };
};

/** Quoted-printable, tolerating a cut at the end (the list fetches the first bytes only). */
const decodeQuotedPrintable = (raw: Buffer): Buffer => {
  const text = raw
    .toString('latin1')
    .replace(/=\r?\n/g, '')
    .replace(/=[0-9a-f]?$/i, '');
  const bytes: number[] = [];
  for (let index = 0; index < text.length; index += 1) {
    const hex =
      text[index] === '=' ? /^[0-9a-f]{2}$/i.exec(text.slice(index + 1, index + 3)) : null;
    if (hex) {
      bytes.push(parseInt(hex[0], 16));
      index += 2;
    } else {
      bytes.push(text.charCodeAt(index) & 0xff);
    }
  }
  return Buffer.from(bytes);
};

const decodeBase64 = (raw: Buffer): Buffer => {
  const text = raw.toString('latin1').replace(/[^a-z0-9+/]/gi, '');
  return Buffer.from(text.slice(0, text.length - (text.length % 4)), 'base64');
};

const decodeCharset = (bytes: Buffer, charset: string): string => {
  try {
    return new TextDecoder(charset).decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
};

/** HTML without a tag left open at its end: from the first `<` after the last `>` on. */
const withoutOpenTag = (html: string): string => {
  const open = html.indexOf('<', html.lastIndexOf('>') + 1);
  return open === -1 ? html : html.slice(0, open);
};

/** HTML cut short may end inside a tag, a comment, or a style or script block. */
const withoutOpenEnd = (html: string): string =>
  withoutOpenTag(
    html
      .replace(/<!--(?![\s\S]*-->)[\s\S]*$/, '')
      .replace(/<(script|style|head)\b(?![\s\S]*<\/\1)[\s\S]*$/i, ''),
  );

/** The first bytes of a text part as one line of at most SNIPPET_MAX characters. */
export const snippetOf = (raw: Buffer, part: SnippetPart): string => {
  const bytes =
    part.encoding === 'base64'
      ? decodeBase64(raw)
      : part.encoding === 'quoted-printable'
        ? decodeQuotedPrintable(raw)
        : raw;
  let text = decodeCharset(bytes, part.charset);
  if (part.html) text = plainText(withoutOpenEnd(text));
  const line = text.replace(/\s+/g, ' ').trim();
  const characters = Array.from(line);
  return characters.length > SNIPPET_MAX
    ? `${characters.slice(0, SNIPPET_MAX - 1).join('')}…`
    : line;
};
