/* A message body as HTML: one rule for the server's sends and the web's rich editors. */

/** Text made safe to put inside HTML (content or a quoted attribute). */
export const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );

const HTML_TAG =
  /<\/?(p|div|br|span|b|i|u|s|strong|em|a|ul|ol|li|h[1-6]|table|img|font|blockquote|pre|hr)\b[^>]*>/i;

/** Whether a message is written in HTML (it holds a formatting tag); otherwise plain text. */
export const isHtmlMessage = (message: string): boolean => HTML_TAG.test(message);

/**
 * A message without HTML tags is plain text: its paragraphs and lines become HTML (an older
 * plain-text campaign body, loaded into the rich editor or sent, reads as it was written).
 */
export const asHtml = (message: string): string =>
  isHtmlMessage(message)
    ? message
    : `<p>${escapeHtml(message.trim())
        .replace(/\r?\n\r?\n+/g, '</p><p>')
        .replace(/\r?\n/g, '<br>')}</p>`;
