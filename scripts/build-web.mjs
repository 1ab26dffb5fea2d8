// The web app's build (Vite, then the prerendered sign-in page), run only when its inputs
// changed since the last build or the output is missing. `node scripts/build-web.mjs [--force]`.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
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
  const result = spawnSync('npm', ['run', 'build', '-w', '@leadline/web'], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('The web app did not build (see the output above).');
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
