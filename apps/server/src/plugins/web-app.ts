import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import path from 'node:path';
import { existsSync } from 'node:fs';
import { isApiPath, sendError } from '../http/error-handler.ts';
import { loadPageHints, type LandingPicture } from './page-hints.ts';

/**
 * Serves the built web app: hashed files under /assets/ are cached for a year, everything else is
 * revalidated; an unknown non-API GET gets index.html so deep links work (SPA fallback).
 */
export interface WebAppOptions {
  root: string | null;
  /** The first banner of a landing page, named in its HTML so the picture loads with the script. */
  landingPicture?: (pathname: string) => Promise<LandingPicture | null>;
  /**
   * Public GET calls every first view makes (status, brand settings, menus, the landing banners),
   * answered into the HTML so the app starts without waiting a round trip for them. `language` is
   * the one they are answered in; the app uses them only when it asks in that language.
   */
  bootCalls?: (request: FastifyRequest, pathname: string) => Promise<{ language: string; urls: string[] }>;
  /** Sent on the internal requests of bootCalls (the rate limit lets them through). */
  bootToken?: string;
}

/** `<` escaped so that no text inside can close the script element. */
function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replaceAll('<', '\\u003c');
}

export const webAppPlugin = fp<WebAppOptions>(async (app, options) => {
  const root = options.root && existsSync(path.join(options.root, 'index.html')) ? options.root : null;
  const hints = root ? loadPageHints(root) : null;
  if (root) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      cacheControl: false,
      setHeaders(response, filePath) {
        const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
        // The brand's pictures and the demo content (banners…) change with a deploy at most: an hour
        // of cache lets the preloaded first banner be used as it is, not fetched again to revalidate.
        const isPicture =
          filePath.includes(`${path.sep}content${path.sep}`) ||
          filePath.includes(`${path.sep}brand${path.sep}`);
        response.setHeader(
          'cache-control',
          isHashedAsset
            ? 'public, max-age=31536000, immutable'
            : isPicture
              ? 'public, max-age=3600'
              : 'no-cache',
        );
      },
    });
    // wildcard:false registers one route per file found at start; the fallback covers the rest.
  } else {
    app.log.warn('web app not built: only the API is served (run `npm run build`)');
  }

  async function answerBootCalls(request: FastifyRequest, pathname: string): Promise<string> {
    const { language, urls } = await options.bootCalls!(request, pathname);
    const answers = await Promise.all(
      urls.map(async (url) => {
        const response = await app.inject({
          method: 'GET',
          url,
          remoteAddress: request.ip,
          headers: {
            language,
            ...(request.headers.host ? { host: request.headers.host } : {}),
            ...(request.headers['user-agent'] ? { 'user-agent': request.headers['user-agent'] } : {}),
            ...(options.bootToken ? { 'x-khela-boot': options.bootToken } : {}),
          },
        });
        const envelope: unknown = response.statusCode === 200 ? response.json() : null;
        return [url, envelope] as const;
      }),
    );
    const calls = Object.fromEntries(answers.filter(([, envelope]) => envelope !== null));
    return `<script type="application/json" id="khela-boot">${jsonForScript({ language, calls })}</script>`;
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (hints && wantsPage && !isApiPath(pathname) && !pathname.startsWith('/assets/')) {
      let picture: LandingPicture | null = null;
      if (hints.landsOnBanner(pathname) && options.landingPicture) {
        // A hint, never a reason to fail the page.
        picture = await options.landingPicture(pathname).catch(() => null);
      }
      let boot = '';
      if (options.bootCalls) {
        boot = await answerBootCalls(request, pathname).catch((error: unknown) => {
          request.log.warn({ err: error }, 'boot calls failed: the app fetches them itself');
          return '';
        });
      }
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(hints.render(pathname, picture, boot));
    }
    return sendError(reply, 'NOT_FOUND');
  });
});
