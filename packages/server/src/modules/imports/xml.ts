// Just enough XML for the parts of an .xlsx file the import reads: attributes, text with its
// entities and OOXML's _xHHHH_ escapes, and the <t> runs of a rich text.

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

const entity = (whole: string, name: string): string => {
  if (name[0] !== '#') return ENTITIES[name] ?? whole;
  const code =
    name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
  return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
};

/** Element text as the file means it: "&amp;" is "&", "_x000D_" is a carriage return. */
export const xmlText = (raw: string): string => {
  let text = raw.includes('&') ? raw.replace(/&(#?\w+);/g, entity) : raw;
  if (text.includes('_x'))
    text = text.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) =>
      String.fromCharCode(parseInt(hex, 16)),
    );
  return text;
};

const attributePatterns = new Map<string, RegExp>();

/** An attribute of an element's opening tag (`<c r="B2" t="s">`), unescaped; undefined if absent. */
export const attribute = (tag: string, name: string): string | undefined => {
  let pattern = attributePatterns.get(name);
  if (!pattern) {
    pattern = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`);
    attributePatterns.set(name, pattern);
  }
  const match = pattern.exec(tag);
  return match ? xmlText(match[1] ?? match[2]!) : undefined;
};

/** The namespace prefix of a part's root element: "x:" for `<x:worksheet ...>`, else "". */
export const rootPrefix = (xml: string, localName: string): string => {
  const match = new RegExp(`<(\\w+:)?${localName}[\\s>]`).exec(xml);
  return match?.[1] ?? '';
};

/** Where the element `<name` starts at or after `from` (not `<name2`), or -1. */
export const findElement = (xml: string, name: string, from: number): number => {
  let at = xml.indexOf(`<${name}`, from);
  while (at !== -1) {
    const next = xml.charCodeAt(at + name.length + 1);
    // space, tab, newline, carriage return, ">" or "/"
    if (next === 32 || next === 9 || next === 10 || next === 13 || next === 62 || next === 47)
      return at;
    at = xml.indexOf(`<${name}`, at + 1);
  }
  return -1;
};

/**
 * The string without its phonetic readings (<rPh>…</rPh>). Each is cut up to the first closing
 * tag after it; once none is left, the rest is kept as it is, rather than searched again from
 * every later <rPh> (which took quadratic time on a file full of unclosed ones).
 */
const withoutPhonetic = (xml: string, p: string): string => {
  const [open, close] = [`<${p}rPh`, `</${p}rPh>`];
  let kept = '';
  let from = 0;
  for (let at = xml.indexOf(open); at !== -1; at = xml.indexOf(open, at + open.length)) {
    if (at < from || !/^[\s>]/.test(xml.charAt(at + open.length))) continue;
    const end = xml.indexOf(close, at + open.length + 1);
    if (end === -1) break;
    kept += xml.slice(from, at);
    from = end + close.length;
  }
  return kept + xml.slice(from);
};

/**
 * The text of a shared string or an inline string: its <t> runs joined, without the phonetic
 * reading (<rPh>) some East Asian files add.
 */
export const richText = (xml: string, p: string): string => {
  const content = xml.includes(`<${p}rPh`) ? withoutPhonetic(xml, p) : xml;
  let text = '';
  for (let at = findElement(content, `${p}t`, 0); at !== -1;) {
    const open = content.indexOf('>', at);
    if (open === -1) break;
    if (content.charCodeAt(open - 1) === 47) {
      at = findElement(content, `${p}t`, open);
      continue;
    }
    const close = content.indexOf(`</${p}t>`, open);
    if (close === -1) break;
    text += xmlText(content.slice(open + 1, close));
    at = findElement(content, `${p}t`, close);
  }
  return text;
};
