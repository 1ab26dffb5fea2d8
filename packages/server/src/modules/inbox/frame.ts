/*
 * The document the preview frame shows an email in. The web app loads it in an
 * `<iframe sandbox="allow-same-origin allow-popups ...">` (no allow-scripts) and writes the
 * sanitised HTML into its body. It is a document of its own, with its own policy, because a
 * srcdoc frame would inherit the app's (which allows no remote image at all): here scripts
 * cannot run (sandbox, and no script-src), forms cannot submit, and images come only from the
 * message itself (data: URLs) until the user loads remote images, when the app switches the
 * frame to the `images=allowed` variant. It holds no data, so it needs no sign-in.
 */

const BASE_POLICY = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  'font-src data:',
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'self'",
  'sandbox allow-same-origin allow-popups allow-popups-to-escape-sandbox',
];

export const framePolicy = (remoteImages: boolean): string =>
  [...BASE_POLICY, remoteImages ? 'img-src data: https: http:' : 'img-src data:'].join('; ');

/** Readable email defaults; a held-back remote image keeps its size as a grey box. */
export const FRAME_DOCUMENT = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="referrer" content="no-referrer">
<base target="_blank">
<title>Email</title>
<style>
  html { color-scheme: light; overflow: hidden; }
  body { margin: 0; padding: 16px; background: #fff; color: #1a1b1e; overflow-x: auto;
    font: 14px/1.5 Arial, Helvetica, sans-serif; overflow-wrap: anywhere; }
  img { max-width: 100%; height: auto; }
  table { max-width: 100%; }
  pre { white-space: pre-wrap; }
  img[data-remote-src] { display: inline-block; min-width: 24px; min-height: 24px;
    background: #f1f3f5; outline: 1px dashed #adb5bd; outline-offset: -1px; }
</style>
</head>
<body></body>
</html>
`;
