import type { AddressInfo } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { calls } from '@khela/contract';
import { registerCall } from '../../http/register-call.ts';
import { scheduleEvery } from '../../shared/schedule.ts';
import { sessionOf } from '../accounts/authorize.ts';
import { resolveLanguage } from '../content/content.service.ts';
import { signatureHeader } from '../sandbox-gateway/sandbox-gateway.signature.ts';
import { getSettings } from '../settings/settings.service.ts';
import {
  createDeposit,
  getDepositReceipt,
  decideDeposit,
  expireUnpaidDeposits,
  getDepositLimits,
  handleGatewayCallback,
  listDepositHistory,
  listDepositMethods,
  listDepositsForReview,
  setDepositLimits,
  type GatewayLinks,
} from './deposits.service.ts';

export const sandboxCallbackPath = '/wps/deposit/callback/sandbox';

/** The deposit calls, the gateway's callback and the expiry of unpaid gateway orders. */
export async function depositRoutes(app: FastifyInstance) {
  const { db } = app;
  const moneyLimit = { rateLimit: { max: app.env.MONEY_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' } };

  /**
   * The in-process sandbox gateway calls back over loopback to this very server; the player comes
   * back to the host they paid from, where the web shows the order.
   */
  function linksOf(request: FastifyRequest): GatewayLinks {
    const address = app.server.address() as AddressInfo | null;
    const port = address && typeof address === 'object' ? address.port : app.env.PORT;
    const origin = app.env.PUBLIC_BASE_URL ?? `${request.protocol}://${request.host}`;
    return {
      callbackUrl: `http://127.0.0.1:${port}${sandboxCallbackPath}`,
      returnUrl: (orderId) => `${origin.replace(/\/$/, '')}/index?depositOrder=${orderId}`,
    };
  }

  registerCall(app, calls.depositMethods, async ({ request }) => {
    const settings = await getSettings(db);
    const header = typeof request.headers.language === 'string' ? request.headers.language : undefined;
    return listDepositMethods(
      settings,
      resolveLanguage(undefined, header, settings.defaultLanguage, settings.languages),
    );
  });

  registerCall(
    app,
    calls.createDeposit,
    async ({ body, request }) =>
      createDeposit({
        db,
        settings: await getSettings(db),
        memberId: sessionOf(request).memberId,
        body,
        links: linksOf(request),
      }),
    // Up to three receipt pictures of 5 MB each arrive as base64 (about 6.7 MB each).
    { ...moneyLimit, bodyLimit: 21_000_000 },
  );

  registerCall(app, calls.depositHistory, async ({ query, request }) =>
    listDepositHistory({ db, settings: await getSettings(db), memberId: sessionOf(request).memberId, query }),
  );

  registerCall(app, calls.depositLimits, async ({ request }) =>
    getDepositLimits(db, {
      memberId: sessionOf(request).memberId,
      precision: (await getSettings(db)).currencyPrecision,
    }),
  );

  registerCall(app, calls.setDepositLimits, async ({ body, request }) =>
    setDepositLimits(db, {
      memberId: sessionOf(request).memberId,
      precision: (await getSettings(db)).currencyPrecision,
      body,
    }),
  );

  registerCall(app, calls.operatorDeposits, async ({ query }) =>
    listDepositsForReview({ db, settings: await getSettings(db), query }),
  );

  registerCall(app, calls.operatorDepositReceipt, async ({ query }) => getDepositReceipt(db, query));

  registerCall(app, calls.operatorDecideDeposit, async ({ body, request }) => {
    const session = sessionOf(request);
    return decideDeposit({
      db,
      settings: await getSettings(db),
      actor: { name: `${session.account}#${session.memberId}`, requestId: request.id },
      body,
    });
  });

  // The gateway's callback signs the exact bytes it sends, so this route reads the raw body.
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: 16_384 },
      (_request, body, done) => done(null, body),
    );
    scope.post(sandboxCallbackPath, async (request) => {
      const header = request.headers[signatureHeader];
      const result = await handleGatewayCallback({
        db,
        settings: await getSettings(db),
        rawBody: typeof request.body === 'string' ? request.body : '',
        signature: typeof header === 'string' ? header : undefined,
      });
      return { success: true, value: result };
    });
  });

  scheduleEvery(app, { name: 'deposit-expiry', intervalMs: 60_000, task: () => expireUnpaidDeposits(db) });
}
