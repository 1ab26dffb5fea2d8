// Staleness stamps for the builds. A build's inputs (source folders and files, named from the
// repository root) are hashed by path and content; the hash is kept in a stamp file with the
// size and time of each output as written. A build is up to date when its stamp holds the
// current hash and its outputs are still the ones it wrote. Content, not modification times,
// for the inputs: a `git checkout` back and forth or a touched file does not force a rebuild,
// and an edit that keeps size and time still does.
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/** Build outputs and scratch folders inside input folders: never inputs themselves. */
const isSkipped = (name) =>
  name === 'node_modules' ||
  name === 'dist' ||
  name.startsWith('dist-') ||
  name.startsWith('dist.') ||
  name.startsWith('.ssr-') ||
  name.endsWith('.build-stamp') ||
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

/** Each output's size and modification time, or null when it is missing. */
const outputsOf = (outDir, outputs) =>
  Object.fromEntries(
    outputs.map((output) => {
      const stat = statSync(join(outDir, output), { throwIfNoEntry: false });
      return [output, stat ? `${stat.size}:${stat.mtimeMs}` : null];
    }),
  );

const readStamp = (stampPath) => {
  try {
    return JSON.parse(readFileSync(stampPath, 'utf8'));
  } catch {
    return undefined;
  }
};

/** True when the stamp at `stampPath` holds `hash` and `outputs` in `outDir` as they were built. */
export const isFresh = (stampPath, hash, outDir, outputs) => {
  const stamp = readStamp(stampPath);
  if (stamp?.inputs !== hash) return false;
  const now = outputsOf(outDir, outputs);
  return outputs.every((output) => now[output] !== null && now[output] === stamp.outputs?.[output]);
};

export const writeStamp = (stampPath, hash, outDir, outputs) =>
  writeFileSync(
    stampPath,
    `${JSON.stringify({ inputs: hash, outputs: outputsOf(outDir, outputs) }, null, 2)}\n`,
  );

export const clearStamp = (stampPath) => rmSync(stampPath, { force: true });

/** "built in 1.2 s" for a build that started at `started` (Date.now()). */
export const took = (started) => `${((Date.now() - started) / 1000).toFixed(1)} s`;
