import type { AddressInfo } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { calls } from '@khela/contract';
import { registerCall } from '../../http/register-call.ts';
import { operatorOf, sessionOf } from '../accounts/authorize.ts';
import { resolveLanguage } from '../../http/request-language.ts';
import type { PaymentGateway } from '../payments/payment-gateway.ts';
import { getSettings } from '../settings/settings.service.ts';
import { recordOperatorChange } from '../audit/audit.service.ts';
import {
  createDeposit,
  getDepositReceipt,
  decideDeposit,
  expireUnpaidDeposits,
  getDepositLimits,
  handleGatewayCallback,
  confirmGatewayReturn,
  reconcileOverdueDeposits,
  listDepositHistory,
  listDepositMethods,
  listDepositsForReview,
  listReceivingNumbers,
  listReconciliationItems,
  reconcilePreviousDay,
  resolveReconciliationItem,
  methodOf,
  pickReceivingNumber,
  saveReceivingNumber,
  approveReceivingNumber,
  setDepositLimits,
  type GatewayLinks,
} from './deposits.service.ts';

/** Where a gateway posts its callbacks; only the gateways this server runs have the route. */
export function callbackPathOf(gateway: Pick<PaymentGateway, 'callbackName'>): string {
  return `/wps/deposit/callback/${gateway.callbackName}`;
}

/** Where a redirect provider (bKash, Nagad) sends the member back: confirmed with it, then the web. */
export function returnPathOf(gateway: Pick<PaymentGateway, 'callbackName'>, orderId: number): string {
  return `/wps/deposit/return/${gateway.callbackName}/${orderId}`;
}

