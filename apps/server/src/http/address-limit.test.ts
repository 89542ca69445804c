import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { vendorErrorAnswerSchema, vendorErrorCatalogue, vendorSignatureHeader } from '@khela/contract';
import { vendorConnections } from '../modules/games/games.tables.ts';
import { checkVendorSignature } from '../modules/games/vendor-signature.ts';
import { buildTestApp, type TestApp } from '../test/helper.ts';
import { addressLimit } from './address-limit.ts';
import { isAddressOrRange } from './ip-ranges.ts';

/**
 * Per-address ceilings of the doors the site-wide limit leaves out (issue 35, item 5e): the vendor
 * wallet and the house games' pages' API had none.
 */

describe('addressLimit', () => {
  it('lets `perMinute` calls of an address through a minute, then refuses until the next minute', () => {
    let now = 120_000;
    const limit = addressLimit({ perMinute: 3, now: () => now });
    expect([1, 2, 3, 4].map(() => limit.take('198.51.100.1'))).toEqual([true, true, true, false]);
    expect(limit.take('198.51.100.2')).toBe(true);
    now += 45_000;
    expect(limit.take('198.51.100.1')).toBe(false);
    expect(limit.retryAfterSeconds()).toBe(15);
    now += 15_000;
    expect(limit.take('198.51.100.1')).toBe(true);
  });

  it('gives the trusted addresses and ranges (and the loopback when asked) their own ceiling', () => {
    const limit = addressLimit({
      perMinute: 1,
      trustedPerMinute: 5,
      trusted: ['203.0.113.0/24', '2001:db8::7'],
      trustLoopback: true,
    });
    const takes = (address: string) =>
      [1, 2, 3, 4, 5, 6].map(() => limit.take(address)).filter(Boolean).length;
    expect(takes('203.0.113.9')).toBe(5);
    expect(takes('::ffff:203.0.113.10')).toBe(5);
    expect(takes('2001:db8::7')).toBe(5);
    expect(takes('127.0.0.1')).toBe(5);
    expect(takes('::1')).toBe(5);
    expect(takes('198.51.100.1')).toBe(1);
  });

  it('counts one IPv6 /64 as one caller', () => {
    const limit = addressLimit({ perMinute: 2 });
    expect(limit.take('2001:db8:1:2::1')).toBe(true);
    expect(limit.take('2001:db8:1:2::ffff')).toBe(true);
    expect(limit.take('2001:db8:1:2:abcd::9')).toBe(false);
    expect(limit.take('2001:db8:1:3::1')).toBe(true);
  });

  it('reads addresses and CIDR ranges, and nothing else', () => {
    expect(['10.0.0.1', '10.0.0.0/8', '2001:db8::/32', ' ::1 '].every(isAddressOrRange)).toBe(true);
    expect(
      ['10.0.0.0/33', 'example.com', '10.0.0.1/8/2', '2001:db8::/129', '10.0.0.0/x'].some(isAddressOrRange),
    ).toBe(false);
  });
});

describe('the ceilings on the vendor wallet and the house pages', () => {
  let sut: TestApp;
  beforeAll(async () => {
    sut = await buildTestApp({
      env: {
        HOUSE_GAMES: 'inprocess',
        VENDOR_WALLET_RATE_LIMIT_PER_MINUTE: '3',
        VENDOR_WALLET_TRUSTED_RATE_LIMIT_PER_MINUTE: '6',
        VENDOR_WALLET_ADDRESSES: '203.0.113.0/24',
        HOUSE_RATE_LIMIT_PER_MINUTE: '2',
      },
    });
  }, 120_000);
  afterAll(() => sut.close());

  const post = (url: string, remoteAddress: string) =>
    sut.app.inject({
      method: 'POST',
      url,
      remoteAddress,
      payload: '{}',
      headers: { 'content-type': 'application/json' },
    });
  const statuses = async (url: string, remoteAddress: string, count: number) => {
    const answers = [];
    for (let index = 0; index < count; index += 1) answers.push((await post(url, remoteAddress)).statusCode);
    return answers;
  };

  it('refuses a vendor wallet caller over its ceiling with 429 and retry-after, before reading the call', async () => {
    // Unsigned calls: 401 BAD_SIGNATURE while under the ceiling, then 429.
    expect(await statuses('/vendor-wallet/HOUSE/balance', '198.51.100.7', 4)).toEqual([401, 401, 401, 429]);
    const refused = await post('/vendor-wallet/HOUSE/balance', '198.51.100.7');
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    // A signed protocol refusal with a catalogued code (a vendor tells "slow down" from "lost").
    expect(refused.json()).toEqual({
      ok: false,
      code: 'RATE_LIMITED',
      message: vendorErrorCatalogue.RATE_LIMITED.description,
    });
    expect(vendorErrorAnswerSchema.safeParse(refused.json()).success).toBe(true);
    const [house] = await sut.db
      .select({ walletSecret: vendorConnections.walletSecret })
      .from(vendorConnections)
      .where(eq(vendorConnections.vendorCode, 'HOUSE'));
    const header = refused.headers[vendorSignatureHeader];
    expect(
      checkVendorSignature({
        walletSecret: house!.walletSecret,
        rawBody: refused.body,
        header: typeof header === 'string' ? header : undefined,
      }),
    ).toBe('ok');
    // A made-up vendor code costs no lookup: refused the same way, unsigned (as UNKNOWN_VENDOR is).
    const madeUp = await post('/vendor-wallet/NO_SUCH/balance', '198.51.100.7');
    expect([madeUp.statusCode, madeUp.json().code, madeUp.headers[vendorSignatureHeader]]).toEqual([
      429,
      'RATE_LIMITED',
      undefined,
    ]);
    // A listed vendor address and the loopback (the in-process house) have the generous ceiling.
    expect(await statuses('/vendor-wallet/HOUSE/balance', '203.0.113.50', 7)).toEqual([
      401, 401, 401, 401, 401, 401, 429,
    ]);
    expect(
      (await statuses('/vendor-wallet/HOUSE/balance', '127.0.0.1', 6)).every((status) => status === 401),
    ).toBe(true);
  });

  it('refuses a player address over the house pages’ ceiling, not the platform’s own loopback calls', async () => {
    expect(await statuses('/house/api/session', '198.51.100.8', 3)).toEqual([400, 400, 429]);
    expect(await statuses('/house-transfer/api/session', '198.51.100.8', 1)).toEqual([429]);
    // Another address has its own count; the pages themselves are not counted.
    expect(await statuses('/house-transfer/api/session', '198.51.100.9', 1)).toEqual([400]);
    const page = await sut.app.inject({
      method: 'GET',
      url: '/house/icons/dice.svg',
      remoteAddress: '198.51.100.8',
    });
    expect(page.statusCode).toBe(200);
    expect((await statuses('/house/api/session', '127.0.0.1', 5)).every((status) => status === 400)).toBe(
      true,
    );
  });
});
