// `npm run build` while the server runs: the new web build is moved in without a moment in
// which a page or an asset of either build is missing or half written.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { moveIntoPlace } from '../../../scripts/build-web.mjs';

const root = mkdtempSync(join(tmpdir(), 'leadline-swap-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const write = (dir: string, files: Record<string, string>) => {
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
};

describe('moving a web build into place', () => {
  it('puts the new pages and assets in, and then drops the old build’s files', () => {
    const live = join(root, 'dist');
    const next = join(root, 'dist.next');
    write(live, {
      'index.html': 'old page',
      'index.html.br': 'old page, compressed',
      'login.html': 'old sign-in',
      'assets/app-old.js': 'old code',
      'favicon.svg': 'icon',
    });
    write(next, {
      'index.html': 'new page',
      'index.html.br': 'new page, compressed',
      'login.html': 'new sign-in',
      'assets/app-new.js': 'new code',
      'favicon.svg': 'icon 2',
    });
    moveIntoPlace(next, live);
    expect(readFileSync(join(live, 'index.html'), 'utf8')).toBe('new page');
    expect(readFileSync(join(live, 'index.html.br'), 'utf8')).toBe('new page, compressed');
    expect(readFileSync(join(live, 'login.html'), 'utf8')).toBe('new sign-in');
    expect(readFileSync(join(live, 'assets/app-new.js'), 'utf8')).toBe('new code');
    expect(readFileSync(join(live, 'favicon.svg'), 'utf8')).toBe('icon 2');
    expect(existsSync(join(live, 'assets/app-old.js'))).toBe(false);
    expect(existsSync(next)).toBe(false);
  });

  it('renames a first build into place whole', () => {
    const live = join(root, 'first');
    const next = join(root, 'first.next');
    write(next, { 'index.html': 'page', 'assets/a.js': 'code' });
    moveIntoPlace(next, live);
    expect(readFileSync(join(live, 'index.html'), 'utf8')).toBe('page');
    expect(existsSync(next)).toBe(false);
  });
});
