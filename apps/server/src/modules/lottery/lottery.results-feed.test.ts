import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allNumbersOf, layoutOf } from '@khela/contract/lottery-draw';
import {
  checkSheet,
  demoResultsFeed,
  httpResultsFeed,
  ResultsFeedError,
  sheetDifferences,
} from './lottery.results-feed.ts';

/** A sheet of the north's shape (27 numbers): the XSMB of some day, as a feed would give it. */
const northTiers = {
  special: ['54321'],
  first: ['12345'],
  second: ['11111', '22222'],
  third: ['30001', '30002', '30003', '30004', '30005', '30006'],
  fourth: ['4001', '4002', '4003', '4004'],
  fifth: ['5001', '5002', '5003', '5004', '5005', '5006'],
  sixth: ['601', '602', '603'],
  seventh: ['71', '72', '73', '74'],
};

/** A sheet of the south's shape (18 numbers, a 6-digit special, an 8th prize of 2 digits). */
const southTiers = {
  special: ['654321'],
  first: ['12345'],
  second: ['22222'],
  third: ['30001', '30002'],
  fourth: ['40001', '40002', '40003', '40004', '40005', '40006', '40007'],
  fifth: ['5001'],
  sixth: ['6001', '6002', '6003'],
  seventh: ['701'],
  eighth: ['81'],
};

describe('an official sheet is checked against the prize layout', () => {
  it('takes a whole north sheet (27 numbers) and a south one (18), in layout order', () => {
    const north = checkSheet('north', northTiers);
    expect(north.ok).toBe(true);
    if (north.ok) {
      expect(allNumbersOf(north.result)).toHaveLength(27);
      expect(north.result.map((tier) => tier.tier)).toEqual(layoutOf('north').map((tier) => tier.tier));
    }
    const south = checkSheet('central', southTiers);
    expect(south.ok && allNumbersOf(south.result)).toHaveLength(18);
  });

  it('says where a short, long, mistyped or foreign sheet goes wrong', () => {
    const problems = (region: 'north' | 'south', tiers: unknown) => {
      const checked = checkSheet(region, tiers);
      return checked.ok ? [] : checked.problems;
    };
    expect(problems('north', { ...northTiers, seventh: ['71', '72', '73'] })).toEqual([
      { tier: 'seventh', index: null, reason: '3 numbers where 4 are expected' },
    ]);
    expect(problems('north', { ...northTiers, third: [...northTiers.third, '30007'] })[0]).toMatchObject({
      tier: 'third',
      reason: '7 numbers where 6 are expected',
    });
    // One digit short, a letter, a NUL byte, Bengali digits, a number not a string.
    expect(
      problems('north', { ...northTiers, fifth: ['500', '5O02', '5003\u0000', '৫০০৪', 5005, '5006'] }),
    ).toEqual([0, 1, 2, 3, 4].map((index) => ({ tier: 'fifth', index, reason: 'not a number of 4 digits' })));
    expect(problems('south', { ...southTiers, eighth: undefined })).toEqual([
      { tier: 'eighth', index: null, reason: 'missing: 1 number expected' },
    ]);
    // The north's sheet for a southern station: wrong special, and a tier the south does not lack.
    expect(problems('south', northTiers).length).toBeGreaterThan(3);
    expect(problems('north', { ...northTiers, eighth: ['81'] })).toEqual([
      { tier: null, index: null, reason: '"eighth" is not a prize tier of this region' },
    ]);
    expect(problems('north', null)).toEqual([
      { tier: null, index: null, reason: 'the sheet is not a list of tiers' },
    ]);
    expect(problems('north', { ...northTiers, __proto__: ['x'] })).toEqual([]);
    expect(checkSheet('fast', northTiers).ok).toBe(false);
  });

  it("finds where two operators' entries differ", () => {
    const first = checkSheet('north', northTiers);
    const second = checkSheet('north', { ...northTiers, fourth: ['4001', '4092', '4003', '4004'] });
    if (!first.ok || !second.ok) throw new Error('both sheets are whole');
    expect(sheetDifferences(first.result, second.result)).toEqual([{ tier: 'fourth', index: 1 }]);
    expect(sheetDifferences(first.result, first.result)).toEqual([]);
  });
});

