import { escapeHtml } from '../../mail/message.ts';

/**
 * The small public pages of the unsubscribe link, plain HTML from the server (no app, no
 * script): readable on a phone and a desktop, in light and dark mode.
 */
export const unsubscribePage = (page: {
  title: string;
  text: string;
  form?: string;
}): string => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="color-scheme" content="light dark">
<title>${escapeHtml(page.title)}</title>
<style>
body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif; margin: 0; padding: 48px 16px; line-height: 1.5; }
main { max-width: 480px; margin: 0 auto; }
h1 { font-size: 1.5rem; margin: 0 0 12px; }
p { margin: 0 0 20px; overflow-wrap: anywhere; }
button { font: inherit; font-weight: 600; padding: 10px 20px; border: 0; border-radius: 6px; background: #1c7ed6; color: #fff; cursor: pointer; min-height: 44px; }
button:focus-visible { outline: 3px solid #74c0fc; outline-offset: 2px; }
</style>
</head>
<body>
<main>
<h1>${escapeHtml(page.title)}</h1>
<p>${page.text}</p>
${page.form ?? ''}
</main>
</body>
</html>
`;

/** "Unsubscribe" asks first: a GET (a link scanner, a preview) never unsubscribes. */
export const confirmPage = (email: string, organization: string, action: string): string =>
  unsubscribePage({
    title: 'Unsubscribe',
    text: `Stop emails from <strong>${escapeHtml(organization)}</strong> to <strong>${escapeHtml(email)}</strong>?`,
    form: `<form method="post" action="${escapeHtml(action)}"><button type="submit">Unsubscribe</button></form>`,
  });

export const donePage = (email: string, organization: string): string =>
  unsubscribePage({
    title: 'You are unsubscribed',
    text: `<strong>${escapeHtml(email)}</strong> will not receive bulk or campaign emails from <strong>${escapeHtml(organization)}</strong> any more.`,
  });

export const INVALID_LINK_TITLE = 'This unsubscribe link is not valid';

export const invalidLinkPage = (): string =>
  unsubscribePage({
    title: INVALID_LINK_TITLE,
    text: 'The link may have been cut off or changed. Open the link from the email again, or reply to the email and ask to be removed.',
  });
