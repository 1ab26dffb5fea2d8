import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The nearest folder at or above `from` that holds a package.json. */
export const packageDirOf = (from: string): string => {
  let dir = from;
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`no package.json above ${from}`);
    dir = parent;
  }
  return dir;
};

/**
 * packages/server, whether this code runs as TypeScript (src/lib/) or bundled into dist/: the
 * files the server reads beside its code (migrations, the built web app) are found from here.
 */
export const serverPackageDir = packageDirOf(fileURLToPath(new URL('.', import.meta.url)));
