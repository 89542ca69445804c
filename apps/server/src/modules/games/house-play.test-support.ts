import { createServer } from 'node:net';
import { expect } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { call } from '../accounts/accounts.test-support.ts';
import { syncGameCatalogue } from './catalogue-sync.ts';
import { games } from './games.tables.ts';
import {
  houseTransferPrefix,
  houseTransferVendorCode,
  housePrefix,
  houseVendorCode,
} from './house-vendor.ts';

/**
 * The real house mounted in the real platform, listening on a loopback port, for tests that play
 * its games as a member's browser would: over HTTP, through the launch and the house's page API.
 */

export const houseModes = {
  seamless: { vendorCode: houseVendorCode, prefix: housePrefix },
  transfer: { vendorCode: houseTransferVendorCode, prefix: houseTransferPrefix },
} as const;
export type HouseMode = keyof typeof houseModes;

/** Dice at 100 (minor units), over 50.00. */
export const diceBet = { game: 'dice', bet: 100, inputs: { target: 5000, direction: 'over' } };

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface HouseSite {
  sut: TestApp;
  /** The site's address, e.g. http://127.0.0.1:40123. */
  base: string;
  port: number;
}

/** The platform with both houses (HOUSE and HOUSET) in process, listening, their catalogues synced. */
export async function startHouseSite(): Promise<HouseSite> {
  const port = await freePort();
  const sut = await buildTestApp({
    env: {
      HOUSE_GAMES: 'inprocess',
      PORT: String(port),
      RATE_LIMIT_PER_MINUTE: '100000',
      MONEY_RATE_LIMIT_PER_MINUTE: '100000',
    },
  });
  await sut.app.listen({ host: '127.0.0.1', port });
  for (const { vendorCode } of Object.values(houseModes)) {
    const [synced] = await syncGameCatalogue({
      db: sut.db,
      env: { VENDOR_TIMEOUT_MS: 5_000, PORT: port },
      vendorCode,
    });
    expect(synced).toMatchObject({ ok: true });
  }
  return { sut, base: `http://127.0.0.1:${port}`, port };
}

/** A call of the house's page API (or pages), as the game page in the member's browser makes it. */
export async function houseCall(
  site: HouseSite,
  path: string,
  options: { body?: object; authorization?: string } = {},
) {
  const response = await fetch(`${site.base}${path}`, {
    method: options.body ? 'POST' : 'GET',
    headers: {
      ...(options.body ? { 'content-type': 'application/json' } : {}),
      ...(options.authorization ? { authorization: options.authorization } : {}),
    },
    body: options.body ? JSON.stringify(options.body) : undefined,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/**
 * Launches dice at the house of `mode` from the member's site session and opens the game page's
 * session; answers its bearer header.
 */
export async function openHouseDice(site: HouseSite, mode: HouseMode, memberToken: string): Promise<string> {
  const { vendorCode, prefix } = houseModes[mode];
  const [game] = await site.sut.db
    .select({ nodeId: games.nodeId })
    .from(games)
    .where(and(eq(games.vendorCode, vendorCode), eq(games.gameCode, 'dice')));
  const launched = await call(site.sut, {
    method: 'POST',
    url: '/wps/game/launchGame',
    token: memberToken,
    body: { nodeId: game!.nodeId },
  });
  expect(launched.status, JSON.stringify(launched.body)).toBe(200);
  const url = new URL(launched.body.value.content as string, site.base);
  expect(url.pathname).toBe(`${prefix}/play/dice`);
  const session = await houseCall(site, `${prefix}/api/session`, {
    body: { token: url.searchParams.get('token'), game: 'dice' },
  });
  expect(session.status, JSON.stringify(session.body)).toBe(200);
  return `Bearer ${String(session.body.sessionToken)}`;
}

let transfers = 0;

/** The member's own transfer between the main wallet and Khela Arcade's game wallet. */
export function arcadeTransfer(
  site: HouseSite,
  memberToken: string,
  direction: 'in' | 'out',
  amount: string,
) {
  transfers += 1;
  return call(site.sut, {
    method: 'POST',
    url: '/wps/relay/GCS_walletTransfer',
    token: memberToken,
    body: {
      requestId: `r-${Date.now()}-${transfers}`,
      direction,
      vendorCode: houseTransferVendorCode,
      amount,
    },
  });
}
