import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adminAppPlugin } from './admin-app.ts';
import { webAppPlugin } from './web-app.ts';

let root: string;
let app: FastifyInstance;

const adminIndex = '<!doctype html><title>Khela back office</title><div id="root"></div>';

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'khela-admin-'));
  mkdirSync(path.join(root, 'assets'));
  mkdirSync(path.join(root, '.vite'));
  writeFileSync(path.join(root, 'index.html'), adminIndex);
  writeFileSync(path.join(root, 'theme-init.js'), '/* theme */');
  writeFileSync(path.join(root, 'assets', 'index-abc123.js'), 'console.log("admin")');
  writeFileSync(path.join(root, 'assets', 'index-abc123.css'), 'body{}');
  writeFileSync(path.join(root, '.vite', 'manifest.json'), '{}');
});

afterEach(async () => {
  await app?.close();
  rmSync(root, { recursive: true, force: true });
});

async function build(options: { root: string | null; adminHost?: string }) {
  app = Fastify({ logger: false });
  await app.register(adminAppPlugin, options);
  // As in app.ts: the member site's plugin after it (its not-found handler answers the rest).
  await app.register(webAppPlugin, { root: null });
  app.get('/api/ping', async () => ({ ok: true }));
  await app.ready();
  return app;
}

describe('the back office served at /admin/ (issue 15)', () => {
  it('answers index.html at /admin/ and for a deep link (SPA fallback), never cached', async () => {
    await build({ root });
    for (const url of ['/admin/', '/admin/players/42', '/admin/audit?q=x']) {
      const page = await app.inject(url);
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.body).toBe(adminIndex);
    }
    const bare = await app.inject('/admin');
    expect(bare.statusCode).toBe(301);
    expect(bare.headers.location).toBe('/admin/');
  });

  it('serves the hashed assets with a year of immutable cache, other files revalidated', async () => {
    await build({ root });
    const script = await app.inject('/admin/assets/index-abc123.js');
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(script.body).toBe('console.log("admin")');
    const again = await app.inject({
      url: '/admin/assets/index-abc123.js',
      headers: { 'if-none-match': String(script.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    const css = await app.inject('/admin/assets/index-abc123.css');
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    const theme = await app.inject('/admin/theme-init.js');
    expect(theme.statusCode).toBe(200);
    expect(theme.headers['cache-control']).toBe('no-cache');
  });

  it('answers 404 for a missing asset, the manifest and a path outside the build', async () => {
    await build({ root });
    for (const url of [
      '/admin/assets/index-old999.js',
      '/admin/.vite/manifest.json',
      '/admin/assets/..%2f..%2fpackage.json',
    ]) {
      const answer = await app.inject(url);
      // The manifest is not served as a file: an unknown non-asset path is the page.
      if (url.startsWith('/admin/.vite')) expect(answer.body).toBe(adminIndex);
      else expect(answer.statusCode, url).toBe(404);
    }
  });

  it('answers 404 at /admin/ without a build, and leaves the API alone', async () => {
    await build({ root: null });
    expect((await app.inject('/admin/')).statusCode).toBe(404);
    expect((await app.inject('/api/ping')).json()).toEqual({ ok: true });
  });

  it('opens the back office on ADMIN_HOST: page addresses there lead into /admin/', async () => {
    await build({ root, adminHost: 'admin.example.com' });
    const home = await app.inject({ url: '/', headers: { host: 'admin.example.com:8080' } });
    expect(home.statusCode).toBe(302);
    expect(home.headers.location).toBe('/admin/');
    const page = await app.inject({ url: '/admin/operators', headers: { host: 'admin.example.com' } });
    expect(page.body).toBe(adminIndex);
    const api = await app.inject({ url: '/api/ping', headers: { host: 'admin.example.com' } });
    expect(api.json()).toEqual({ ok: true });
    // The member site's host is not redirected.
    const member = await app.inject({ url: '/', headers: { host: 'www.example.com' } });
    expect(member.statusCode).toBe(404);
  });
});
