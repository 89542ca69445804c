import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { isTimeZone } from '@khela/contract/business-day';
import { betSteps, findListedGame, listedCatalogue } from './catalogue/catalogue.ts';
import { icons } from './catalogue/icons.ts';
import type { HouseDatabase } from './db/database.ts';
import { migrateHouseDatabase } from './db/migrate.ts';
import { HouseError } from './http/errors.ts';
import { loadBuiltWebAssets, WebAssetsMissingError, type WebAssets } from './pages/web-assets.ts';
import { pageLanguage, renderPage, type GamePageConfig } from './pages/page-html.ts';
import type { HouseContext, HouseSettings } from './play/context.ts';
import { getFairState, rotateServerSeed, setClientSeed } from './play/fair.service.ts';
import { findGameAdapter, rtpBasisPointsOf } from './play/games.ts';
import { startPendingJob } from './play/pending.service.ts';
import { findOpenRound, getRound, listRounds, playRound, stepRound } from './play/rounds.service.ts';
import { openSession, requireSession } from './play/sessions.service.ts';
import { createTransferWallet } from './play/transfer-wallet.ts';
import { checkSignature, nowSeconds, signatureHeader, signBody } from './protocol/signature.ts';
import { transferRoutes } from './protocol/transfer-routes.ts';
import { createWalletClient, type FetchLike } from './protocol/wallet-client.ts';

export interface HouseGamesOptions {
  /** Where the platform's `/vendor-wallet/<vendorCode>/…` lives (origin, no trailing path). */
  platformUrl: string;
  /** The protocol's vendor code of the house (HOUSE; HOUSET for the transfer-mode instance). */
  vendorCode: string;
  /**
   * `seamless` (default): the house keeps no money, every bet and win is a wallet call to the
   * platform. `transfer`: the house keeps the player's game balance itself (hg_wallets), the
   * platform moves money in and out with the transfer API (`POST api/transfer/…`, registered only
   * in this mode), and only the RNG games are listed, under KHELA_ARCADE. Both modes may share
   * one database: each instance serves and settles only its own sessions and rounds.
   */
  walletMode?: 'seamless' | 'transfer';
  /** Hex HMAC key shared with the platform (`vendor_connections.wallet_secret`). */
  walletSecret: string;
  /** A drizzle PostgreSQL database (the platform's own when mounted in-process). */
  database: HouseDatabase;
  /** Operator switches, off by default; a function is asked on every page load. */
  settings?: HouseSettings | (() => Promise<HouseSettings>);
  /**
   * The house's address as browsers see it, for the icon URLs of the games list. Defaults to the
   * prefix the plugin is mounted under (e.g. `/house`), right when the platform serves both.
   */
  publicUrl?: string;
  /**
   * The pages' files. A server entry passes `loadBuiltWebAssets()`, called at start-up so a
   * missing build stops it there; tests pass the sources bundled in memory (web-assets-source.ts).
   * When absent, the built files are looked for on the first request (503 while not built).
   */
  webAssets?: WebAssets;
  /** Applies the house's migrations at start-up (default true). */
  migrate?: boolean;
  /** How often the retry job sends pending credits and rollbacks; 0 turns it off (tests). */
  retryIntervalMs?: number;
  /** Wallet call tuning (tests): per-attempt time-out and pauses between attempts. */
  wallet?: { timeoutMs?: number; retryDelaysMs?: number[]; fetch?: FetchLike };
}

const sessionBody = z.object({ token: z.string().min(8).max(512), game: z.string().min(1).max(40) });
const roundBody = z.object({
  game: z.string().min(1).max(40),
  bet: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  inputs: z.record(z.string(), z.unknown()).default({}),
});
const stepBody = z.object({ action: z.record(z.string(), z.unknown()) });
const gameQuery = z.object({ game: z.string().min(1).max(40) });
const listQuery = gameQuery.extend({ limit: z.coerce.number().int().min(1).max(50).default(20) });
const clientSeedBody = z.object({ clientSeed: z.string() });
const pageQuery = z.object({
  token: z.string().max(512).optional(),
  lang: z.string().max(10).optional(),
  theme: z.string().max(10).optional(),
  lobby: z.string().max(2048).optional(),
  digits: z.string().max(10).optional(),
  zone: z.string().max(64).optional(),
});

