import { describe, expect, it } from 'vitest';
import { classifyHit, isAppleAddress } from '../src/modules/tracking/classify.ts';
import type { HitRequest } from '../src/modules/tracking/classify.ts';
import { createTracker } from '../src/modules/tracking/outgoing.ts';
import { trackHtml } from '../src/modules/tracking/rewrite.ts';
import { createTrackingTokens } from '../src/modules/tracking/tokens.ts';

const SENT = Date.parse('2026-11-02T10:00:00Z');
const PERSON = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15';
const request = (overrides: Partial<HitRequest> = {}): HitRequest => ({
  kind: 'open',
  method: 'GET',
  userAgent: PERSON,
  purpose: '',
  ip: '198.51.100.4',
  at: SENT + 60_000,
  ...overrides,
});
const classOf = (overrides: Partial<HitRequest>) => {
  const { class: hitClass, reason } = classifyHit(request(overrides), SENT);
  return [hitClass, reason];
};

describe('classifyHit', () => {
  it('reads each kind of hit in order', () => {
    expect(classOf({})).toEqual(['human', 'Person']);
    expect(classOf({ method: 'HEAD', userAgent: 'Mozilla/5.0', ip: '17.0.0.1' })).toEqual([
      'machine',
      'HEAD request',
    ]);
    expect(classOf({ purpose: 'prefetch' })).toEqual(['machine', 'Prefetch']);
    expect(classOf({ userAgent: 'Mozilla/5.0', ip: '17.58.1.2' })).toEqual([
      'proxy',
      'Apple Mail Privacy Protection',
    ]);
    expect(classOf({ userAgent: 'Mozilla/5.0', ip: '::ffff:17.58.1.2' })[0]).toBe('proxy');
    // The exact agent only, and only from Apple's addresses.
    expect(classOf({ userAgent: 'Mozilla/5.0 ', ip: '17.58.1.2' })[0]).toBe('human');
    expect(classOf({ userAgent: 'Mozilla/5.0', ip: '170.58.1.2' })[0]).toBe('human');
    expect(classOf({ userAgent: 'Mozilla/5.0 (via ggpht.com GoogleImageProxy)' })).toEqual([
      'proxy',
      'Google image proxy',
    ]);
    expect(classOf({ userAgent: 'curl/8.5.0' })).toEqual([
      'machine',
      'Link scanner (user agent “curl/”)',
    ]);
    expect(classOf({ userAgent: 'python-requests/2.32' })[0]).toBe('machine');
    expect(classOf({ userAgent: 'Mimecast-URL-Protect' })[0]).toBe('machine');
    expect(classOf({ userAgent: '' })).toEqual(['machine', 'No user agent']);
    expect(classOf({ at: SENT + 2_000 })).toEqual(['machine', 'Within 10 s of sending']);
    expect(classOf({ at: SENT + 10_000 })[0]).toBe('human');
    // A proxy within 10 s is still the proxy (it says more than the timing).
    expect(classOf({ userAgent: 'GoogleImageProxy', at: SENT + 1_000 })[0]).toBe('proxy');
  });

  it('reads a huge user agent in bounded time, by its first 300 characters', () => {
    const huge = `${'a'.repeat(1_000_000)}curl/`;
    const started = performance.now();
    expect(classOf({ userAgent: huge })[0]).toBe('human');
    expect(performance.now() - started).toBeLessThan(50);
  });

  it('knows Apple addresses without a pattern', () => {
    expect(isAppleAddress('17.0.0.0')).toBe(true);
    expect(isAppleAddress('17.255.255.255')).toBe(true);
    expect(isAppleAddress('117.1.1.1')).toBe(false);
    expect(isAppleAddress('17.1.1')).toBe(false);
    expect(isAppleAddress('2001:db8::17')).toBe(false);
  });
});

