import sanitizeHtml from 'sanitize-html';
import type { IOptions, Transformer } from 'sanitize-html';

/*
 * Received HTML is hostile until proven otherwise: only an allow-list of tags, attributes, URL
 * schemes and CSS survives. No script, style sheet, frame, object, form, event handler or
 * javascript: URL; CSS values may hold no url(), expression() or escape. Remote images (the
 * tracking pixels of marketing mail) keep their address in `data-remote-src` only, so nothing
 * is fetched until the user asks for it; data: images (inline cid: images, which mailparser
 * turns into data: URLs) stay.
 */

const TAGS = [
  'a',
  'abbr',
  'address',
  'b',
  'big',
  'blockquote',
  'br',
  'caption',
  'center',
  'cite',
  'code',
  'col',
  'colgroup',
  'dd',
  'del',
  'div',
  'dl',
  'dt',
  'em',
  'figcaption',
  'figure',
  'font',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'i',
  'img',
  'ins',
  'li',
  'mark',
  'ol',
  'p',
  'pre',
  'q',
  's',
  'small',
  'span',
  'strike',
  'strong',
  'sub',
  'sup',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'u',
  'ul',
  'wbr',
];

/** Tags dropped together with everything inside them. */
const DROPPED_WITH_CONTENT = [
  'script',
  'style',
  'head',
  'title',
  'noscript',
  'template',
  'textarea',
  'option',
  'select',
  'xmp',
  'svg',
  'math',
  'iframe',
  'object',
  'embed',
];

/** Colours, lengths, keywords, quoted font names and rgb()/hsl(): nothing that loads or runs. */
const SAFE_CSS_VALUE = /^(?:[-\w#%.,\s"'!/]|(?:rgba?|hsla?)\([\d\s.,%/]*\))*$/i;

const STYLE_PROPERTIES = [
  'color',
  'background',
  'background-color',
  'font',
  'font-family',
  'font-size',
  'font-style',
  'font-weight',
  'text-align',
  'text-decoration',
  'text-transform',
  'text-indent',
  'line-height',
  'letter-spacing',
  'white-space',
  'word-break',
  'overflow-wrap',
  'vertical-align',
  'direction',
  'display',
  'list-style-type',
  'table-layout',
  'border-collapse',
  'border-spacing',
  'width',
  'min-width',
  'max-width',
  'height',
  'min-height',
  'max-height',
  ...['', '-top', '-right', '-bottom', '-left'].flatMap((side) => [
    `margin${side}`,
    `padding${side}`,
    `border${side}`,
    `border${side}-color`,
    `border${side}-style`,
    `border${side}-width`,
  ]),
  'border-radius',
];

const REMOTE_URL = /^https?:\/\//i;
const DATA_IMAGE = /^data:image\/(png|gif|jpe?g|webp|bmp);/i;

/** The URL as the browser would read it, or null when it is no absolute http(s) URL. */
const remoteUrl = (value: string | undefined): string | null => {
  const trimmed = (value ?? '').trim();
  if (!REMOTE_URL.test(trimmed)) return null;
  try {
    return new URL(trimmed).href;
  } catch {
    return null;
  }
};

export type SanitisedHtml = { html: string; remoteImages: number };

/** The email's HTML made safe to show in the preview frame (the inbox, a lead's sent emails). */
export const sanitiseEmailHtml = (html: string): SanitisedHtml => {
  let remoteImages = 0;
  // Rebuilt from the allowed attributes only; `data-remote-src` is only ever set here.
  const image: Transformer = (tagName, attribs) => {
    const { src, 'data-remote-src': _ignored, ...rest } = attribs;
    const remote = remoteUrl(src);
    if (remote) {
      remoteImages += 1;
      return { tagName, attribs: { ...rest, 'data-remote-src': remote } };
    }
    return {
      tagName,
      attribs: src && DATA_IMAGE.test(src.trim()) ? { ...rest, src: src.trim() } : rest,
    };
  };
  const link: Transformer = (tagName, attribs) => ({
    tagName,
    attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer' },
  });
  const options: IOptions = {
    allowedTags: TAGS,
    nonTextTags: DROPPED_WITH_CONTENT,
    disallowedTagsMode: 'discard',
    allowedAttributes: {
      '*': ['style', 'title', 'dir', 'lang', 'align', 'valign', 'width', 'height', 'bgcolor'],
      a: ['href', 'name', 'target', 'rel'],
      img: ['src', 'alt', 'data-remote-src'],
      td: ['colspan', 'rowspan', 'nowrap'],
      th: ['colspan', 'rowspan', 'nowrap', 'scope'],
      table: ['border', 'cellpadding', 'cellspacing'],
      font: ['color', 'face', 'size'],
      ol: ['start', 'type'],
      li: ['value'],
      col: ['span'],
      colgroup: ['span'],
    },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowedSchemesByTag: { img: ['data'] },
    allowProtocolRelative: false,
    allowedStyles: {
      '*': Object.fromEntries(STYLE_PROPERTIES.map((property) => [property, [SAFE_CSS_VALUE]])),
    },
    transformTags: { img: image, a: link },
  };
  const clean = sanitizeHtml(html, options).trim();
  return { html: clean, remoteImages };
};
