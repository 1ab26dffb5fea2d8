// The server's build: each entry of packages/server/src (main.ts, and backup.ts and restore.ts
// when they exist) bundled by esbuild into packages/server/dist/<entry>.js, ESM for Node 20, with
// @leadline/shared inlined and every package of node_modules left to Node to load (PGlite finds
// its WebAssembly in its own package, pg-boss its SQL, argon2 its native binding). Source maps
// point stack traces (`node --enable-source-maps`) back at the TypeScript. Run only when its
// inputs changed since the last build or the output is missing.
// `node scripts/build-server.mjs [--force]`.
import { existsSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { inputsHash, isFresh, repoRoot, took, writeStamp } from './build-stamp.mjs';

/** Every program the server package has; those whose source exists are built. */
export const SERVER_ENTRIES = ['main', 'backup', 'restore'];

const SERVER_INPUTS = [
  'packages/server/src',
  'packages/server/package.json',
  'packages/server/tsconfig.json',
  'packages/shared',
  'package-lock.json',
  'tsconfig.base.json',
  'scripts/build-server.mjs',
  'scripts/build-stamp.mjs',
];

const serverDir = join(repoRoot, 'packages', 'server');
export const serverOutDir = join(serverDir, 'dist');
const STAMP = '.build-stamp';

const presentEntries = () =>
  SERVER_ENTRIES.filter((entry) => existsSync(join(serverDir, 'src', `${entry}.ts`)));

/** Bare imports stay imports, except the workspace's own @leadline/* packages (inlined). */
const nodeModulesExternal = {
  name: 'node-modules-external',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@leadline/') ? undefined : { path: args.path, external: true },
    );
  },
};

/**
 * Builds the server unless it is up to date (or `force`); returns whether it built (`quiet`: says
 * nothing when it is up to date). The bundle
 * is written beside dist/ and then moved in place, so a process starting meanwhile never loads
 * half a build (and a running server keeps the code it loaded).
 */
export const buildServer = async ({ force = false, quiet = false } = {}) => {
  const entries = presentEntries();
  const outputs = entries.map((entry) => `${entry}.js`);
  const hash = inputsHash(SERVER_INPUTS);
  if (!force && isFresh(join(serverOutDir, STAMP), hash, serverOutDir, outputs)) {
    if (!quiet) console.log(`Server: up to date (${serverOutDir}).`);
    return false;
  }
  const started = Date.now();
  const { build, stop } = await import('esbuild');
  const scratch = `${serverOutDir}.tmp-${process.pid}`;
  rmSync(scratch, { recursive: true, force: true });
  try {
    await build({
      absWorkingDir: serverDir,
      entryPoints: entries.map((entry) => ({ in: `src/${entry}.ts`, out: entry })),
      outdir: scratch,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      sourcemap: true,
      // The TypeScript is in the checkout; the maps only need to point at it.
      sourcesContent: false,
      // Function and class names as in the source (error names, Fastify plugin names).
      keepNames: true,
      plugins: [nodeModulesExternal],
      logLevel: 'warning',
    });
    writeStamp(join(scratch, STAMP), hash, scratch, outputs);
    rmSync(serverOutDir, { recursive: true, force: true });
    try {
      renameSync(scratch, serverOutDir);
    } catch (error) {
      // Another build moved its output in first: fine when it is this very build.
      if (!isFresh(join(serverOutDir, STAMP), hash, serverOutDir, outputs)) throw error;
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
    // esbuild's service process would otherwise live as long as this one (the server's parent).
    await stop();
  }
  console.log(`Server: built ${outputs.join(', ')} in ${took(started)}.`);
  return true;
};

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    await buildServer({ force: process.argv.includes('--force') });
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
