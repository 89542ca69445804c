import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildTestApp, type TestApp } from './test/helper.ts';
import { loginAs, operatorLogin } from './modules/accounts/accounts.test-support.ts';

let sut: TestApp | undefined;
let sut2: TestApp | undefined;
afterEach(async () => {
  await sut?.close();
  await sut2?.close();
  sut = undefined;
  sut2 = undefined;
});

function makeWebRoot() {
  const root = mkdtempSync(path.join(tmpdir(), 'khela-web-'));
  mkdirSync(path.join(root, 'assets'));
  writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>Khela</title><div id="root"></div>');
  writeFileSync(path.join(root, 'assets', 'index-abc123.js'), 'console.log(1)');
  mkdirSync(path.join(root, 'brand'));
  writeFileSync(path.join(root, 'brand', 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(path.join(root, 'theme-init.js'), '');
  return root;
}

describe('operations endpoints', () => {
  it('answers /healthz and /readyz with the database driver', async () => {
    sut = await buildTestApp();
    expect((await sut.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await sut.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ready', database: expect.stringMatching(/^(pglite|pg)$/) });
  });

  it('exports Prometheus metrics with per-route request durations', async () => {
    sut = await buildTestApp();
    await sut.app.inject('/wps/system/whitelabel');
    const operator = await operatorLogin(sut);
    const metrics = await sut.app.inject({
      url: '/metrics',
      headers: { authorization: `Bearer ${operator}` },
    });
    expect(metrics.headers['content-type']).toContain('text/plain');
    expect(metrics.body).toContain('http_request_duration_seconds_bucket');
    expect(metrics.body).toContain('route="/wps/system/whitelabel"');
    expect(metrics.body).toContain('process_cpu_user_seconds_total');
  });

  it('serves the OpenAPI document built from the contract', async () => {
    sut = await buildTestApp();
    const headers = { authorization: `Bearer ${await operatorLogin(sut)}` };
    const document = (await sut.app.inject({ url: '/docs/json', headers })).json();
    expect(document.openapi).toMatch(/^3\./);
    expect(document.paths['/wps/system/status'].get.operationId).toBe('systemStatus');
    expect(document.paths['/wps/system/status'].get.parameters[0]).toMatchObject({
      name: 'url',
      required: true,
    });
    expect((await sut.app.inject({ url: '/docs', headers })).statusCode).toBeLessThan(400);
  });

  it('shows /metrics and /docs to operators only', async () => {
    sut = await buildTestApp();
    const player = (await loginAs(sut, 'demoplayer', 'Player-demo-2026')).body.value.token as string;
    for (const url of ['/metrics', '/docs', '/docs/json', '/docs/static/index.html']) {
      expect((await sut.app.inject(url)).statusCode, url).toBe(401);
      const asPlayer = await sut.app.inject({ url, headers: { authorization: `Bearer ${player}` } });
      expect(asPlayer.statusCode, url).toBe(403);
    }
  });

  it('keeps a caller request id and makes one otherwise', async () => {
    sut = await buildTestApp();
    const kept = await sut.app.inject({ url: '/healthz', headers: { 'x-request-id': 'trace-12345678' } });
    expect(kept.headers['x-request-id']).toBe('trace-12345678');
    const made = await sut.app.inject({ url: '/healthz', headers: { 'x-request-id': 'bad id with spaces' } });
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends security headers', async () => {
    sut = await buildTestApp({ webRoot: makeWebRoot() });
    const response = await sut.app.inject('/promotions');
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toContain("script-src 'self'");
    // No wildcard schemes: a page may talk to its own origin only.
    expect(policy).toContain("connect-src 'self'");
    expect(policy).not.toMatch(/connect-src[^;]*\bwss?:(?!\/\/)/);
    // Frames and pictures only from listed hosts (plugins/csp-hosts.ts), never any https host.
    expect(policy).not.toMatch(/(img|frame)-src[^;]*\bhttps:(?!\/\/)/);
    expect(policy).toContain("frame-src 'self'");
    sut2 = await buildTestApp({ env: { PUBLIC_BASE_URL: 'https://khela.example' }, webRoot: makeWebRoot() });
    const behindProxy = await sut2.app.inject('/promotions');
    expect(String(behindProxy.headers['content-security-policy'])).toContain(
      "connect-src 'self' wss://khela.example",
    );
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it("gives a call's JSON the API set and a page the page set", async () => {
    sut = await buildTestApp({ webRoot: makeWebRoot() });
    const call = await sut.app.inject('/wps/system/whitelabel');
    expect(call.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(call.headers['x-frame-options']).toBe('DENY');
    expect(call.headers['x-content-type-options']).toBe('nosniff');
    expect(call.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(call.headers['strict-transport-security']).toContain('max-age=');
    expect(call.headers['cross-origin-opener-policy']).toBeUndefined();
    const page = await sut.app.inject('/promotions');
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
    // A path no call answers (a 404 envelope) is not a call: the page set.
    const unknown = await sut.app.inject('/wps/nothing/here');
    expect(String(unknown.headers['content-security-policy'])).toContain("script-src 'self'");
  });
});

describe('unknown paths and bad input', () => {
  it('answers an unknown API path with a 404 envelope', async () => {
    sut = await buildTestApp({ webRoot: makeWebRoot() });
    const response = await sut.app.inject('/wps/nothing/here');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, code: 'NOT_FOUND', message: 'err_not_found' });
  });

  it('answers malformed JSON with 400 and a reason', async () => {
    sut = await buildTestApp();
    const response = await sut.app.inject({
      method: 'POST',
      url: '/wps/system/whitelabel',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken":',
    });
    // The body is parsed before routing: malformed JSON is refused as bad input.
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: 'BAD_REQUEST' });
    expect(response.json().value.issues[0].field).toBe('request');
  });
});

describe('the built web app', () => {
  it('serves index.html for deep links and caches hashed assets for a year', async () => {
    sut = await buildTestApp({ webRoot: makeWebRoot() });
    const deepLink = await sut.app.inject('/promotions?x=1');
    expect(deepLink.statusCode).toBe(200);
    expect(deepLink.headers['content-type']).toContain('text/html');
    expect(deepLink.headers['cache-control']).toBe('no-cache');
    expect(deepLink.body).toContain('<div id="root">');
    const asset = await sut.app.inject('/assets/index-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // The brand's pictures keep an hour (a preloaded banner is used as it is); scripts never do.
    expect((await sut.app.inject('/brand/logo.svg')).headers['cache-control']).toBe('public, max-age=3600');
    expect((await sut.app.inject('/theme-init.js')).headers['cache-control']).toBe('no-cache');
    const missingAsset = await sut.app.inject('/assets/gone-123.js');
    expect(missingAsset.statusCode).toBe(404);
  });
});

describe('landing page hints', () => {
  function makeBuiltWebRoot() {
    const root = makeWebRoot();
    writeFileSync(
      path.join(root, 'index.html'),
      '<!doctype html><head><script src="/theme-init.js"></script>' +
        '<script type="module" crossorigin src="/assets/index-abc123.js"></script></head>' +
        '<div id="root"><!--start-view--><img src="/brand/logo.svg" alt="Khela" /><!--/start-view--></div>',
    );
    mkdirSync(path.join(root, '.vite'));
    const manifest = {
      'index.html': { file: 'assets/index-abc123.js', isEntry: true, imports: ['_runtime.js'] },
      '_runtime.js': { file: 'assets/runtime-1.js' },
      'src/features/home/home-page.tsx': {
        file: 'assets/home-page-2.js',
        imports: ['index.html', '_runtime.js', '_icon.js'],
        css: ['assets/home-page-7.css'],
      },
      '_icon.js': { file: 'assets/icon-3.js' },
      'virtual:catalogue/bn/start': { file: 'assets/bn-4.js' },
      'virtual:catalogue/bn/rest': { file: 'assets/bn-6.js' },
      'virtual:catalogue/en/start': { file: 'assets/en-5.js' },
    };
    writeFileSync(path.join(root, '.vite', 'manifest.json'), JSON.stringify(manifest));
    return root;
  }

  it('names the home chunks, the catalogues and the first home banner in the HTML of /index', async () => {
    sut = await buildTestApp({ webRoot: makeBuiltWebRoot() });
    const page = await sut.app.inject('/index');
    expect(page.statusCode).toBe(200);
    const head = page.body.slice(0, page.body.indexOf('<script src="/theme-init.js">'));
    expect(head).toContain(
      '<meta name="khela-catalogues" content="bn=/assets/bn-4.js en=/assets/en-5.js" />',
    );
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/home-page-2.js" />');
    expect(head).toContain('href="/assets/icon-3.js"');
    expect(head).toContain('<link rel="preload" as="style" crossorigin href="/assets/home-page-7.css" />');
    // The entry is fetched now and run by theme-init.js once the boot shell is painted.
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/index-abc123.js" />');
    expect(head).toContain('<meta name="khela-entry" content="/assets/index-abc123.js" />');
    expect(page.body).not.toContain('<script type="module"');
    const banners = await sut.app.inject('/wps/system/banners?group=home');
    expect(banners.statusCode, banners.body).toBeLessThan(500);
    const first = (banners.json() as { value: { url: string; mobileUrl: string | null }[] }).value[0];
    expect(first).toBeDefined();
    expect(head).toContain(
      `<link rel="preload" as="image" fetchpriority="high" href="${first?.mobileUrl ?? first?.url}"`,
    );
  });

  it('draws the boot shell (header bar and first banner) into #root of a landing page only', async () => {
    sut = await buildTestApp({ webRoot: makeBuiltWebRoot() });
    const banners = await sut.app.inject('/wps/system/banners?group=home&language=BN');
    const first = (banners.json() as { value: { url: string; mobileUrl: string; title: string }[] }).value[0];
    expect(first?.mobileUrl).toBeTruthy();
    const page = await sut.app.inject('/index');
    const root = page.body.slice(page.body.indexOf('<div id="root">'));
    expect(root).not.toContain('<!--start-view-->');
    expect(root).toContain('<div class="boot-shell">');
    expect(root).toContain(`<source media="(max-width: 767px)" srcset="${first?.mobileUrl}" />`);
    // The demo's first home banner is Bengali; alt is its title.
    expect(root).toContain(
      `<img src="${first?.url}" alt="${first?.title}" lang="bn" fetchpriority="high" />`,
    );
    const other = await sut.app.inject('/promotions');
    expect(other.body).toContain(
      '<!--start-view--><img src="/brand/logo.svg" alt="Khela" /><!--/start-view-->',
    );
    expect(other.body).not.toContain('boot-shell');
    // Without the shell the start script runs as Vite wrote it.
    expect(other.body).toContain('<script type="module" crossorigin src="/assets/index-abc123.js"></script>');
    expect(other.body).not.toContain('khela-entry');
  });

  it('answers the start-up calls into the page, in the default language, for the visitor', async () => {
    sut = await buildTestApp({ webRoot: makeBuiltWebRoot() });
    const page = await sut.app.inject({ url: '/index', headers: { host: 'khela.test' } });
    const boot = /<script type="application\/json" id="khela-boot">(.*?)<\/script>/.exec(page.body)?.[1];
    expect(boot).toBeDefined();
    const data = JSON.parse(boot ?? '{}') as {
      language: string;
      calls: Record<string, { success: boolean }>;
    };
    expect(data.language).toBe('BN');
    expect(Object.keys(data.calls).sort()).toEqual([
      '/lgw/games/game_menus',
      '/wps/system/banners?group=home&language=BN',
      '/wps/system/status?url=khela.test',
      '/wps/system/whitelabel',
    ]);
    for (const envelope of Object.values(data.calls)) expect(envelope.success).toBe(true);
    // Exactly what the call itself answers.
    const whitelabel = await sut.app.inject({ url: '/wps/system/whitelabel', headers: { language: 'BN' } });
    expect(data.calls['/wps/system/whitelabel']).toEqual(whitelabel.json());
    const other = await sut.app.inject({ url: '/promotions', headers: { host: 'khela.test' } });
    expect(other.body).toContain('/wps/system/whitelabel');
    expect(other.body).not.toContain('/wps/system/banners');
  });

  it('gives other pages the catalogue list only', async () => {
    sut = await buildTestApp({ webRoot: makeBuiltWebRoot() });
    const page = await sut.app.inject('/promotions');
    expect(page.body).toContain('khela-catalogues');
    expect(page.body).not.toContain('modulepreload');
    expect(page.body).not.toContain('rel="preload"');
  });
});

describe('rate limit', () => {
  it('limits API calls per address with a 429 envelope, but never pages and static files', async () => {
    sut = await buildTestApp({ webRoot: makeWebRoot(), env: { RATE_LIMIT_PER_MINUTE: '2' } });
    const call = () => sut!.app.inject({ url: '/wps/system/whitelabel', remoteAddress: '10.1.1.1' });
    expect((await call()).statusCode).toBe(200);
    expect((await call()).statusCode).toBe(200);
    const limited = await call();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({
      success: false,
      code: 'RATE_LIMITED',
      message: 'err_too_many_requests',
    });
    for (let i = 0; i < 5; i += 1) {
      expect(
        (await sut.app.inject({ url: '/assets/index-abc123.js', remoteAddress: '10.1.1.1' })).statusCode,
      ).toBe(200);
      expect((await sut.app.inject({ url: '/promotions', remoteAddress: '10.1.1.1' })).statusCode).toBe(200);
    }
    // Another address has its own budget.
    expect(
      (await sut.app.inject({ url: '/wps/system/whitelabel', remoteAddress: '10.1.1.2' })).statusCode,
    ).toBe(200);
  });

  it('counts the addresses of one IPv6 /64 as one caller', async () => {
    sut = await buildTestApp({ env: { RATE_LIMIT_PER_MINUTE: '2' } });
    const call = (remoteAddress: string) => sut!.app.inject({ url: '/wps/system/whitelabel', remoteAddress });
    expect((await call('2001:db8:7:1::10')).statusCode).toBe(200);
    expect((await call('2001:db8:7:1:ffff::99')).statusCode).toBe(200);
    // A third address of the same /64, new to the key memory, and the first one again: refused.
    expect((await call('2001:db8:7:1::20')).statusCode).toBe(429);
    expect((await call('2001:db8:7:1::10')).statusCode).toBe(429);
    // The next /64 is another subscriber.
    expect((await call('2001:db8:7:2::10')).statusCode).toBe(200);
  });
});

describe.runIf(process.env.REDIS_URL)('with Redis', () => {
  it('shares rate-limit counters between two instances', async () => {
    const env = { REDIS_URL: process.env.REDIS_URL!, RATE_LIMIT_PER_MINUTE: '3' };
    sut = await buildTestApp({ env });
    const other = await buildTestApp({ env });
    try {
      const address = `10.9.${Math.floor(Date.now() % 250)}.${process.pid % 250}`;
      const hit = (app: TestApp) => app.app.inject({ url: '/wps/system/whitelabel', remoteAddress: address });
      // Three calls of one address over the two instances use up its budget: the fourth, on either,
      // is refused, and only the refusal tells the counters.
      const answers = [await hit(sut), await hit(other), await hit(sut)];
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
      expect(answers[0]?.headers['x-ratelimit-remaining']).toBeUndefined();
      const refused = await hit(other);
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['x-ratelimit-remaining']).toBe('0');
      expect(refused.headers['retry-after']).toBeDefined();
      expect((await sut.app.inject('/readyz')).json().redis).toBe('ready');
    } finally {
      await other.close();
    }
  });
});
