import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** What the built web app on disk offers right now. */
export type WebBuild = {
  /** index.html is there: client routes can be served. */
  hasApp: boolean;
  /** The prerendered sign-in page (login.html) is there. */
  hasLogin: boolean;
  /** CSP sources of the pages' inline scripts, each by its hash. */
  scriptHashes: string[];
};

const PAGES = ['index.html', 'login.html'] as const;
const NO_BUILD: WebBuild = { hasApp: false, hasLogin: false, scriptHashes: [] };

const readPage = (path: string): string | undefined => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
};

/** Changes whenever a page is written again (or appears, or goes). */
const stampOf = (path: string): string => {
  try {
    const stat = statSync(path);
    return `${stat.ino}:${stat.size}:${stat.mtimeMs}`;
  } catch {
    return 'missing';
  }
};

/**
 * The CSP sources of the inline scripts of the built pages (the colour-scheme script that must
 * run before the first paint): each allowed by its own hash, never 'unsafe-inline'.
 */
export const inlineScriptHashes = (pages: readonly (string | undefined)[]): string[] => {
  const hashes = new Set<string>();
  for (const html of pages) {
    for (const match of (html ?? '').matchAll(/<script>([\s\S]*?)<\/script>/g)) {
      hashes.add(`'sha256-${createHash('sha256').update(match[1]!).digest('base64')}'`);
    }
  }
  return [...hashes];
};

/**
 * Reads the build found in `distDir` when asked, so a rebuild is served without a restart;
 * the pages are read again only when their files changed (a stat per page otherwise).
 */
export const webBuildReader = (distDir: string | undefined): (() => WebBuild) => {
  if (distDir === undefined) return () => NO_BUILD;
  const paths = PAGES.map((page) => join(distDir, page));
  let cached: { stamp: string; build: WebBuild } | undefined;
  return () => {
    const stamp = paths.map(stampOf).join('|');
    if (cached?.stamp === stamp) return cached.build;
    const [index, login] = paths.map(readPage);
    const build: WebBuild = {
      hasApp: index !== undefined,
      hasLogin: index !== undefined && login !== undefined,
      scriptHashes: inlineScriptHashes([index, login]),
    };
    cached = { stamp, build };
    return build;
  };
};
