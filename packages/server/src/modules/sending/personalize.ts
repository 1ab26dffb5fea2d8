import { DEFAULT_EMAIL_FONT } from '@leadline/shared/email';
import type { EmailFont } from '@leadline/shared/email';
import { fillMergeFields } from '@leadline/shared/merge-fields';
import type { MergeValues } from '@leadline/shared/merge-fields';
import { escapeHtml } from '../../mail/message.ts';

/**
 * The merge fields (`{{firstName}}`, `{{companyName|your team}}`…) filled with a lead's values
 * (see mergeValuesOf). In HTML (`format: 'html'`) the values are escaped, so a lead's data can
 * never add markup.
 */
export const personalize = (
  text: string,
  values: MergeValues,
  format: 'text' | 'html' = 'text',
): string => fillMergeFields(text, values, format === 'html' ? escapeHtml : undefined);

/** CSS font stacks for the composer's font families, each with fallbacks mail clients have. */
const FONT_STACKS: Record<EmailFont, string> = {
  Arial: 'Arial, Helvetica, sans-serif',
  Helvetica: 'Helvetica, Arial, sans-serif',
  'Times New Roman': "'Times New Roman', Times, serif",
  Georgia: 'Georgia, serif',
  Verdana: 'Verdana, Geneva, sans-serif',
  'Courier New': "'Courier New', Courier, monospace",
  Tahoma: 'Tahoma, Geneva, sans-serif',
  'Trebuchet MS': "'Trebuchet MS', Helvetica, sans-serif",
};

/** The editor's HTML with each div a paragraph (mail clients space paragraphs alike). */
export const normalizeEmailHtml = (html: string): string =>
  html
    .replace(
      /<div(\s[^>]*)?>/gi,
      (_tag, attributes: string | undefined) => `<p${attributes ?? ''}>`,
    )
    .replace(/<\/div\s*>/gi, '</p>')
    .trim();

/**
 * A bulk or campaign body as it is sent: normalised, then wrapped in a container of at most
 * 600 px, 14 px text, in the chosen font (Arial by default).
 */
export const wrapEmailBody = (html: string, font: EmailFont = DEFAULT_EMAIL_FONT): string =>
  `<div style="max-width: 600px; margin: 0 auto; font-family: ${FONT_STACKS[font] ?? FONT_STACKS[DEFAULT_EMAIL_FONT]}; font-size: 14px; line-height: 1.5;">${normalizeEmailHtml(html)}</div>`;