describe('tracking tokens', () => {
  const tokens = createTrackingTokens('a-secret-key-of-the-server-0123456789abcdef');
  const id = '0b7c6f1e-8d2a-4c3b-9e4f-5a6b7c8d9e0f';

  it('name the email (and the link) and nothing else verifies', () => {
    const open = tokens.token({ sentEmailId: id, kind: 'open', link: 0 });
    const click = tokens.token({ sentEmailId: id, kind: 'click', link: 513 });
    expect(open).toMatch(/^[\w-]{43}$/);
    expect(click).toMatch(/^[\w-]{46}$/);
    expect(tokens.verify('open', open)).toEqual({ sentEmailId: id, kind: 'open', link: 0 });
    expect(tokens.verify('click', click)).toEqual({ sentEmailId: id, kind: 'click', link: 513 });
    expect(tokens.verify('click', open)).toBeNull();
    expect(tokens.verify('open', click.slice(0, 43))).toBeNull();
    const other = createTrackingTokens('another-secret-key-0123456789abcdef-xyz');
    expect(other.verify('open', open)).toBeNull();
    for (let at = 0; at < open.length; at += 1) {
      const changed = `${open.slice(0, at)}${open[at] === 'A' ? 'B' : 'A'}${open.slice(at + 1)}`;
      expect(tokens.verify('open', changed)).toBeNull();
    }
    expect(tokens.verify('open', `${open.slice(0, 42)}+`)).toBeNull();
    expect(tokens.verify('open', 'x'.repeat(100_000))).toBeNull();
  });
});

describe('rewriting the HTML', () => {
  const tracker = createTracker('a-secret-key-of-the-server-0123456789abcdef', 'https://crm.test/');
  const id = '0b7c6f1e-8d2a-4c3b-9e4f-5a6b7c8d9e0f';

  it('rewrites web links but not the unsubscribe link, mailto, tel or anchors', () => {
    const html =
      '<html><body><p>Hi <a href="https://a.test/x?y=1&amp;z=2" title="A &quot;b&quot;">one</a>' +
      '<a href="#top">top</a> <a href="mailto:x@y.test">mail</a> <a href="tel:+331">call</a>' +
      ' <A HREF=\'HTTP://b.test\'>two</A> <a href="https://crm.test/unsubscribe/abc.def">Unsubscribe</a>' +
      '</p></body></html>';
    expect(tracker.links(html)).toEqual(['https://a.test/x?y=1&z=2', 'HTTP://b.test']);
    const out = tracker.rewrite(html, id);
    expect(out).toContain('title="A &quot;b&quot;"');
    expect(out).toContain('href="#top"');
    expect(out).toContain('href="mailto:x@y.test"');
    expect(out).toContain('href="https://crm.test/unsubscribe/abc.def"');
    expect(out.match(/href="https:\/\/crm\.test\/t\/c\/[\w-]{46}"/g)).toHaveLength(2);
    // The pixel just before </body>: a background, the email having no image.
    expect(out).toMatch(
      /background:url\(https:\/\/crm\.test\/t\/o\/[\w-]{43}\) no-repeat">&nbsp;<\/div><\/body>/,
    );
    expect(out).not.toContain('<img');
    // With an image already, an <img> pixel (spam filters count images, not how many).
    const pictured = tracker.rewrite('<p>Hi</p><img src="https://a.test/logo.png" alt="Logo">', id);
    expect(pictured).toMatch(
      /<img src="https:\/\/crm\.test\/t\/o\/[\w-]{43}" alt="" width="1" height="1"/,
    );
  });

  it('adds no pixel to HTML without text (it would look image-only)', () => {
    const out = trackHtml('<p><img src="https://a.test/banner.png"></p>', {
      keep: () => false,
      pixelUrl: 'https://crm.test/t/o/x',
      linkUrl: (n) => `https://crm.test/t/c/${n}`,
    });
    expect(out.html).not.toContain('/t/o/');
  });

  it('reads 256 KB of hostile HTML in linear time', () => {
    const hostile = [
      '<a href="https://b.test/ok">ok</a>'.repeat(100),
      '<a href="https://a.test/'.repeat(8000),
      '<'.repeat(40_000),
      '<a href='.repeat(10_000),
      '<!--'.repeat(10_000),
      '<a href="https://b.test/ok">ok</a>'.repeat(2_000),
    ]
      .join('')
      .slice(0, 256 * 1024);
    const started = performance.now();
    const links = tracker.links(hostile);
    const out = tracker.rewrite(hostile, id);
    const took = performance.now() - started;
    expect(took).toBeLessThan(2_000);
    expect(out.length).toBeGreaterThan(0);
    expect(links.length).toBeGreaterThanOrEqual(100);
  });
});
