import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes } from './web.ts';

describe('inline script hashes for the CSP', () => {
  it('allows exactly the inline scripts of the built pages, by hash', () => {
    const dir = mkdtempSync(join(tmpdir(), 'leadline-web-'));
    try {
      const script = "document.documentElement.dataset.x='1'";
      writeFileSync(
        join(dir, 'index.html'),
        `<script>${script}</script><script type="module" src="/a.js"></script>`,
      );
      writeFileSync(join(dir, 'login.html'), `<script>${script}</script>`);
      const hash = createHash('sha256').update(script).digest('base64');
      expect(inlineScriptHashes(dir)).toEqual([`'sha256-${hash}'`]);
      expect(inlineScriptHashes(undefined)).toEqual([]);
      expect(inlineScriptHashes(join(dir, 'missing'))).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