describe('the HTTP results feed', () => {
  let server: Server;
  let base = '';
  const answers = new Map<string, { status: number; type: string; body: string; delayMs?: number }>();

  beforeAll(async () => {
    server = createServer((request, response) => {
      const answer = answers.get(request.url ?? '');
      if (!answer) {
        response.writeHead(404).end();
        return;
      }
      setTimeout(
        () => response.writeHead(answer.status, { 'content-type': answer.type }).end(answer.body),
        answer.delayMs ?? 0,
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const request = { station: 'MB', region: 'north' as const, drawDay: '2026-12-06' };
  const json = (body: unknown) => ({ status: 200, type: 'application/json', body: JSON.stringify(body) });

  it('reads a JSON sheet of the station and day asked for', async () => {
    answers.set('/json/MB/2026-12-06', json({ station: 'MB', date: '2026-12-06', tiers: northTiers }));
    const feed = httpResultsFeed({ urlTemplate: `${base}/json/{station}/{date}`, format: 'json' });
    const sheet = await feed.sheet(request);
    expect(sheet?.[0]).toEqual({ tier: 'special', numbers: ['54321'] });
    expect(allNumbersOf(sheet!)).toHaveLength(27);
  });

  it('reads a CSV sheet, taking only the lines of the station and day asked for', async () => {
    const lines = ['station,date,tier,number'];
    for (const [tier, numbers] of Object.entries(northTiers)) {
      for (const number of numbers)
        lines.push(`MB,2026-12-06,${tier},${number}`, `MB,2026-12-05,${tier},00000`);
    }
    answers.set('/csv/MB/2026-12-06', { status: 200, type: 'text/csv', body: lines.join('\r\n') });
    const feed = httpResultsFeed({ urlTemplate: `${base}/csv/{station}/{date}`, format: 'csv' });
    expect(allNumbersOf((await feed.sheet(request))!)).toEqual(Object.values(northTiers).flat());
  });

  it('answers null while the sheet is not published (404, or no line of that day)', async () => {
    const feed = httpResultsFeed({ urlTemplate: `${base}/none/{station}/{date}`, format: 'json' });
    expect(await feed.sheet(request)).toBeNull();
    answers.set('/csv-old/MB/2026-12-06', {
      status: 200,
      type: 'text/csv',
      body: 'station,date,tier,number\nMB,2026-12-05,special,12345',
    });
    const csv = httpResultsFeed({ urlTemplate: `${base}/csv-old/{station}/{date}`, format: 'csv' });
    expect(await csv.sheet(request)).toBeNull();
  });

  it("refuses another day's sheet, a short sheet, a refusal, a slow feed and an answer too large", async () => {
    const refusal = async (
      path: string,
      body: ReturnType<typeof json> & { delayMs?: number },
      options = {},
    ) => {
      answers.set(`/${path}/MB/2026-12-06`, body);
      const feed = httpResultsFeed({
        urlTemplate: `${base}/${path}/{station}/{date}`,
        format: 'json',
        ...options,
      });
      return feed.sheet(request).then(
        () => null,
        (error: unknown) => error as ResultsFeedError,
      );
    };
    expect(
      (await refusal('old', json({ station: 'MB', date: '2026-12-05', tiers: northTiers })))?.message,
    ).toMatch(/sheet of MB on 2026-12-05, not of MB on 2026-12-06/);
    const short = await refusal(
      'short',
      json({ station: 'MB', date: '2026-12-06', tiers: { ...northTiers, sixth: ['601'] } }),
    );
    expect(short).toBeInstanceOf(ResultsFeedError);
    expect(short?.problems).toEqual([
      { tier: 'sixth', index: null, reason: '1 numbers where 3 are expected' },
    ]);
    expect((await refusal('down', { status: 503, type: 'text/plain', body: 'busy' }))?.message).toMatch(
      /answered 503/,
    );
    expect((await refusal('text', { status: 200, type: 'text/html', body: '<html>' }))?.message).toMatch(
      /not JSON/,
    );
    const slow = await refusal(
      'slow',
      { ...json({ station: 'MB', date: '2026-12-06', tiers: northTiers }), delayMs: 400 },
      { timeoutMs: 100 },
    );
    expect(slow?.message).toMatch(/no answer in 100 ms/);
    const large = await refusal(
      'large',
      json({ station: 'MB', date: '2026-12-06', tiers: northTiers, pad: 'x'.repeat(5000) }),
      {
        maxBytes: 1024,
      },
    );
    expect(large?.message).toMatch(/over 1024 bytes/);
    const feed = httpResultsFeed({ urlTemplate: `${base}/json/{station}/{date}`, format: 'json' });
    await expect(feed.sheet({ ...request, station: '../admin' })).rejects.toThrow(/station code/);
  });
});

describe("demo mode's feed", () => {
  it('gives a sheet of the right shape, the same for the same draw and another for another day', async () => {
    const feed = demoResultsFeed();
    for (const region of ['north', 'central', 'south'] as const) {
      const sheet = await feed.sheet({ station: 'XX', region, drawDay: '2026-12-06' });
      const checked = checkSheet(region, Object.fromEntries(sheet!.map((tier) => [tier.tier, tier.numbers])));
      expect(checked.ok).toBe(true);
    }
    const one = await feed.sheet({ station: 'MB', region: 'north', drawDay: '2026-12-06' });
    expect(await feed.sheet({ station: 'MB', region: 'north', drawDay: '2026-12-06' })).toEqual(one);
    expect(await feed.sheet({ station: 'MB', region: 'north', drawDay: '2026-12-07' })).not.toEqual(one);
    expect(await feed.sheet({ station: 'MB', region: 'fast', drawDay: '2026-12-06' })).toBeNull();
  });
});
