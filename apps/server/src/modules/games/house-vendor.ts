import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { houseGamesPlugin, type HouseSettings, type WebAssets } from '@khela/house-games';
import { addressLimit, refuseOverLimit } from '../../http/address-limit.ts';
import { addressList, inAddressList } from '../../http/ip-ranges.ts';
import type { Database } from '../../db/database.ts';
import { getSettings } from '../settings/settings.service.ts';
import { vendorConnections } from './games.tables.ts';

/**
 * Our own vendor, apps/house-games, mounted in this process under `/house` (docs/design.md, Games). It
 * still reaches the wallet only through the vendor protocol over HTTP, on the loopback address,
 * exactly as a third-party vendor would. Its connection row is made on first start with a new
 * secret; an operator can point it elsewhere (a house running on its own) by editing that row
 * and setting HOUSE_GAMES=off here.
 */
export const houseVendorCode = 'HOUSE';
export const housePrefix = '/house';
/**
 * The same house in transfer mode (Khela Arcade): it keeps each player's game balance itself, and
 * members move money into and out of it on the wallet page (GCS_walletTransfer).
 */
export const houseTransferVendorCode = 'HOUSET';
export const houseTransferPrefix = '/house-transfer';

/** A house connection's secret, the row made with a fresh one when it is missing. */
export async function ensureHouseConnection(
  db: Database,
  options: { vendorCode: string; apiBaseUrl: string; walletMode: 'seamless' | 'transfer' } = {
    vendorCode: houseVendorCode,
    apiBaseUrl: housePrefix,
    walletMode: 'seamless',
  },
): Promise<string> {
  await db
    .insert(vendorConnections)
    .values({ ...options, walletSecret: randomBytes(32).toString('hex') })
    .onConflictDoNothing();
  const [row] = await db
    .select({ walletSecret: vendorConnections.walletSecret })
    .from(vendorConnections)
    .where(eq(vendorConnections.vendorCode, options.vendorCode));
  if (!row) throw new Error(`the ${options.vendorCode} vendor connection could not be made`);
  return row.walletSecret;
}

/** `webAssets`: the house pages' built files, loaded by main.ts at start-up (tests: none). */
export async function mountHouseGames(
  app: FastifyInstance,
  options: { port: number; webAssets?: WebAssets | undefined },
) {
  const settings = async () => (await getSettings(app.db)).houseGames;
  const platformUrl = `http://127.0.0.1:${options.port}`;
  // The pages' API is out of the site-wide limit (not an API path there): a ceiling of its own per
  // player address. The platform's own calls (games list, transfers) come from the loopback.
  const pageLimit = addressLimit({ perMinute: app.env.HOUSE_RATE_LIMIT_PER_MINUTE, trusted: [] });
  const loopback = addressList([], { loopback: true });
  const overLimit = { ok: false, code: 'RATE_LIMITED', message: 'too many requests: try again shortly' };
  await app.register(async (scope) => {
    scope.addHook('onRequest', (request, reply, done) => {
      const isPageApi = /^\/house(-transfer)?\/api\//.test(request.url);
      if (
        !isPageApi ||
        inAddressList(loopback, request.ip) ||
        !refuseOverLimit(pageLimit, request, reply, overLimit)
      ) {
        done();
      }
    });
    await registerHouses(scope, { ...options, settings, platformUrl });
  });
}

async function registerHouses(
  app: FastifyInstance,
  options: {
    webAssets?: WebAssets | undefined;
    settings: () => Promise<HouseSettings>;
    platformUrl: string;
  },
) {
  const { settings, platformUrl } = options;
  await app.register(houseGamesPlugin, {
    prefix: housePrefix,
    platformUrl,
    vendorCode: houseVendorCode,
    walletSecret: await ensureHouseConnection(app.db),
    database: app.db,
    // With the owner's URL the start migrated the house already (db/migrate-at-start.ts).
    migrate: !app.env.DATABASE_OWNER_URL,
    settings,
    ...(options.webAssets ? { webAssets: options.webAssets } : {}),
  });
  await app.register(houseGamesPlugin, {
    prefix: houseTransferPrefix,
    platformUrl,
    vendorCode: houseTransferVendorCode,
    walletSecret: await ensureHouseConnection(app.db, {
      vendorCode: houseTransferVendorCode,
      apiBaseUrl: houseTransferPrefix,
      walletMode: 'transfer',
    }),
    walletMode: 'transfer',
    database: app.db,
    // One migration run is enough: the first mount applied the house's migrations.
    migrate: false,
    settings,
    ...(options.webAssets ? { webAssets: options.webAssets } : {}),
  });
}
