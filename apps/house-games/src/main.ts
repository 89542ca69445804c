import Fastify from 'fastify';
import path from 'node:path';
import { loadHouseEnv } from './config/env.ts';
import { openHouseDatabase } from './db/open-database.ts';
import { loadBuiltWebAssets, WebAssetsMissingError, type WebAssets } from './pages/web-assets.ts';
import { houseGamesPlugin } from './plugin.ts';

/**
 * The house vendor on its own (the platform normally mounts the same plugin in-process under
 * /house). It reaches the platform's wallet only over HTTP, like any third-party vendor.
 */
async function main() {
  const env = loadHouseEnv();
  let webAssets: WebAssets;
  try {
    webAssets = loadBuiltWebAssets();
  } catch (error) {
    if (!(error instanceof WebAssetsMissingError)) throw error;
    // One line, before anything is opened: a game page without its script is a black frame.
    console.error(error.message);
    process.exit(1);
  }
  const handle = await openHouseDatabase(
    env.HOUSE_DATABASE_URL
      ? { kind: 'pg', url: env.HOUSE_DATABASE_URL }
      : { kind: 'pglite', dataDir: env.HOUSE_DATA_DIR },
  );
  const app = Fastify({ logger: { level: env.LOG_LEVEL }, bodyLimit: 64 * 1024 });
  // Standalone there is no platform in front: the pages' own security headers.
  app.addHook('onSend', async (_request, reply) => {
    reply.header(
      'content-security-policy',
      `default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; ` +
        `connect-src 'self'; object-src 'none'; base-uri 'self'; frame-ancestors ${env.HOUSE_FRAME_ANCESTORS}`,
    );
    reply.header('x-content-type-options', 'nosniff');
  });
  await app.register(houseGamesPlugin, {
    platformUrl: env.PLATFORM_URL,
    vendorCode: env.HOUSE_VENDOR_CODE,
    walletMode: env.HOUSE_WALLET_MODE,
    walletSecret: env.HOUSE_SECRET,
    database: handle.db,
    webAssets,
    settings: { autoplay: env.HOUSE_AUTOPLAY === 'true', turbo: env.HOUSE_TURBO === 'true' },
    publicUrl: env.HOUSE_PUBLIC_URL ?? `http://localhost:${env.PORT}`,
  });

  const stop = async (signal: string) => {
    app.log.info({ signal }, 'house games shutting down');
    await app.close();
    await handle.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
  await app.listen({ host: env.HOST, port: env.PORT });
  const where = handle.driver === 'pglite' ? `PGlite in ${path.resolve(env.HOUSE_DATA_DIR)}` : 'PostgreSQL';
  app.log.info(
    `house games (${env.HOUSE_VENDOR_CODE}, ${env.HOUSE_WALLET_MODE} wallet) on http://localhost:${env.PORT} ` +
      `(database: ${where}), platform at ${env.PLATFORM_URL}`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
