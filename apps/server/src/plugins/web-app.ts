import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import path from 'node:path';
import { existsSync } from 'node:fs';
import { isApiPath, sendError } from '../http/error-handler.ts';

/**
 * Serves the built web app: hashed files under /assets/ are cached for a year, everything else is
 * revalidated; an unknown non-API GET gets index.html so deep links work (SPA fallback).
 */
export const webAppPlugin = fp<{ root: string | null }>(async (app, options) => {
  const root = options.root && existsSync(path.join(options.root, 'index.html')) ? options.root : null;
  if (root) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      cacheControl: false,
      setHeaders(response, filePath) {
        const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
        response.setHeader(
          'cache-control',
          isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
    // wildcard:false registers one route per file found at start; the fallback covers the rest.
  } else {
    app.log.warn('web app not built: only the API is served (run `npm run build`)');
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (root && wantsPage && !isApiPath(pathname) && !pathname.startsWith('/assets/')) {
      return reply.sendFile('index.html');
    }
    return sendError(reply, 'NOT_FOUND');
  });
});