function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw new HouseError('BAD_REQUEST', `${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'}`);
}

/** Only http(s) return links, so a launch URL cannot smuggle `javascript:` into the back button. */
function safeLobby(lobby: string | undefined): string | null {
  if (!lobby) return null;
  if (lobby.startsWith('/') && !lobby.startsWith('//')) return lobby;
  try {
    const url = new URL(lobby);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}

/** The services' context from the plugin's options (also used by tests and the retry job). */
export function createHouseContext(
  options: Pick<
    HouseGamesOptions,
    'database' | 'vendorCode' | 'platformUrl' | 'walletSecret' | 'settings' | 'wallet' | 'walletMode'
  >,
  log: HouseContext['log'],
): HouseContext {
  const settingsOption = options.settings ?? { autoplay: false, turbo: false };
  const walletMode = options.walletMode ?? 'seamless';
  const platform = createWalletClient({
    platformUrl: options.platformUrl,
    vendorCode: options.vendorCode,
    walletSecret: options.walletSecret,
    ...options.wallet,
  });
  return {
    db: options.database,
    vendorCode: options.vendorCode,
    walletMode,
    wallet: walletMode === 'transfer' ? createTransferWallet({ db: options.database, platform }) : platform,
    settings: typeof settingsOption === 'function' ? settingsOption : async () => settingsOption,
    log,
  };
}

/**
 * The house vendor as one Fastify plugin, mountable under any prefix (all its page URLs are
 * relative). Not wrapped in fastify-plugin on purpose: its error and not-found handlers stay
 * inside its own prefix when the platform mounts it.
 */
export async function houseGamesPlugin(app: FastifyInstance, options: HouseGamesOptions): Promise<void> {
  if (options.migrate !== false) await migrateHouseDatabase(options.database);
  const context = createHouseContext(options, app.log);
  let assets: WebAssets | null = options.webAssets ?? null;
  const loadAssets = (): WebAssets => {
    try {
      assets ??= loadBuiltWebAssets();
    } catch (error) {
      if (error instanceof WebAssetsMissingError) throw new HouseError('PAGES_NOT_BUILT', error.message);
      throw error;
    }
    return assets;
  };
  const publicUrl = (options.publicUrl ?? app.prefix).replace(/\/+$/, '');

  const retryIntervalMs = options.retryIntervalMs ?? 5_000;
  if (retryIntervalMs > 0) {
    const stop = startPendingJob(context, retryIntervalMs);
    app.addHook('onClose', async () => stop());
  }

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof HouseError) {
      return reply.code(error.status).send({ ok: false, code: error.code, message: error.message });
    }
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) {
      return reply.code(status).send({ ok: false, code: 'BAD_REQUEST', message: (error as Error).message });
    }
    request.log.error({ err: error }, 'house request failed');
    return reply.code(500).send({ ok: false, code: 'INTERNAL', message: 'internal error' });
  });
  app.setNotFoundHandler((_request, reply) => {
    reply.code(404).send({ ok: false, code: 'NOT_FOUND', message: 'not found' });
  });

  const session = (request: FastifyRequest) => requireSession(context, request.headers.authorization);
  const listed = listedCatalogue(context.walletMode);
  /** A game this instance lists and can play (the pages refuse any other). */
  const findGame = (gameCode: string) => {
    const game = findListedGame(context.walletMode, gameCode);
    const adapter = findGameAdapter(gameCode);
    return game && adapter ? { listed: game, adapter } : null;
  };
  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

  // The vendor API the platform calls (protocol.md): signed both ways.
  app.get('/api/games', async (request, reply) => {
    const check = checkSignature({
      secretHex: options.walletSecret,
      rawBody: '',
      header: request.headers[signatureHeader] as string | undefined,
      nowSeconds: nowSeconds(),
    });
    const answer =
      check === 'ok'
        ? {
            ok: true,
            games: listed.games.map((game) => ({
              gameCode: game.gameCode,
              gameType: game.gameType,
              vassalage: game.vassalage,
              classify: game.classify,
              names: game.names,
              icon: `${publicUrl}/icons/${game.gameCode}.svg`,
              minBet: game.minBet,
              lineNum: game.lineNum,
              isHot: game.isHot,
              rtpBasisPoints: rtpBasisPointsOf(game.gameCode),
              defaultPlayType: null,
              launchFlags: [],
            })),
            vendors: listed.vendors.map((vendor) => ({
              vassalage: vendor.vassalage,
              displayName: vendor.displayName,
              names: vendor.names,
              smallIcon: `${publicUrl}/icons/${vendor.vassalage}.svg`,
              gameType: vendor.gameType,
            })),
          }
        : { ok: false, code: 'BAD_SIGNATURE', message: `signature ${check}` };
    const raw = JSON.stringify(answer);
    return reply
      .code(check === 'ok' ? 200 : 401)
      .header('content-type', 'application/json; charset=utf-8')
      .header(signatureHeader, signBody(options.walletSecret, raw, nowSeconds()))
      .send(raw);
  });

  // Transfer mode: the platform moves money in and out of the game wallet (signed both ways).
  if (context.walletMode === 'transfer') {
    await app.register(transferRoutes({ walletSecret: options.walletSecret, db: options.database }));
  }

  // The pages' own API (bearer house-session token, never the platform's).
  app.post('/api/session', async (request, reply) => {
    const body = parse(sessionBody, request.body);
    if (!findGame(body.game)) throw new HouseError('UNKNOWN_GAME', 'no such game');
    const opened = await openSession(context, { launchToken: body.token, gameCode: body.game });
    noStore(reply);
    return {
      ok: true,
      sessionToken: opened.sessionToken,
      player: { nickname: opened.session.nickname, currency: opened.session.currency },
      balance: opened.balance,
      fair: opened.fair,
      openRound: await findOpenRound(context, { playerId: opened.session.playerId, gameCode: body.game }),
    };
  });

  app.get('/api/state', async (request, reply) => {
    const { game } = parse(gameQuery, request.query);
    const current = await session(request);
    const balance = await context.wallet.balance({ sessionId: current.platformSessionId });
    if (balance.kind === 'refused') throw new HouseError('SESSION_EXPIRED', balance.message);
    noStore(reply);
    return {
      ok: true,
      player: { nickname: current.nickname, currency: current.currency },
      balance: balance.kind === 'ok' ? balance.value.balance : null,
      fair: await getFairState(context.db, current.playerId),
      openRound: await findOpenRound(context, { playerId: current.playerId, gameCode: game }),
    };
  });

  app.post('/api/rounds', async (request, reply) => {
    const body = parse(roundBody, request.body);
    const current = await session(request);
    const found = findGame(body.game);
    if (!found) throw new HouseError('UNKNOWN_GAME', 'no such game');
    if (body.game !== current.gameCode)
      throw new HouseError('BAD_REQUEST', 'game: this session is for another game');
    if (body.bet < found.listed.minBet || body.bet > found.listed.maxBet) {
      throw new HouseError('BAD_REQUEST', `bet: between ${found.listed.minBet} and ${found.listed.maxBet}`);
    }
    const round = await playRound(context, {
      session: current,
      game: found.adapter,
      stake: BigInt(body.bet),
      inputs: body.inputs,
    });
    noStore(reply);
    return { ok: true, round, fair: await getFairState(context.db, current.playerId) };
  });

  app.post('/api/rounds/:roundId/step', async (request, reply) => {
    const { roundId } = parse(z.object({ roundId: z.string().min(1).max(64) }), request.params);
    const body = parse(stepBody, request.body);
    const current = await session(request);
    const found = findGame(current.gameCode);
    if (!found) throw new HouseError('UNKNOWN_GAME', 'no such game');
    const round = await stepRound(context, {
      session: current,
      game: found.adapter,
      roundId,
      action: body.action,
    });
    noStore(reply);
    return { ok: true, round };
  });

  app.get('/api/rounds', async (request, reply) => {
    const query = parse(listQuery, request.query);
    const current = await session(request);
    noStore(reply);
    return {
      ok: true,
      rounds: await listRounds(context, {
        playerId: current.playerId,
        gameCode: query.game,
        limit: query.limit,
      }),
    };
  });

  app.get('/api/rounds/:roundId', async (request, reply) => {
    const { roundId } = parse(z.object({ roundId: z.string().min(1).max(64) }), request.params);
    const current = await session(request);
    const found = await getRound(context, { playerId: current.playerId, roundId });
    if (!found) throw new HouseError('UNKNOWN_ROUND', 'no such round');
    noStore(reply);
    return { ok: true, round: found.view, inputs: found.inputs };
  });

  app.get('/api/fair', async (request, reply) => {
    const current = await session(request);
    noStore(reply);
    return { ok: true, fair: await getFairState(context.db, current.playerId) };
  });

  app.post('/api/fair/client-seed', async (request, reply) => {
    const body = parse(clientSeedBody, request.body);
    const current = await session(request);
    noStore(reply);
    return { ok: true, fair: await setClientSeed(context.db, current.playerId, body.clientSeed) };
  });

  app.post('/api/fair/rotate', async (request, reply) => {
    const current = await session(request);
    noStore(reply);
    return { ok: true, ...(await rotateServerSeed(context.db, current.playerId)) };
  });

  // Pages and their files.
  app.get('/play/:gameCode', async (request, reply) => {
    const { gameCode } = parse(z.object({ gameCode: z.string().max(40) }), request.params);
    const query = parse(pageQuery, request.query);
    const game = findGame(gameCode)?.listed;
    if (!game) throw new HouseError('UNKNOWN_GAME', 'no such game');
    const lang = pageLanguage(query.lang);
    const theme = query.theme === 'dark' ? 'dark' : 'light';
    const config: GamePageConfig = {
      page: 'game',
      gameCode,
      lang,
      digits: query.digits === 'beng' ? 'beng' : 'latn',
      timeZone: query.zone && isTimeZone(query.zone) ? query.zone : 'UTC',
      theme,
      lobby: safeLobby(query.lobby),
      walletMode: context.walletMode,
      settings: await context.settings(),
      game: {
        gameCode: game.gameCode,
        minBet: game.minBet,
        maxBet: game.maxBet,
        lineNum: game.lineNum,
        isRngTable: game.isRngTable,
        names: game.names,
        rtpBasisPoints: rtpBasisPointsOf(game.gameCode),
        steps: betSteps(game),
      },
    };
    return reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .send(renderPage({ title: game.names[lang], lang, theme, assetsBase: '../', script: 'game', config }));
  });

  app.get('/verify', async (request, reply) => {
    const query = parse(pageQuery, request.query);
    const lang = pageLanguage(query.lang);
    const theme = query.theme === 'dark' ? 'dark' : 'light';
    return reply.header('content-type', 'text/html; charset=utf-8').send(
      renderPage({
        title: lang === 'bn' ? 'ফলাফল যাচাই' : 'Verify a round',
        lang,
        theme,
        assetsBase: './',
        script: 'verify',
        config: { page: 'verify', lang, digits: query.digits === 'beng' ? 'beng' : 'latn', theme },
      }),
    );
  });

  app.get('/assets/:name', async (request, reply) => {
    const { name } = parse(z.object({ name: z.string().max(64) }), request.params);
    const asset = loadAssets().get(name);
    if (!asset) throw new HouseError('NOT_FOUND', 'no such file');
    return reply
      .header('content-type', asset.type)
      .header('cache-control', 'public, max-age=300')
      .send(asset.body);
  });

  app.get('/icons/:name', async (request, reply) => {
    const { name } = parse(z.object({ name: z.string().max(64) }), request.params);
    const svg = icons[name.replace(/\.svg$/, '')];
    if (!svg) throw new HouseError('NOT_FOUND', 'no such icon');
    return reply
      .header('content-type', 'image/svg+xml')
      .header('cache-control', 'public, max-age=86400')
      .send(svg);
  });
}
