import type { FastifyInstance, FastifyReply } from 'fastify';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  calls,
  vendorActionSchema,
  vendorRequestSchemas,
  vendorSignatureHeader,
  type VendorAction,
} from '@khela/contract';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { addressLimit } from '../../http/address-limit.ts';
import { registerCall } from '../../http/register-call.ts';
import { createReadCache } from '../../shared/read-cache.ts';
import { admitResolved, bearerToken, sessionOf } from '../accounts/authorize.ts';
import { resolveLanguage } from '../../http/request-language.ts';
import { getSettings } from '../settings/settings.service.ts';
import { syncGameCatalogue } from './catalogue-sync.ts';
import { vendorConnections } from './games.tables.ts';
import { launchGame } from './launch.service.ts';
import { checkVendorSignature, signVendorPayload } from './vendor-signature.ts';
import {
  authenticate,
  balance,
  credit,
  debit,
  rollback,
  vendorError,
  type VendorReply,
} from './vendor-wallet.service.ts';

/** Where vendors call the platform: `POST /vendor-wallet/<vendorCode>/<action>`. */
export const vendorWalletPrefix = '/vendor-wallet/';

const vendorCodePattern = /^[A-Za-z0-9_.-]{1,40}$/;

interface Connection {
  vendorCode: string;
  walletSecret: string;
  walletMode: 'seamless' | 'transfer';
}

/** Connections by code, read at most every 3 s per instance (a switched-off vendor stops within that). */
const connectionCache = createReadCache<Database, Connection | null>(3_000);

function findConnection(db: Database, vendorCode: string): Promise<Connection | null> {
  return connectionCache.get(db, vendorCode, async () => {
    const [row] = await db
      .select({
        vendorCode: vendorConnections.vendorCode,
        walletSecret: vendorConnections.walletSecret,
        walletMode: vendorConnections.walletMode,
        enabled: vendorConnections.enabled,
      })
      .from(vendorConnections)
      .where(eq(vendorConnections.vendorCode, vendorCode));
    return row?.enabled
      ? { vendorCode: row.vendorCode, walletSecret: row.walletSecret, walletMode: row.walletMode }
      : null;
  });
}

/** Sends a protocol answer, signed with the vendor's secret when the vendor is known. */
function sendAnswer(reply: FastifyReply, connection: Connection | null, answer: VendorReply) {
  const rawBody = JSON.stringify(answer.body);
  if (connection) reply.header(vendorSignatureHeader, signVendorPayload(connection.walletSecret, rawBody));
  return reply
    .code(answer.status)
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .type('application/json; charset=utf-8')
    .send(rawBody);
}

function badRequest(error: z.ZodError): VendorReply {
  const issue = error.issues[0];
  const field = issue?.path.join('.') || 'body';
  return vendorError('BAD_REQUEST', `${field}: ${issue?.message ?? 'invalid'}`);
}

/** Validates the body against the action's schema and runs the action. */
function dispatch(
  app: FastifyInstance,
  vendorCode: string,
  action: VendorAction,
  body: unknown,
): Promise<VendorReply> {
  const context = { db: app.db, env: app.env, vendorCode };
  switch (action) {
    case 'authenticate': {
      const request = vendorRequestSchemas.authenticate.safeParse(body);
      return request.success
        ? authenticate({ ...context, request: request.data })
        : Promise.resolve(badRequest(request.error));
    }
    case 'balance': {
      const request = vendorRequestSchemas.balance.safeParse(body);
      return request.success
        ? balance({ ...context, request: request.data })
        : Promise.resolve(badRequest(request.error));
    }
    case 'debit': {
      const request = vendorRequestSchemas.debit.safeParse(body);
      return request.success
        ? debit({ ...context, request: request.data })
        : Promise.resolve(badRequest(request.error));
    }
    case 'credit': {
      const request = vendorRequestSchemas.credit.safeParse(body);
      return request.success
        ? credit({ ...context, request: request.data })
        : Promise.resolve(badRequest(request.error));
    }
    case 'rollback': {
      const request = vendorRequestSchemas.rollback.safeParse(body);
      return request.success
        ? rollback({ ...context, request: request.data })
        : Promise.resolve(badRequest(request.error));
    }
    default: {
      const unknownAction: never = action;
      throw new Error(`unknown action ${String(unknownAction)}`);
    }
  }
}

