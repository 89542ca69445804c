import Fastify, { type FastifyInstance } from 'fastify';
import { randomBytes, randomUUID } from 'node:crypto';
import { calls, vendorLanguageOf } from '@khela/contract';
import type { WebAssets } from '@khela/house-games';
import helmet from 'helmet';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { forgetTag, onDataChanged } from './shared/read-cache.ts';
import { createResponseCache } from './shared/response-cache.ts';
import websocket from '@fastify/websocket';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Env } from './config/env.ts';
import { startWarnings } from './config/start-warnings.ts';
import type { Database, DatabaseHandle } from './db/database.ts';
import { installErrorHandler, isApiPath } from './http/error-handler.ts';
import { RequestLog } from './http/request-log.ts';
import { apiCallHeaders } from './http/api-headers.ts';
import { batchedRedisStore } from './http/rate-limit-store.ts';
import { rateLimitKeys } from './http/rate-limit-key.ts';
import { recordedHeaders } from './http/recorded-headers.ts';
import { answerSerializerCompiler } from './http/answer-serializer.ts';
import { metricsPlugin } from './plugins/metrics.ts';
import { openApiPlugin } from './plugins/openapi.ts';
import { webAppPlugin } from './plugins/web-app.ts';
import { adminAppPlugin } from './plugins/admin-app.ts';
import { firstBanner } from './modules/content/content.service.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { systemRoutes } from './modules/system/system.routes.ts';
import { contentRoutes } from './modules/content/content.routes.ts';
import { createAuthorize } from './modules/accounts/authorize.ts';
import { accountsRoutes } from './modules/accounts/accounts.routes.ts';
import { walletRoutes } from './modules/wallet/wallet.routes.ts';
import { grantDemoFunds } from './modules/wallet/wallet.service.ts';
import { endMemberGameSessions } from './modules/games/game-sessions.service.ts';
import { depositRoutes } from './modules/deposits/deposits.routes.ts';
import { sandboxGatewayRoutes } from './modules/sandbox-gateway/sandbox-gateway.routes.ts';
import type { PaymentGateways } from './modules/payments/payment-gateway.ts';
import {
  createDemoProviders,
  createPaymentGateways,
  loopbackOriginOf,
  type DemoProviders,
} from './payment-gateways.ts';
import { gameRoutes } from './modules/games/games.routes.ts';
import { recordRoutes } from './modules/games/records.routes.ts';
import { mountHouseGames } from './modules/games/house-vendor.ts';
import { vendorWalletPrefix, vendorWalletRoutes } from './modules/games/vendor-wallet.routes.ts';
import { vendorTransferRoutes } from './modules/games/vendor-transfers.routes.ts';
import { lotteryRoutes } from './modules/lottery/lottery.routes.ts';
import { agentTeamRoutes } from './modules/agents/agents.team.routes.ts';
import { agentLinkDirectory } from './modules/agents/agents.links.service.ts';
import { memberReferralDirectory } from './modules/promotions/referral.service.ts';
import { agentWageRoutes } from './modules/agents/agents.wages.routes.ts';
import { promotionOperatorRoutes } from './modules/promotions/promotions-operator.routes.ts';
import { promotionRoutes } from './modules/promotions/promotions.routes.ts';
import { loyaltyRoutes } from './modules/loyalty/loyalty.routes.ts';
import { vipRoutes } from './modules/vip/vip.routes.ts';
import { clubLabelOf, dailyWithdrawalLimitOf } from './modules/vip/vip.service.ts';
import { getSettings } from './modules/settings/settings.service.ts';
import { raffleRoutes } from './modules/promotions/raffle.routes.ts';
import { lotteryRoundCounts } from './modules/lottery/lottery.service.ts';
import { withdrawalRoutes } from './modules/withdrawals/withdrawals.routes.ts';
import { realtimePath, realtimeRoutes } from './modules/realtime/realtime.routes.ts';
import { captchaRoutes } from './modules/captcha/captcha.routes.ts';
import { envelopeRoutes, installEnvelope } from './modules/crypto-envelope/envelope.routes.ts';
import { humanCheckRoutes } from './modules/human-check/human-check.routes.ts';
import { createCspHosts } from './plugins/csp-hosts.ts';
import { hashingLimitsOf } from './modules/accounts/accounts.context.ts';
import { configurePasswordHashing } from './modules/accounts/password-hash.ts';
import { JobRegistry } from './jobs/job-registry.ts';
import { JobQueue } from './jobs/job-queue.ts';
import { jobRoutes } from './jobs/jobs.routes.ts';
import { operatorRoutes } from './modules/accounts/operators.routes.ts';
import { backOfficePlayerRoutes } from './modules/back-office/players.routes.ts';
import { installOperatorAudit } from './modules/audit/audit.service.ts';
import { siteAdminRoutes } from './modules/back-office/site.routes.ts';
import { moneyAdminRoutes } from './modules/back-office/money.routes.ts';
import { withdrawalDecisionGuard } from './modules/back-office/money.withdrawal-guard.ts';
import { createPayoutRails } from './payout-rails.ts';
import { reportsRoutes } from './modules/reports/reports.routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    databaseDriver: DatabaseHandle['driver'];
    redis: Redis | null;
    env: Env;
    /** The payment gateways this server runs, by deposit method kind (the sandbox only in demo mode). */
    paymentGateways: PaymentGateways;
    /** Demo mode's provider simulators (tests reach them to pay and to inject faults); else null. */
    demoProviders: DemoProviders | null;
    /** The scheduled jobs: modules define theirs while the app is built (jobs/job-registry.ts). */
    jobs: JobRegistry;
    /** Runs them when JOB_WORKERS is on, from onReady until the app closes (jobs/job-queue.ts). */
    jobQueue: JobQueue;
  }
}

