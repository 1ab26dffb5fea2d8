import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * The CSP sources of the inline scripts of the built pages (the colour-scheme script that must
 * run before the first paint): each allowed by its own hash, never 'unsafe-inline'.
 */
export const inlineScriptHashes = (distDir: string | undefined): string[] => {
  const hashes = new Set<string>();
  for (const page of ['index.html', 'login.html']) {
    const path = distDir === undefined ? undefined : join(distDir, page);
    if (!path || !existsSync(path)) continue;
    for (const match of readFileSync(path, 'utf8').matchAll(/<script>([\s\S]*?)<\/script>/g)) {
      hashes.add(`'sha256-${createHash('sha256').update(match[1]!).digest('base64')}'`);
    }
  }
  return [...hashes];
};

/**
 * Serves the built web app on the same port; any GET that is not an API call or a file gets
 * index.html so client-side routes load. Hashed assets are cached for good, index.html never.
 */
export const registerWeb = async (app: FastifyInstance, distDir: string | undefined) => {
  const hasApp = distDir !== undefined && existsSync(join(distDir, 'index.html'));
  const hasLogin = hasApp && existsSync(join(distDir, 'login.html'));
  if (hasApp) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each asset; they are sent to browsers that accept them.
      preCompressed: true,
      setHeaders: (res, path) => {
        res.header(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0]!;
    if (path === '/api' || path.startsWith('/api/') || request.method !== 'GET' || !hasApp) {
      return reply.status(404).send({ message: `Route ${request.method} ${path} not found` });
    }
    if (/\.[a-z0-9]+$/i.test(path)) return reply.status(404).send({ message: 'File not found' });
    // The sign-in page comes prerendered (built by packages/web/scripts/prerender.mjs).
    const page = path === '/login' && hasLogin ? 'login.html' : 'index.html';
    return reply.header('cache-control', 'no-cache').type('text/html').sendFile(page);
  });
};
