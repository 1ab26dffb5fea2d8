import { Parser } from 'htmlparser2';
import { escapeHtml } from '../../mail/message.ts';
import { LINKS_MAX } from './tokens.ts';

/** How the links of one email are rewritten. */
export type Rewriting = {
  /** The tracked address of the email's n-th rewritten link. */
  linkUrl: (index: number) => string;
  /** The pixel's address. */
  pixelUrl: string;
  /** Links left as they are (the unsubscribe link, a link already tracked). */
  keep: (url: string) => boolean;
};

const isWebLink = (url: string): boolean => {
  const start = url.slice(0, 8).toLowerCase();
  return start.startsWith('http://') || start.startsWith('https://');
};

/** A tag rebuilt from its (decoded) attributes, `href` replaced. */
const anchorWith = (attributes: Record<string, string>, href: string): string => {
  let tag = '<a';
  for (const [name, value] of Object.entries(attributes))
    tag += ` ${name}="${escapeHtml(name === 'href' ? href : value)}"`;
  return `${tag}>`;
};

/** The 1x1 pixel as an image: sized by its attributes, no alt text, not laid out inline. */
export const pixelImage = (url: string): string =>
  `<img src="${escapeHtml(url)}" alt="" width="1" height="1" border="0" style="display:block;width:1px;height:1px;border:0">`;

/** A URL inside an unquoted CSS url(…): the characters that would end it, percent-encoded. */
const cssUrl = (url: string): string => {
  let out = '';
  for (const char of url)
    out += ` "'()\\`.includes(char) ? `%${char.charCodeAt(0).toString(16).toUpperCase()}` : char;
  return out;
};

/**
 * The pixel as a 1x1 block's CSS background. Spam filters count any <img> in an email with
 * little text as "image only" (SpamAssassin's HTML_IMAGE_ONLY_*: up to 2.8 points for any text
 * under 3,200 bytes), which a background is not; clients that load remote images load it too
 * (Apple Mail, Gmail, Outlook on the web, Thunderbird), Outlook for Windows does not.
 */
export const pixelBackground = (url: string): string =>
  `<div style="${escapeHtml(`width:1px;height:1px;line-height:1px;font-size:1px;overflow:hidden;background:url(${cssUrl(url)}) no-repeat`)}">&nbsp;</div>`;

type Scan = {
  /** [start, end) of each <a> tag to rewrite, with its attributes and address. */
  anchors: { start: number; end: number; attributes: Record<string, string>; url: string }[];
  /** Where an explicit </body> starts, else null. */
  bodyEnd: number | null;
  /** Whether the HTML has any visible text (a pixel does not make a text email image-only). */
  hasText: boolean;
  /** Whether it has an image already (an <img> pixel then changes nothing for spam filters). */
  hasImage: boolean;
};

/**
 * The email's web links and the end of its body, read with htmlparser2 (a tokenizer: linear
 * in the HTML, no backtracking pattern over a stranger's text).
 */
const scan = (html: string, keep: (url: string) => boolean): Scan => {
  const found: Scan = { anchors: [], bodyEnd: null, hasText: false, hasImage: false };
  let hidden = 0;
  const parser = new Parser(
    {
      onopentag: (name, attributes) => {
        if (name === 'style' || name === 'script' || name === 'head' || name === 'title')
          hidden += 1;
        if (name === 'img') found.hasImage = true;
        if (name !== 'a' || found.anchors.length >= LINKS_MAX) return;
        const url = (attributes.href ?? '').trim();
        if (!isWebLink(url) || keep(url)) return;
        found.anchors.push({ start: parser.startIndex, end: parser.endIndex + 1, attributes, url });
      },
      onclosetag: (name, implied) => {
        if (name === 'style' || name === 'script' || name === 'head' || name === 'title')
          hidden = Math.max(0, hidden - 1);
        if (name === 'body' && !implied && found.bodyEnd === null)
          found.bodyEnd = parser.startIndex;
      },
      ontext: (text) => {
        if (!found.hasText && hidden === 0 && text.trim() !== '') found.hasText = true;
      },
    },
    { decodeEntities: true, lowerCaseAttributeNames: true, lowerCaseTags: true },
  );
  parser.write(html);
  parser.end();
  return found;
};

/** The addresses of the links a tracked email rewrites, in order (the tokens' indexes). */
export const trackableLinks = (html: string, keep: (url: string) => boolean): string[] =>
  scan(html, keep).anchors.map((anchor) => anchor.url);

/**
 * The HTML with every web link (except those `keep` keeps: the unsubscribe link) pointing at
 * its tracked address, and the pixel at the end of the body: an <img> when the email has an
 * image already, else a CSS background (see pixelBackground); none in HTML without text.
 */
export const trackHtml = (
  html: string,
  rewriting: Rewriting,
): { html: string; links: string[] } => {
  const { anchors, bodyEnd, hasText, hasImage } = scan(html, rewriting.keep);
  let out = '';
  let from = 0;
  anchors.forEach((anchor, index) => {
    out += html.slice(from, anchor.start) + anchorWith(anchor.attributes, rewriting.linkUrl(index));
    from = anchor.end;
  });
  const pixel = !hasText
    ? ''
    : hasImage
      ? pixelImage(rewriting.pixelUrl)
      : pixelBackground(rewriting.pixelUrl);
  const at = bodyEnd !== null && bodyEnd >= from ? bodyEnd : html.length;
  out += html.slice(from, at) + pixel + html.slice(at);
  return { html: out, links: anchors.map((anchor) => anchor.url) };
};
