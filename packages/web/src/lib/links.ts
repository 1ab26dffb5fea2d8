/**
 * A link to an outside page from stored text: http(s) as it is, a bare domain with https://
 * added; anything else (javascript:, mailto:, spaces) is not linked.
 */
export const externalHref = (value: string | null | undefined): string | null => {
  const text = value?.trim() ?? '';
  if (!text || /\s/.test(text)) return null;
  const candidate = /^https?:\/\//i.test(text)
    ? text
    : /^[a-z0-9-]+(\.[a-z0-9-]+)+([/?#].*)?$/i.test(text)
      ? `https://${text}`
      : null;
  if (!candidate) return null;
  try {
    const url = new URL(candidate);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
};

/** The short form shown for a link: host and path without the scheme, www. or a final slash. */
export const displayLink = (href: string): string =>
  href
    .replace(/^https?:\/\//i, '')
    .replace(/^www\./i, '')
    .replace(/\/$/, '');
