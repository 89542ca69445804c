import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { isApiPath, sendError } from '../http/error-handler.ts';

/**
 * Serves the built back office (apps/admin/dist, issue 15) at /admin/: hashed files under
 * /admin/assets/ cached for a year, everything else revalidated, and index.html for any other
 * /admin/… address so that deep links work (SPA fallback). The files are read once at start (a few
 * hundred KB): no file-system path is ever built from a request. Answers carry the site's security
 * headers (CSP, frame-ancestors) from app.ts's hook like every page.
 *
 * With `adminHost` (ADMIN_HOST, e.g. admin.example.com) that host serves the back office too: a
 * page address outside /admin/ there is redirected into it, so admin.example.com opens the login.
 */
export interface AdminAppOptions {
  /** The built back office, or null when not served (ADMIN_DIST empty, tests). */
  root: string | null;
  /** A host name (no port) that opens the back office at its root. */
  adminHost?: string | undefined;
}

export const adminBase = '/admin';

interface BuiltFile {
  body: Buffer;
  type: string;
  etag: string;
  immutable: boolean;
}

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/** Every file of the build by its URL path under /admin (`/assets/index-abc.js`), source maps and the manifest left out. */
export function loadAdminFiles(root: string): Map<string, BuiltFile> {
  const files = new Map<string, BuiltFile>();
  const walk = (folder: string) => {
    for (const name of readdirSync(folder)) {
      const full = path.join(folder, name);
      if (statSync(full).isDirectory()) {
        if (name !== '.vite') walk(full);
        continue;
      }
      const extension = path.extname(name).toLowerCase();
      const type = contentTypes[extension];
      if (!type) continue;
      const body = readFileSync(full);
      const urlPath = `/${path.relative(root, full).split(path.sep).join('/')}`;
      files.set(urlPath, {
        body,
        type,
        etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`,
        immutable: urlPath.startsWith('/assets/'),
      });
    }
  };
  walk(root);
  return files;
}

function hostName(request: FastifyRequest): string {
  const host = request.headers.host ?? '';
  return host.replace(/:\d+$/, '').toLowerCase();
}

export const adminAppPlugin = fp<AdminAppOptions>(async (app, options) => {
  const root = options.root && existsSync(path.join(options.root, 'index.html')) ? options.root : null;
  const files = root ? loadAdminFiles(root) : null;
  const indexFile = files?.get('/index.html') ?? null;
  if (!root) app.log.warn('back office not built: /admin is not served (run `npm run build`)');

  function send(request: FastifyRequest, reply: FastifyReply, file: BuiltFile) {
    reply
      .type(file.type)
      .header('cache-control', file.immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
      .header('etag', file.etag)
      .header('x-robots-tag', 'noindex, nofollow');
    if (request.headers['if-none-match'] === file.etag) return reply.code(304).send();
    return reply.send(file.body);
  }

  async function serve(request: FastifyRequest, reply: FastifyReply) {
    if (!files || !indexFile) return sendError(reply, 'NOT_FOUND');
    const pathname = (request.url.split('?')[0] ?? '/').slice(adminBase.length) || '/';
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return sendError(reply, 'NOT_FOUND');
    }
    const file = files.get(decoded);
    if (file && decoded !== '/index.html') return send(request, reply, file);
    // A missing hashed file is a stale page asking for an old build's chunk: a 404, never the page.
    if (decoded.startsWith('/assets/')) return sendError(reply, 'NOT_FOUND');
    return send(request, reply, { ...indexFile, immutable: false });
  }

  app.get(adminBase, async (_request, reply) => reply.redirect(`${adminBase}/`, 301));
  app.get(`${adminBase}/*`, serve);

  const adminHost = options.adminHost?.toLowerCase();
  if (adminHost) {
    app.addHook('onRequest', async (request, reply) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') return;
      if (hostName(request) !== adminHost) return;
      const pathname = request.url.split('?')[0] ?? '/';
      if (pathname === adminBase || pathname.startsWith(`${adminBase}/`) || isApiPath(pathname)) return;
      // The member site is not served on the back office's host: every page address opens the back office.
      return reply.redirect(`${adminBase}/`, 302);
    });
  }
});
