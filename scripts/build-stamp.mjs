// Staleness stamps for the builds. A build's inputs (source folders and files, named from the
// repository root) are hashed by path and content; the hash is kept in a `.build-stamp` file in
// the build's output folder. A build whose output exists and whose stamp matches the current
// hash is up to date. Content, not modification times: a `git checkout` back and forth or a
// touched file does not force a rebuild, and an edit that keeps size and time still does.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('..', import.meta.url));

const STAMP = '.build-stamp';

/** Build outputs and scratch folders inside input folders: never inputs themselves. */
const isSkipped = (name) =>
  name === 'node_modules' ||
  name === 'dist' ||
  name.startsWith('dist-') ||
  name.startsWith('dist.') ||
  name.startsWith('.ssr-') ||
  name.endsWith('.tsbuildinfo');

const filesUnder = (path) => {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) return [];
  if (!stat.isDirectory()) return [path];
  return readdirSync(path)
    .filter((name) => !isSkipped(name))
    .sort()
    .flatMap((name) => filesUnder(join(path, name)));
};

/** The hash of every file under `inputs` (paths from the repository root, or absolute). */
export const inputsHash = (inputs) => {
  const hash = createHash('sha256');
  for (const input of inputs) {
    for (const file of filesUnder(resolve(repoRoot, input))) {
      hash.update(relative(repoRoot, file));
      hash.update('\0');
      hash.update(readFileSync(file));
      hash.update('\0');
    }
  }
  return hash.digest('hex');
};

/** True when `outDir` holds every one of `outputs` and a stamp of exactly `hash`. */
export const isFresh = (outDir, hash, outputs) => {
  const stampPath = join(outDir, STAMP);
  if (!existsSync(stampPath) || readFileSync(stampPath, 'utf8').trim() !== hash) return false;
  return outputs.every((output) => existsSync(join(outDir, output)));
};

export const writeStamp = (outDir, hash) => writeFileSync(join(outDir, STAMP), `${hash}\n`);

export const clearStamp = (outDir) => rmSync(join(outDir, STAMP), { force: true });

/** "built in 1.2 s" for a build that started at `started` (Date.now()). */
export const took = (started) => `${((Date.now() - started) / 1000).toFixed(1)} s`;
