import type { EmailKind } from '@leadline/shared/email';
import { escapeHtml } from '../../mail/message.ts';
import type { PreparedBody } from './email.ts';

/*
 * The sending mailbox's signature, added to every email it sends (single, follow-up, bulk,
 * campaign) as the email goes out and as it is recorded. It is the rep's own plain text: merge
 * fields are not filled in it, and in HTML it is escaped. An invitation is Leadline's own
 * wording about a meeting: it goes without.
 */

/** The signature in HTML: escaped, its line breaks as <br>. */
export const signatureHtml = (signature: string): string =>
  `<div class="signature">${escapeHtml(signature).split('\n').join('<br>')}</div>`;

const insertAt = (body: string, at: number, addition: string): string =>
  body.slice(0, at) + addition + body.slice(at);

/**
 * The body with the signature: in the text after a line "-- " (RFC 3676), in the HTML as a
 * `<div class="signature">`, each where `signatureAt` says (before an unsubscribe footer), else
 * at the end. Without a signature (null) the body is unchanged.
 */
export const signedBody = (
  kind: EmailKind,
  body: PreparedBody,
  signature: string | null,
): { html: string; text: string } => {
  if (!signature || kind === 'invitation') return { html: body.html, text: body.text };
  const at = body.signatureAt ?? { html: body.html.length, text: body.text.length };
  const gap = at.text > 0 ? '\n\n' : '';
  return {
    html: insertAt(body.html, at.html, signatureHtml(signature)),
    text: insertAt(body.text, at.text, `${gap}-- \n${signature}`),
  };
};
