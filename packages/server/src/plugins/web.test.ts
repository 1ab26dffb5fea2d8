import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { inlineScriptHashes, webBuildReader } from './web-build.ts';

const hashOf = (script: string) =>
  `'sha256-${createHash('sha256').update(script).digest('base64')}'`;

let dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'leadline-web-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  dirs = [];
});

describe('inline script hashes for the CSP', () => {
  it('allows exactly the inline scripts of the built pages, by hash', () => {
    const script = "document.documentElement.dataset.x='1'";
    const index = `<script>${script}</script><script type="module" src="/a.js"></script>`;
    expect(inlineScriptHashes([index, `<script>${script}</script>`])).toEqual([hashOf(script)]);
    expect(inlineScriptHashes([undefined, undefined])).toEqual([]);
  });
});

describe('the build on disk', () => {
  it('is read again when its pages change, and not otherwise', () => {
    const dir = tempDir();
    const read = webBuildReader(dir);
    expect(read()).toEqual({ hasApp: false, hasLogin: false, scriptHashes: [] });

    writeFileSync(join(dir, 'index.html'), '<script>one()</script>');
    const first = read();
    expect(first).toEqual({ hasApp: true, hasLogin: false, scriptHashes: [hashOf('one()')] });
    // Unchanged files: the same answer, not read again.
    expect(read()).toBe(first);

    writeFileSync(join(dir, 'index.html'), '<script>second()</script>');
    writeFileSync(join(dir, 'login.html'), '<script>second()</script>');
    expect(read()).toEqual({ hasApp: true, hasLogin: true, scriptHashes: [hashOf('second()')] });

    rmSync(dir, { recursive: true });
    expect(read().hasApp).toBe(false);
    mkdirSync(dir);
    writeFileSync(join(dir, 'index.html'), '<p>back</p>');
    expect(read()).toEqual({ hasApp: true, hasLogin: false, scriptHashes: [] });
  });

  it('is no build when no directory is configured', () => {
    expect(webBuildReader(undefined)().hasApp).toBe(false);
  });
});
