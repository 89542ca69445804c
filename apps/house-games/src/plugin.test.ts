import { describe, expect, it } from 'vitest';
import { vendorGamesListSchema } from '@khela/contract';
import { GAMES } from './maths/games.ts';
import { checkSignature, nowSeconds, signBody, signatureHeader } from './protocol/signature.ts';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadBuiltWebAssets, WebAssetsMissingError } from './pages/web-assets.ts';
import { sourceWebAssets } from './pages/web-assets-source.ts';
import { startHouse, useHouse } from './test/house-harness.ts';

const house = useHouse();

describe('GET /api/games (the catalogue the platform syncs)', () => {
  it('answers the signed games list the contract describes, signed', async () => {
    const response = await house.app.inject({
      method: 'GET',
      url: '/house/api/games',
      headers: { [signatureHeader]: signBody(house.platform.secret, '', nowSeconds()) },
    });
    expect(response.statusCode).toBe(200);
    expect(
      checkSignature({
        secretHex: house.platform.secret,
        rawBody: response.body,
        header: response.headers[signatureHeader] as string,
        nowSeconds: nowSeconds(),
      }),
    ).toBe('ok');
    const list = vendorGamesListSchema.parse(response.json());
    expect(list.games.map((game) => game.gameCode).sort()).toEqual([
      'baccarat',
      'classic3x3',
      'crash',
      'dice',
      'mines',
      'roulette',
      'video5x3',
    ]);
    expect(list.vendors.map((vendor) => [vendor.vassalage, vendor.gameType])).toEqual([
      ['KHELA', 'RNG'],
      ['KHELA_LIVE', 'LIVE'],
    ]);
    for (const game of list.games) {
      expect(game.rtpBasisPoints).toBe(GAMES[game.gameCode as keyof typeof GAMES].rtpBasisPoints);
      expect(game.icon).toBe(`/house/icons/${game.gameCode}.svg`);
      expect(game.names.bn).toMatch(/[\u0980-\u09FF]/);
      expect(game.defaultPlayType).toBeNull();
    }
    const byCode = Object.fromEntries(list.games.map((game) => [game.gameCode, game]));
    expect(byCode.classic3x3).toMatchObject({
      vassalage: 'KHELA',
      gameType: 'RNG',
      classify: 'SC',
      lineNum: 5,
    });
    expect(byCode.video5x3).toMatchObject({ classify: 'SC', lineNum: 20 });
    expect(byCode.mines).toMatchObject({ classify: 'AC', vassalage: 'KHELA' });
    expect(byCode.roulette).toMatchObject({ vassalage: 'KHELA_LIVE', gameType: 'LIVE', classify: null });
  });

  it('refuses an unsigned or wrongly signed request (signed refusal)', async () => {
    for (const header of [
      undefined,
      signBody('00'.repeat(32), '', nowSeconds()),
      signBody(house.platform.secret, '', nowSeconds() - 900),
    ]) {
      const response = await house.app.inject({
        method: 'GET',
        url: '/house/api/games',
        headers: header ? { [signatureHeader]: header } : {},
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ ok: false, code: 'BAD_SIGNATURE' });
      expect(response.body).not.toContain('classic3x3');
    }
  });
});

