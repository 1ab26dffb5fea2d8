import { useCallback, useEffect, useRef, useState } from 'react';
import { inboxFramePath } from '@leadline/shared/inbox';

/**
 * No allow-scripts: nothing in an email can run. allow-same-origin lets this page write the
 * (server-sanitised) HTML into the frame; allow-popups lets links open in a new tab, outside
 * the sandbox.
 */
const SANDBOX = 'allow-same-origin allow-popups allow-popups-to-escape-sandbox';
const MIN_HEIGHT = 120;

type EmailFrameProps = {
  html: string;
  /** True once the user asked for remote images: the frame's policy then allows them. */
  remoteImages: boolean;
  title: string;
};

/** Copies each held-back image's address into `src` (only in the frame that allows them). */
const releaseRemoteImages = (doc: Document) => {
  for (const image of doc.querySelectorAll('img[data-remote-src]')) {
    image.setAttribute('src', image.getAttribute('data-remote-src') ?? '');
    image.removeAttribute('data-remote-src');
  }
};

/**
 * The email's HTML (sanitised by the server) in a sandboxed frame of its own document
 * (/api/email/inbox/frame), whose policy blocks scripts, forms and, until the user asks,
 * remote images: an inbox message, or the sent email a follow-up answers. The frame grows
 * with its content, so the pane scrolls rather than the frame.
 */
export const EmailFrame = ({ html, remoteImages, title }: EmailFrameProps) => {
  const frame = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(MIN_HEIGHT);
  const [doc, setDoc] = useState<Document | null>(null);
  const src = inboxFramePath(remoteImages);

  const fill = useCallback(() => {
    const loaded = frame.current?.contentDocument;
    if (!loaded?.body || !loaded.URL.includes('/api/email/inbox/frame')) return;
    loaded.body.innerHTML = html;
    if (remoteImages) releaseRemoteImages(loaded);
    setDoc(loaded);
  }, [html, remoteImages]);

  // The frame follows its content's height (images arriving, a narrower window).
  useEffect(() => {
    if (!doc) return;
    // The body's own height: the document's scrollHeight never drops below the frame's.
    const measure = () =>
      setHeight(Math.max(MIN_HEIGHT, Math.ceil(doc.body.getBoundingClientRect().height)));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(doc.body);
    return () => observer.disconnect();
  }, [doc]);

  return (
    <iframe
      // A new document for the switch to remote images (the pane mounts one frame per email).
      key={src}
      ref={frame}
      src={src}
      sandbox={SANDBOX}
      title={title}
      onLoad={fill}
      referrerPolicy="no-referrer"
      style={{ display: 'block', width: '100%', height, border: 0, background: '#fff' }}
      data-testid="email-frame"
    />
  );
};
