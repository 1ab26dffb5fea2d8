// The web app's build (Vite, then the prerendered sign-in page), run only when its inputs
// changed since the last build or the output is missing. `node scripts/build-web.mjs [--force]`.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { clearStamp, inputsHash, isFresh, repoRoot, took, writeStamp } from './build-stamp.mjs';

const WEB_INPUTS = [
  'packages/web',
  'packages/shared',
  'package-lock.json',
  'tsconfig.base.json',
  'scripts/build-web.mjs',
  'scripts/build-stamp.mjs',
];
const WEB_OUTPUTS = ['index.html', 'login.html'];

/** Where the build writes: WEB_OUT_DIR (see packages/web/vite.config.ts) or packages/web/dist. */
export const webOutDir = () =>
  process.env.WEB_OUT_DIR
    ? resolve(process.env.WEB_OUT_DIR)
    : join(repoRoot, 'packages', 'web', 'dist');

/** Beside the output, not in it: everything in it is served. */
const stampPathOf = (outDir) => join(dirname(outDir), `${basename(outDir)}.build-stamp`);

/** Every file below `dir`, as paths relative to it. */
const filesBelow = (dir, base = dir) =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesBelow(path, base) : [relative(base, path)];
  });

/**
 * Moves a finished build into `outDir`: the new assets first (their names carry their hash, so
 * they sit beside the old ones), then each page by a rename (a request reads the old page or the
 * new, never half of one), then the old build's files that the new one has not.
 */
export const moveIntoPlace = (nextDir, outDir) => {
  if (!existsSync(outDir)) {
    renameSync(nextDir, outDir);
    return;
  }
  const fresh = filesBelow(nextDir);
  // The pages and their compressed copies (index.html, index.html.br …), plain ones first.
  const pages = WEB_OUTPUTS.flatMap((page) => [page, `${page}.br`, `${page}.gz`]);
  for (const file of fresh) {
    if (!pages.includes(file)) cpSync(join(nextDir, file), join(outDir, file));
  }
  for (const page of pages) {
    if (existsSync(join(nextDir, page))) renameSync(join(nextDir, page), join(outDir, page));
  }
  const kept = new Set(fresh);
  for (const file of filesBelow(outDir)) {
    if (!kept.has(file)) rmSync(join(outDir, file), { force: true });
  }
  rmSync(nextDir, { recursive: true, force: true });
};

/** Builds the web app unless it is up to date (or `force`); returns whether it built. */
export const buildWeb = ({ force = false } = {}) => {
  const outDir = webOutDir();
  const stampPath = stampPathOf(outDir);
  const hash = inputsHash(WEB_INPUTS);
  if (!force && isFresh(stampPath, hash, outDir, WEB_OUTPUTS)) {
    console.log(`Web app: up to date (${outDir}).`);
    return false;
  }
  const reason = !existsSync(join(outDir, 'index.html'))
    ? 'it has not been built yet'
    : existsSync(stampPath)
      ? 'its sources changed since the last build'
      : 'nothing records what it was built from';
  console.log(`Web app: building into ${outDir} (${reason})…`);
  const started = Date.now();
  clearStamp(stampPath);
  // Built beside the live output, then moved in: a server running meanwhile keeps serving the
  // previous build whole.
  const nextDir = `${outDir}.next`;
  rmSync(nextDir, { recursive: true, force: true });
  const result = spawnSync('npm', ['run', 'build', '-w', '@leadline/web'], {
    cwd: repoRoot,
    stdio: 'inherit',
    env: { ...process.env, WEB_OUT_DIR: nextDir },
  });
  if (result.status !== 0) {
    rmSync(nextDir, { recursive: true, force: true });
    throw new Error('The web app did not build (see the output above).');
  }
  moveIntoPlace(nextDir, outDir);
  writeStamp(stampPath, hash, outDir, WEB_OUTPUTS);
  console.log(`Web app: built in ${took(started)}.`);
  return true;
};

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    buildWeb({ force: process.argv.includes('--force') });
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