describe('pages and their files', () => {
  it('serves a game page with relative URLs, its settings and no inline script', async () => {
    const response = await house.app.inject({
      method: 'GET',
      url: '/house/play/roulette?token=abcdefghijklmnop&lang=bn&theme=dark&lobby=https%3A%2F%2Fkhela.example%2Flive',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    const html = response.body;
    expect(html).toContain('<html lang="bn" data-theme="dark">');
    expect(html).toContain('src="../assets/game.js"');
    expect(html).toContain('href="../assets/house.css"');
    expect(html).not.toMatch(/<script>(?!<)/);
    const config = JSON.parse(
      /<script type="application\/json" id="hg-config">(.*?)<\/script>/s.exec(html)![1]!,
    );
    expect(config).toMatchObject({
      gameCode: 'roulette',
      lang: 'bn',
      theme: 'dark',
      lobby: 'https://khela.example/live',
      settings: { autoplay: false, turbo: false },
      game: { isRngTable: true, rtpBasisPoints: 9729, minBet: 10 },
    });
    expect(html).not.toContain('abcdefghijklmnop');
  });

  it('falls back to English and light, and drops a lobby link that is not http(s)', async () => {
    const response = await house.app.inject({
      method: 'GET',
      url: '/house/play/dice?lang=xx&theme=neon&lobby=javascript:alert(1)',
    });
    const config = JSON.parse(/id="hg-config">(.*?)<\/script>/s.exec(response.body)![1]!);
    expect(config).toMatchObject({
      lang: 'en',
      theme: 'light',
      lobby: null,
      digits: 'latn',
      timeZone: 'UTC',
    });
  });

  it("takes the site's digits and time zone from the launch URL, and refuses a zone it does not know", async () => {
    const read = async (query: string) => {
      const response = await house.app.inject({ method: 'GET', url: `/house/play/dice?${query}` });
      return JSON.parse(/id="hg-config">(.*?)<\/script>/s.exec(response.body)![1]!);
    };
    expect(await read('lang=bn&digits=beng&zone=Asia%2FDhaka')).toMatchObject({
      lang: 'bn',
      digits: 'beng',
      timeZone: 'Asia/Dhaka',
    });
    expect(await read('lang=bn&digits=arab&zone=Mars%2FOlympus')).toMatchObject({
      digits: 'latn',
      timeZone: 'UTC',
    });
  });

  it('answers 404 for an unknown game page and unknown files', async () => {
    // With its pages at hand (the tests need no build), so 404 is told apart from "not built".
    const withPages = await startHouse({ webAssets: await sourceWebAssets() });
    try {
      for (const url of [
        '/house/play/poker',
        '/house/assets/secret.txt',
        '/house/icons/nope.svg',
        '/house/nothing-here',
      ]) {
        expect((await withPages.app.inject({ method: 'GET', url })).statusCode).toBe(404);
      }
    } finally {
      await withPages.close();
    }
  });

  it('serves the verify page, the page scripts and the icons', async () => {
    // The pages bundled from the sources, as the tests need no build (production loads dist/web).
    const withPages = await startHouse({ webAssets: await sourceWebAssets() });
    try {
      const verify = await withPages.app.inject({ method: 'GET', url: '/house/verify?lang=bn' });
      expect(verify.body).toContain('src="./assets/verify.js"');
      for (const name of ['game.js', 'verify.js', 'house.css']) {
        const asset = await withPages.app.inject({ method: 'GET', url: `/house/assets/${name}` });
        expect(asset.statusCode).toBe(200);
        expect(asset.body.length).toBeGreaterThan(1_000);
      }
      const icon = await withPages.app.inject({ method: 'GET', url: '/house/icons/video5x3.svg' });
      expect(icon.headers['content-type']).toBe('image/svg+xml');
      expect(icon.body).toMatch(/^<svg /);
    } finally {
      await withPages.close();
    }
  }, 60_000);

  it('refuses to load pages that were not built, naming the missing files (a start-up error)', () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'house-web-'));
    try {
      writeFileSync(path.join(folder, 'game.js'), 'export {};');
      expect(() => loadBuiltWebAssets(folder)).toThrow(WebAssetsMissingError);
      expect(() => loadBuiltWebAssets(folder)).toThrow(
        `house game pages are not built: verify.js, house.css missing in ${folder}`,
      );
      writeFileSync(path.join(folder, 'verify.js'), 'export {};');
      writeFileSync(path.join(folder, 'house.css'), 'body{}');
      expect(loadBuiltWebAssets(folder).get('house.css')?.type).toBe('text/css; charset=utf-8');
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('passes the operator settings to the page', async () => {
    const other = await startHouse({ settings: async () => ({ autoplay: true, turbo: true }) });
    try {
      const response = await other.app.inject({ method: 'GET', url: '/house/play/dice' });
      expect(response.body).toContain('"settings":{"autoplay":true,"turbo":true}');
    } finally {
      await other.close();
    }
  });
});