export interface BuildAppOptions {
  env: Env;
  database: DatabaseHandle;
  /** Folder of the built web app, or null to serve the API only. */
  webRoot?: string | null;
  /** Folder of the built back office, served at /admin/ (and on ADMIN_HOST), or null. */
  adminRoot?: string | null;
  /** The house game pages' built files (main.ts loads them at start-up; tests pass none). */
  houseWebAssets?: WebAssets;
  /** Pino logger options; tests pass `false`. */
  logger?: boolean | object;
  /**
   * This process is the database's only one (main.ts on the embedded PGlite: one process per data
   * folder): job runs found active at start were cut off by its own crash (jobs/job-queue.ts).
   */
  soleDatabaseProcess?: boolean;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/;

/** The WebSocket origin of the site's public address (https → wss), for the CSP's connect-src. */
function socketOrigins(publicBaseUrl: string | undefined): string[] {
  if (!publicBaseUrl) return [];
  const url = new URL(publicBaseUrl);
  return [`${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}`];
}

/** Builds the whole application without listening (fastify/demo's app.ts; main.ts listens). */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { env, database } = options;
  const app = Fastify({
    logger: options.logger ?? {
      level: env.LOG_LEVEL,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
    },
    // A caller's request id is kept when it looks like one, so logs join across services.
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    requestIdHeader: false,
    // One line per request, none at info for a hot path's 2xx (http/request-log.ts).
    logController: new RequestLog(
      (pathname) =>
        pathname.startsWith(vendorWalletPrefix) ||
        pathname === calls.launchGame.path ||
        pathname === '/healthz' ||
        pathname === '/readyz',
    ),
    trustProxy:
      env.TRUST_PROXY_HOPS > 0 ? (_address: string, hop: number) => hop < env.TRUST_PROXY_HOPS : false,
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(answerSerializerCompiler);
  // Graceful shutdown: close() stops accepting and waits for requests in flight, but a kept-alive
  // socket that was busy when closing began would hold it open until its idle timeout. Answers
  // sent while closing therefore end their connection.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });

  configurePasswordHashing(hashingLimitsOf(env));
  app.decorate('env', env);
  app.decorate('db', database.db);
  app.decorate('databaseDriver', database.driver);
  // Demo mode: bKash and Nagad run against their simulators, mounted in this site (/sim/).
  const demoProviders = env.DEMO_MODE
    ? createDemoProviders({ loopbackOrigin: () => loopbackOriginOf(app, env) })
    : null;
  app.decorate('paymentGateways', createPaymentGateways({ db: database.db, env, demo: demoProviders }));
  app.decorate('demoProviders', demoProviders);
  app.decorate('authorize', createAuthorize(app));
  app.decorateRequest('session', null);
  app.decorateRequest('operatorSession', null);
  app.decorateRequest('sessionJudged', false);
  installEnvelope(app);
  // Spec 7: the forgot-password call posts a form. Parsed into a flat object of strings (the
  // last value wins for a repeated key) and then validated by the call's zod schema.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

  let redis: Redis | null = null;
  if (env.REDIS_URL) {
    redis = new Redis(env.REDIS_URL, { maxRetriesPerRequest: 2, enableOfflineQueue: true });
    // Without a listener ioredis reports "Unhandled error event" (docs/stack.md gotcha 10).
    redis.on('error', (error) => app.log.warn({ err: error }, 'redis error'));
    app.addHook('onClose', async () => {
      await redis?.quit().catch(() => redis?.disconnect());
    });
  }
  app.decorate('redis', redis);

  // The shared answers of the read path (home data, game lists, lobbies: registerCall's `shared`).
  // A change this process makes (dataChanged) drops them here and, through Redis, everywhere; a
  // change another instance makes also drops this process's per-module read caches.
  const responseCache = createResponseCache({
    redis,
    prefix: env.REDIS_PREFIX,
    onError: (error, what) => app.log.warn({ err: error, what }, 'read cache: redis unavailable'),
  });
  app.decorate('responseCache', responseCache);
  const stopHearingChanges = onDataChanged(database.db, (tag) => responseCache.changed(tag));
  responseCache.onRemoteChange((tag) => forgetTag(database.db, tag));
  app.addHook('onReady', async () => {
    // A Redis that does not answer does not hold the start up: the TTLs bound staleness meanwhile
    // (ioredis subscribes once it connects).
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error('no answer in 3 s')), 3_000);
    });
    await Promise.race([responseCache.start(), timeout])
      .catch((error: unknown) => {
        app.log.warn({ err: error }, 'read cache: not listening to other instances yet');
      })
      .finally(() => clearTimeout(timer));
  });
  app.addHook('onClose', async () => {
    stopHearingChanges();
    await responseCache.stop();
  });

  installErrorHandler(app);

  // Scheduled jobs on pg-boss in the same database. The modules below define theirs; the queue
  // starts once the app is ready and, on close, lets the runs in flight finish before the
  // database closes (main.ts closes it after app.close()).
  const jobs = new JobRegistry();
  const jobQueue = new JobQueue({
    executeSql: database.executeSql,
    registry: jobs,
    log: app.log,
    soleInstance: options.soleDatabaseProcess ?? false,
  });
  app.decorate('jobs', jobs);
  app.decorate('jobQueue', jobQueue);
  if (env.JOB_WORKERS) app.addHook('onReady', () => jobQueue.start());
  app.addHook('onClose', () => jobQueue.stop());

  const cspHosts = createCspHosts({
    db: database.db,
    onError: (error) => app.log.warn({ err: error }, 'could not read the CSP hosts; keeping the last lists'),
  });
  await cspHosts.refresh();
  app.addHook('onClose', async () => cspHosts.stop());
  // Helmet's middleware is built once (@fastify/helmet built it again on every answer, its CSP
  // directives parsed per request), and its headers are computed once per version of the host
  // lists: helmet is run against a recording response, and every answer then gets that set in one
  // call (issue 12: a tenth of a cached read's time was helmet's middlewares setting header by
  // header, each validated by Node). The host lists change at most once a `refreshMs`.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', () => cspHosts.images().join(' ')],
        fontSrc: ["'self'", 'data:'],
        // 'self' covers the same-origin WebSocket in CSP 3 browsers; the public origin's ws(s) form
        // is listed too for older ones. Never `ws: wss:` (any host: a page could leak to anyone).
        connectSrc: ["'self'", ...socketOrigins(env.PUBLIC_BASE_URL)],
        frameSrc: ["'self'", () => cspHosts.frames().join(' ')],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  const pageHeaders = recordedHeaders(securityHeaders, () => [cspHosts.frames(), cspHosts.images()]);
  const callHeaders = apiCallHeaders(pageHeaders());
  // One callback hook for the headers every answer carries (no promise per request): the request
  // id, and the security headers: a contract call's JSON is never a document, so it gets the short
  // set for APIs (http/api-headers.ts: 6 headers, not the page's 14; every one a header Node checks
  // and writes per answer on the read path, issue 12); pages, files and unknown paths the page set.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    // Vendors' wallet calls are server-to-server JSON that no browser reads: no page headers
    // (their route sets nosniff and no-store itself).
    if (request.routeOptions.config.call) reply.headers(callHeaders);
    else if (!request.url.startsWith(vendorWalletPrefix)) reply.headers(pageHeaders());
    done();
  });
  await app.register(compress, { global: true, threshold: 1024 });
  // A generous per-address ceiling for every call; stricter limits sit on login, SMS and money
  // calls. Counters live in Redis when configured so that several instances share them.
  // The HTML of a page carries the answers of its start-up calls (plugins/web-app.ts); those
  // internal requests carry this per-process token and are not counted against the visitor.
  const bootToken = randomBytes(16).toString('hex');
  const rateLimitKeyOf = rateLimitKeys();
  await app.register(rateLimit, {
    global: true,
    max: env.RATE_LIMIT_PER_MINUTE,
    timeWindow: '1 minute',
    // The default's keys, with an IPv6 caller's /64 remembered (http/rate-limit-key.ts: the
    // default parses an IPv6 address twice per call, about 11 µs).
    keyGenerator: (request) => rateLimitKeyOf(request.ip),
    // In Redis, counted in batches (http/rate-limit-store.ts): as exact, fewer writes.
    ...(redis ? { store: batchedRedisStore(redis, 'khela-rl:') } : {}),
    // The counters are told only to a caller who is refused (429 with retry-after and the
    // x-ratelimit-* set): on every other answer they were three more headers for Node to check and
    // write on the read path (issue 12), and they told a scraper how much budget it had left.
    addHeadersOnExceeding: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
    },
    // Pages and static files are not API calls: a page load fetches many of them at once.
    allowList: (request) => {
      const pathname = request.url.split('?')[0] ?? '/';
      // The realtime socket is one long-lived connection per page, not a stream of calls. Vendors'
      // wallet calls are signed server-to-server traffic: hundreds a second from one address.
      return (
        request.headers['x-khela-boot'] === bootToken ||
        pathname === '/healthz' ||
        pathname === '/readyz' ||
        pathname === realtimePath ||
        pathname.startsWith(vendorWalletPrefix) ||
        !isApiPath(pathname)
      );
    },
  });
  await app.register(metricsPlugin);
  await app.register(openApiPlugin);

  // On the root instance: the hook sees every operator call, whichever module registers it.
  installOperatorAudit(app);
  await app.register(operatorRoutes);
  await app.register(siteAdminRoutes);
  await app.register(backOfficePlayerRoutes);
  await app.register(moneyAdminRoutes);
  await app.register(reportsRoutes);
  await app.register(healthRoutes);
  await app.register(systemRoutes);
  await app.register(contentRoutes);
  await app.register(envelopeRoutes);
  await app.register(humanCheckRoutes);
  await app.register(captchaRoutes);
  await app.register(accountsRoutes, {
    onFreePlayCreated: grantDemoFunds,
    onMemberSessionsRevoked: endMemberGameSessions,
    affiliateLinks: agentLinkDirectory,
    memberReferrals: memberReferralDirectory,
    clubLabel: async ({ db, member }) => clubLabelOf(db, await getSettings(db), member),
  });
  await app.register(walletRoutes);
  await app.register(depositRoutes);
  // Outside demo mode the sandbox's hosted page and its callback job do not exist at all.
  if (env.DEMO_MODE) await app.register(sandboxGatewayRoutes);
  // Likewise the provider simulators: outside demo mode their paths do not exist.
  if (demoProviders) await demoProviders.register(app);
  // The back office's insider controls on approve and disburse (issue 35): withdrawals may not import
  // it. Payouts by bKash B2C: against the simulator in demo mode, else the brand's account.
  await app.register(withdrawalRoutes, {
    decisionGuard: withdrawalDecisionGuard,
    payoutRails: createPayoutRails({ db: database.db, demo: demoProviders }),
    dailyLimit: dailyWithdrawalLimitOf,
  });
  // The popular games count the lottery's bets too (its draws are not game_rounds).
  await app.register(gameRoutes, { otherRounds: lotteryRoundCounts });
  await app.register(recordRoutes);
  await app.register(lotteryRoutes);
  await app.register(agentTeamRoutes);
  await app.register(agentWageRoutes);
  await app.register(promotionRoutes);
  await app.register(loyaltyRoutes);
  await app.register(promotionOperatorRoutes);
  await app.register(raffleRoutes);
  await app.register(vipRoutes);
  await app.register(vendorWalletRoutes);
  await app.register(vendorTransferRoutes);
  if (env.HOUSE_GAMES === 'inprocess') {
    await mountHouseGames(app, { port: env.PORT, webAssets: options.houseWebAssets });
  }
  await app.register(websocket, { options: { maxPayload: 4096 } });
  await app.register(realtimeRoutes);
  await app.register(jobRoutes, { executeSql: database.executeSql });

  await app.register(adminAppPlugin, { root: options.adminRoot ?? null, adminHost: env.ADMIN_HOST });
  await app.register(webAppPlugin, {
    root: options.webRoot ?? null,
    landingPicture: async () => {
      const settings = await getSettings(app.db);
      const first = await firstBanner(app.db, { group: 'home', language: settings.defaultLanguage });
      if (!first) return null;
      const { language, ...picture } = first;
      return { ...picture, lang: language ? vendorLanguageOf(language) : null };
    },
    bootToken,
    bootCalls: async (request, pathname) => {
      const settings = await getSettings(app.db);
      const language = settings.defaultLanguage;
      const host = request.headers.host;
      const urls = [calls.whitelabel.path, calls.gameMenus.path];
      // The same query strings as the web's calls (URLSearchParams, in the same order).
      if (host) urls.push(`${calls.status.path}?${new URLSearchParams({ url: host }).toString()}`);
      if (pathname === '/' || pathname === '/index') {
        urls.push(`${calls.banners.path}?${new URLSearchParams({ group: 'home', language }).toString()}`);
      }
      return { language, urls };
    },
  });
  // What a start outside demo mode should not go on with unnoticed (ADMIN_HOST unset, an old Node):
  // said once at warn, here so that every way of building the app says it (main.ts, the tests).
  for (const warning of startWarnings(env)) app.log.warn(warning);
  return app;
}