/** The deposit calls, the gateways' callbacks and the expiry of unpaid gateway orders. */
export async function depositRoutes(app: FastifyInstance) {
  const { db, paymentGateways: gateways } = app;
  const moneyLimit = { rateLimit: { max: app.env.MONEY_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' } };

  /**
   * The player comes back to the host they paid from, where the web shows the order. A test
   * gateway runs in this process and calls back over loopback to this very server; a real one
   * calls the public address (PUBLIC_BASE_URL, else the request's host).
   */
  function linksOf(request: FastifyRequest) {
    return (gateway: PaymentGateway): GatewayLinks => {
      const address = app.server.address() as AddressInfo | null;
      const port = address && typeof address === 'object' ? address.port : app.env.PORT;
      const origin = (app.env.PUBLIC_BASE_URL ?? `${request.protocol}://${request.host}`).replace(/\/$/, '');
      const callbackOrigin = gateway.isTest ? `http://127.0.0.1:${port}` : origin;
      return {
        callbackUrl: `${callbackOrigin}${callbackPathOf(gateway)}`,
        // A redirect provider's return is confirmed with the provider first (confirmReturn).
        returnUrl: (orderId) =>
          gateway.confirmReturn
            ? `${origin}${returnPathOf(gateway, orderId)}`
            : `${origin}/index?depositOrder=${orderId}`,
        clientIp: request.ip,
      };
    };
  }

  registerCall(app, calls.depositMethods, async ({ request }) => {
    const settings = await getSettings(db);
    const header = typeof request.headers.language === 'string' ? request.headers.language : undefined;
    return listDepositMethods(
      settings,
      gateways,
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
        gateways,
        memberId: sessionOf(request).memberId,
        body,
        links: linksOf(request),
      }),
    // Up to three receipt pictures of 5 MB each arrive as base64 (about 6.7 MB each).
    { ...moneyLimit, bodyLimit: 21_000_000 },
  );

  // A manual wallet deposit's first step: which of the brand's numbers to send to (rotation).
  registerCall(
    app,
    calls.depositWalletNumber,
    async ({ body }) => {
      const settings = await getSettings(db);
      return pickReceivingNumber(db, {
        settings,
        method: methodOf(settings, gateways, body.methodCode),
        amount: body.amount,
      });
    },
    moneyLimit,
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

  registerCall(app, calls.operatorDepositNumbers, async () =>
    listReceivingNumbers(db, await getSettings(db)),
  );

  const numberActor = (request: FastifyRequest) => {
    const session = operatorOf(request);
    return { id: session.operatorId, name: session.account };
  };

  registerCall(app, calls.operatorSaveDepositNumber, async ({ body, request }) =>
    saveReceivingNumber(db, {
      actor: numberActor(request),
      settings: await getSettings(db),
      body,
      audit: (tx, change) => recordOperatorChange(tx, request, change),
    }),
  );

  registerCall(app, calls.operatorApproveDepositNumber, async ({ body, request }) =>
    approveReceivingNumber(db, {
      actor: numberActor(request),
      settings: await getSettings(db),
      numberId: body.numberId,
      audit: (tx, change) => recordOperatorChange(tx, request, change),
    }),
  );

  registerCall(app, calls.operatorDepositReceipt, async ({ query }) => getDepositReceipt(db, query));

  registerCall(app, calls.operatorDecideDeposit, async ({ body, request }) => {
    const session = operatorOf(request);
    return decideDeposit({
      db,
      settings: await getSettings(db),
      actor: { name: `${session.account}#${session.operatorId}`, requestId: request.id },
      body,
      audit: (tx, change) => recordOperatorChange(tx, request, change),
    });
  });

  registerCall(app, calls.operatorReconciliation, async ({ query }) =>
    listReconciliationItems({ db, settings: await getSettings(db), query }),
  );

  registerCall(app, calls.operatorResolveReconciliation, async ({ body, request }) => {
    const session = operatorOf(request);
    return resolveReconciliationItem({
      db,
      settings: await getSettings(db),
      actor: `${session.account}#${session.operatorId}`,
      body,
      audit: (tx, change) => recordOperatorChange(tx, request, change),
    });
  });

  // A gateway signs the exact bytes it sends, so these routes read the raw body.
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: 16_384 },
      (_request, body, done) => done(null, body),
    );
    // A gateway posts every site's payments from a few addresses, each callback signed: it is
    // exempt from the per-address limit that guards the players' calls (as the vendors are). A
    // refused callback is a deposit credited late; an unsigned flood costs one signature check each.
    for (const gateway of gateways.list()) {
      if (!gateway.verifyCallback) continue;
      scope.post(callbackPathOf(gateway), { config: { rateLimit: false } }, async (request) => {
        const result = await handleGatewayCallback({
          db,
          settings: await getSettings(db),
          gateway,
          rawBody: typeof request.body === 'string' ? request.body : '',
          headers: request.headers,
        });
        return { success: true, value: result };
      });
    }
  });

  // The member's browser back from a redirect provider (bKash, Nagad). What it carries is only a
  // hint: the adapter asks the provider, and what the provider says settles the order (once, by
  // the order's lock and the ledger's key). The member then lands on the web's deposit page,
  // whatever happened; an unconfirmed order stays pending and the expiry job asks again.
  const returnParams = z.object({ orderId: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });
  for (const gateway of gateways.list()) {
    if (!gateway.confirmReturn) continue;
    const path = `/wps/deposit/return/${gateway.callbackName}/:orderId`;
    app.get(path, async (request, reply) => {
      const params = returnParams.safeParse(request.params);
      const origin = (app.env.PUBLIC_BASE_URL ?? `${request.protocol}://${request.host}`).replace(/\/$/, '');
      if (!params.success) return reply.code(404).type('text/plain').send('No such order');
      try {
        await confirmGatewayReturn({
          db,
          settings: await getSettings(db),
          gateway,
          orderId: params.data.orderId,
          query: request.query as Record<string, string | undefined>,
        });
      } catch (error) {
        request.log.warn(
          { err: error, gateway: gateway.kind, orderId: params.data.orderId },
          'deposit return not confirmed',
        );
      }
      return reply.redirect(`${origin}/index?depositOrder=${params.data.orderId}`, 303);
    });
  }

  // Lost callbacks first (the gateway is asked), then what is still unpaid expires.
  app.jobs.define({
    name: 'deposit-expiry',
    summary: 'Asks the gateways about overdue deposits, then expires the unpaid ones past their time',
    schedule: { cron: '* * * * *' },
    retry: { limit: 2, delaySeconds: 10, backoff: true },
    timeoutSeconds: 120,
    run: async () => {
      await reconcileOverdueDeposits({ db, settings: await getSettings(db), gateways });
      return expireUnpaidDeposits(db);
    },
  });

  // The brand's previous day, compared with bKash's and Nagad's records (docs/payments.md,
  // "Reconciliation"). At 04:00 UTC (10:00 in Dhaka) the previous day is over in every zone; its
  // last orders have long been settled or expired by the expiry job, except in zones near UTC−4,
  // where the day has only just ended (their last minutes' orders are then compared while pending).
  app.jobs.define({
    name: 'deposit-reconciliation',
    summary: "Compares the brand's previous day of bKash and Nagad deposits with the providers' records",
    schedule: { cron: '0 4 * * *' },
    retry: { limit: 3, delaySeconds: 600, backoff: true },
    timeoutSeconds: 3600,
    run: async () => reconcilePreviousDay({ db, settings: await getSettings(db), gateways }),
  });
}