/**
 * The vendor wallet protocol (docs/vendor-protocol.md), game launch and the catalogue sync.
 * The protocol's routes are not contract calls of the web: they read the raw body (the signature
 * covers its exact bytes), answer the protocol's own envelope `{ ok, … }` and sign every answer.
 */
export async function vendorWalletRoutes(app: FastifyInstance) {
  const { db } = app;

  registerCall(
    app,
    calls.launchGame,
    async ({ body, request }) => {
      const settings = await getSettings(db);
      return launchGame({
        db,
        env: app.env,
        settings,
        sessionToken: bearerToken(request),
        admit: (resolved) => {
          admitResolved(request, resolved, calls.launchGame);
          return sessionOf(request);
        },
        nodeId: body.nodeId,
        language:
          body.language ??
          resolveLanguage(undefined, request.headers.language, settings.defaultLanguage, settings.languages),
        theme: body.theme,
        lobbyUrl: body.lobbyUrl,
        origin: app.env.PUBLIC_BASE_URL ?? `${request.protocol}://${request.host}`,
      });
    },
    {
      rateLimit: { max: app.env.GAME_LAUNCH_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' },
      smallAnswer: true,
      // The session is checked in the launch's own statement: one round trip to the database less.
      sessionInStatement: true,
    },
  );

  // FB sports is a third party with no connection here (docs/design.md: never faked).
  registerCall(app, calls.gameLaunchFB, async () => {
    throw new AppError('VENDOR_UNAVAILABLE', { detail: 'FB sports is not connected' });
  });

  registerCall(app, calls.operatorSyncGames, async ({ body, request }) => {
    const vendors = await syncGameCatalogue({
      db,
      env: app.env,
      ...(body.vendorCode ? { vendorCode: body.vendorCode } : {}),
      log: (error, vendorCode) => request.log.error({ err: error, vendorCode }, 'catalogue sync failed'),
    });
    if (body.vendorCode && vendors.length === 0) {
      throw new AppError('NOT_FOUND', {
        issues: [{ field: 'vendorCode', reason: 'no enabled vendor connection' }],
      });
    }
    return { vendors };
  });

  // Out of the site-wide limit (app.ts): a ceiling of its own per address, generous for the vendors'
  // addresses and the loopback (the in-process house), checked before the body is read. The refusal
  // is a protocol answer, RATE_LIMITED (429, retry-after), signed like every other (the signature
  // needs no request body), so a vendor can tell "slow down" from a lost answer. It is signed for a
  // vendor code this instance has served (its connection comes from the 3 s cache); made-up codes
  // cost no lookup and get it unsigned, as UNKNOWN_VENDOR is.
  const walletLimit = addressLimit({
    perMinute: app.env.VENDOR_WALLET_RATE_LIMIT_PER_MINUTE,
    trustedPerMinute: app.env.VENDOR_WALLET_TRUSTED_RATE_LIMIT_PER_MINUTE,
    trusted: app.env.VENDOR_WALLET_ADDRESSES,
    trustLoopback: true,
  });
  /** Vendor codes that had an enabled connection here (as many as there are vendors). */
  const servedVendors = new Set<string>();

  await app.register(async (scope) => {
    // A callback hook, no promise on the way of a call under the ceiling (the hottest path); over it,
    // the answer goes out once the connection is known and `done` is never called.
    scope.addHook('onRequest', (request, reply, done) => {
      if (walletLimit.take(request.ip)) return done();
      const vendorCode = (request.params as { vendorCode?: string } | undefined)?.vendorCode ?? '';
      const retryAfter = String(walletLimit.retryAfterSeconds());
      void (servedVendors.has(vendorCode) ? findConnection(db, vendorCode) : Promise.resolve(null))
        .catch(() => null)
        .then((connection) =>
          sendAnswer(reply.header('retry-after', retryAfter), connection, vendorError('RATE_LIMITED')),
        );
    });
    // The signature covers the exact bytes sent: keep the body as a string, whatever its type says.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) =>
      done(null, body),
    );
    scope.setErrorHandler(async (error: { statusCode?: number }, request, reply) => {
      const vendorCode = (request.params as { vendorCode?: string } | undefined)?.vendorCode ?? '';
      const connection = vendorCodePattern.test(vendorCode) ? await findConnection(db, vendorCode) : null;
      const status = error.statusCode ?? 500;
      if (status >= 500) request.log.error({ err: error }, 'vendor wallet call failed');
      return sendAnswer(
        reply,
        connection,
        status < 500 ? vendorError('BAD_REQUEST', 'unreadable request') : vendorError('INTERNAL'),
      );
    });

    // Server-to-server JSON: no browser reads these answers, so the page security headers are left
    // out (app.ts skips them under vendorWalletPrefix); nosniff is set above.
    // Answers are a few hundred bytes (under the compression threshold) and requests come as sent:
    // the signature covers the bytes on the wire, so a body is never inflated before it is checked.
    // Vendors are exempt from the per-address limit (app.ts's allowList); leaving the route out of
    // both plugins spares their hooks on every money call (bench/README.md, the CPU rows).
    const routeOptions = { compress: false, decompress: false, config: { rateLimit: false } } as const;
    scope.post(`${vendorWalletPrefix}:vendorCode/:action`, routeOptions, async (request, reply) => {
      const { vendorCode, action } = request.params as { vendorCode: string; action: string };
      const connection = vendorCodePattern.test(vendorCode) ? await findConnection(db, vendorCode) : null;
      if (!connection) return sendAnswer(reply, null, vendorError('UNKNOWN_VENDOR'));
      servedVendors.add(connection.vendorCode);
      const rawBody = typeof request.body === 'string' ? request.body : '';
      const headerValue = request.headers[vendorSignatureHeader];
      const check = checkVendorSignature({
        walletSecret: connection.walletSecret,
        rawBody,
        header: typeof headerValue === 'string' ? headerValue : undefined,
      });
      if (check !== 'ok')
        return sendAnswer(reply, connection, vendorError('BAD_SIGNATURE', `signature ${check}`));
      const known = vendorActionSchema.safeParse(action);
      if (!known.success) return sendAnswer(reply, connection, vendorError('BAD_REQUEST', 'unknown action'));
      // A transfer-mode vendor keeps the game balance itself: the platform only vouches for the
      // player (authenticate) and for the session's life (balance, asked before each bet).
      if (connection.walletMode === 'transfer' && known.data !== 'authenticate' && known.data !== 'balance') {
        return sendAnswer(
          reply,
          connection,
          vendorError(
            'BAD_REQUEST',
            'a transfer-mode vendor moves money by transfers: only authenticate and balance are open',
          ),
        );
      }
      let body: unknown;
      try {
        body = JSON.parse(rawBody);
      } catch {
        return sendAnswer(reply, connection, vendorError('BAD_REQUEST', 'the body is not JSON'));
      }
      try {
        return sendAnswer(reply, connection, await dispatch(app, connection.vendorCode, known.data, body));
      } catch (error) {
        request.log.error({ err: error, vendorCode, action }, 'vendor wallet call failed');
        return sendAnswer(reply, connection, vendorError('INTERNAL'));
      }
    });
  });

  const syncNow = () =>
    syncGameCatalogue({
      db,
      env: app.env,
      log: (error, vendorCode) => app.log.error({ err: error, vendorCode }, 'catalogue sync failed'),
    });
  if (app.env.GAME_SYNC_INTERVAL_MINUTES > 0) {
    app.jobs.define({
      name: 'game-catalogue-sync',
      summary: 'Syncs the game catalogue from every enabled vendor (GAME_SYNC_INTERVAL_MINUTES)',
      schedule: { everySeconds: app.env.GAME_SYNC_INTERVAL_MINUTES * 60 },
      retry: { limit: 0, delaySeconds: 0, backoff: false },
      timeoutSeconds: 600,
      run: syncNow,
    });
  }
  // A first sync soon after start (a vendor mounted in this process answers once we listen), and
  // one more half a minute later if a vendor was not reachable yet. Tests sync when they choose.
  if (app.env.NODE_ENV !== 'test') {
    const timers: NodeJS.Timeout[] = [];
    const later = (delayMs: number, then?: (failed: boolean) => void) => {
      const timer = setTimeout(() => {
        syncNow()
          .then((results) => then?.(results.some((result) => !result.ok)))
          .catch((error: unknown) => app.log.warn({ err: error }, 'catalogue sync failed'));
      }, delayMs);
      timer.unref();
      timers.push(timer);
    };
    app.addHook('onReady', async () => {
      later(2_000, (failed) => {
        if (failed) later(30_000);
      });
    });
    app.addHook('onClose', async () => {
      for (const timer of timers) clearTimeout(timer);
    });
  }
}
