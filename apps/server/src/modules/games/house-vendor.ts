import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { houseGamesPlugin } from '@khela/house-games';
import type { Database } from '../../db/database.ts';
import { getSettings } from '../settings/settings.service.ts';
import { vendorConnections } from './games.tables.ts';

/**
 * Our own vendor, apps/house-games, mounted in this process under `/house` (DESIGN.md, Games). It
 * still reaches the wallet only through the vendor protocol over HTTP, on the loopback address,
 * exactly as a third-party vendor would. Its connection row is made on first start with a new
 * secret; an operator can point it elsewhere (a house running on its own) by editing that row
 * and setting HOUSE_GAMES=off here.
 */
export const houseVendorCode = 'HOUSE';
export const housePrefix = '/house';

/** The HOUSE connection's secret, the row made with a fresh one when it is missing. */
export async function ensureHouseConnection(db: Database): Promise<string> {
  await db
    .insert(vendorConnections)
    .values({
      vendorCode: houseVendorCode,
      apiBaseUrl: housePrefix,
      walletSecret: randomBytes(32).toString('hex'),
    })
    .onConflictDoNothing();
  const [row] = await db
    .select({ walletSecret: vendorConnections.walletSecret })
    .from(vendorConnections)
    .where(eq(vendorConnections.vendorCode, houseVendorCode));
  if (!row) throw new Error('the HOUSE vendor connection could not be made');
  return row.walletSecret;
}

export async function mountHouseGames(app: FastifyInstance, options: { port: number }) {
  const walletSecret = await ensureHouseConnection(app.db);
  await app.register(houseGamesPlugin, {
    prefix: housePrefix,
    platformUrl: `http://127.0.0.1:${options.port}`,
    vendorCode: houseVendorCode,
    walletSecret,
    database: app.db,
    settings: async () => (await getSettings(app.db)).houseGames,
  });
}
