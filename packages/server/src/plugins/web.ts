import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { WebBuild } from './web-build.ts';

/** Hashed file names never change content: cached for a year. */
export const ASSET_CACHE = 'public, max-age=31536000, immutable';
/** The pages name the current build's assets: never kept, so a rebuild reaches every browser. */
export const PAGE_CACHE = 'no-store';
/** Other files (favicon, logo) keep their names across builds: checked again on each use. */
export const FILE_CACHE = 'no-cache';

const cacheControlOf = (path: string) => {
  if (/[/\\]assets[/\\]/.test(path)) return ASSET_CACHE;
  return path.endsWith('.html') ? PAGE_CACHE : FILE_CACHE;
};

const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/');

/**
 * Serves the web app built in `distDir` on the same port, as it is on disk at each request (a
 * rebuild is picked up without a restart). GET and HEAD on any path that is not an API call
 * or a file get index.html (or the prerendered sign-in page for /login) so client routes load.
 */
export const registerWeb = async (
  app: FastifyInstance,
  distDir: string | undefined,
  currentBuild: () => WebBuild,
) => {
  if (distDir !== undefined) {
    await app.register(fastifyStatic, {
      root: resolve(distDir),
      // One route for every path, looked up on disk per request: new hashed files of a
      // rebuild are found; anything missing falls through to the not-found handler below.
      wildcard: true,
      index: false,
      // A missing build is reported per request (below), not as a warning at start.
      suppressWarning: true,
      // The build writes .br and .gz beside each asset; they are sent to browsers that accept them.
      preCompressed: true,
      setHeaders: (res, path) => {
        res.header('cache-control', cacheControlOf(path));
      },
    });
  }
  const servePage = async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0]!;
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    if (isApiPath(path) || !isRead) {
      return reply.status(404).send({ message: `Route ${request.method} ${path} not found` });
    }
    const build = currentBuild();
    if (!build.hasApp) {
      return reply
        .status(404)
        .header('cache-control', PAGE_CACHE)
        .send({ message: 'The web app is not built: run npm run build, then reload.' });
    }
    if (/\.[a-z0-9]+$/i.test(path)) {
      // An asset of another build (a page opened before an upgrade): never remembered as gone.
      return reply
        .status(404)
        .header('cache-control', PAGE_CACHE)
        .send({ message: 'File not found' });
    }
    // The sign-in page comes prerendered (built by packages/web/scripts/prerender.mjs).
    const page = path === '/login' && build.hasLogin ? 'login.html' : 'index.html';
    return reply.header('cache-control', PAGE_CACHE).type('text/html').sendFile(page);
  };
  // The static route would answer the bare directory with a 403.
  app.get('/', servePage);
  app.setNotFoundHandler(servePage);
};
