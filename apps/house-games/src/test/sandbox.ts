import Fastify from 'fastify';
import { sourceWebAssets } from '../pages/web-assets-source.ts';
import { houseGamesPlugin } from '../plugin.ts';
import { startFakePlatform } from './fake-platform.ts';
import { freshDatabase } from './house-harness.ts';

/**
 * A playground for looking at the pages without the platform: the fake platform (in memory) and
 * the house under /house on PORT (default 8099). Prints a launch URL per game; every run of
 * `GET /launch/<game>` makes a fresh one-time token.
 *   npx tsx apps/house-games/src/test/sandbox.ts
 */
const port = Number(process.env.PORT ?? 8099);
const platform = await startFakePlatform({ hangMs: 6_000 });
const database = await freshDatabase();
const app = Fastify({ logger: { level: 'warn' } });
await app.register(houseGamesPlugin, {
  prefix: '/house',
  platformUrl: platform.url,
  vendorCode: platform.vendorCode,
  walletSecret: platform.secret,
  database: database.db,
  migrate: false,
  webAssets: await sourceWebAssets(),
  settings: { autoplay: process.env.AUTOPLAY === 'true', turbo: process.env.TURBO === 'true' },
});
app.get('/launch/:game', async (request, reply) => {
  const { game } = request.params as { game: string };
  const query = request.query as Record<string, string>;
  const token = platform.launch({ playerId: query.player ?? 'demo', balance: 100_000 });
  const params = new URLSearchParams({
    token,
    lang: query.lang ?? 'bn',
    theme: query.theme ?? 'light',
    lobby: '/',
  });
  return reply.redirect(`/house/play/${game}?${params}`);
});
await app.listen({ host: '127.0.0.1', port });
console.info(`sandbox: http://127.0.0.1:${port}/launch/<game>?lang=en&theme=dark`);
