import type { FastifyInstance } from 'fastify';
import { calls } from '@khela/contract';
import { registerCall } from '../../http/register-call.ts';
import { sessionOf } from '../accounts/authorize.ts';
import { getSettings } from '../settings/settings.service.ts';
import {
  getWalletBalance,
  listAccountRecord,
  transferToDownline,
  transferToUpline,
} from './wallet.service.ts';

/**
 * The wallet calls: balance, account record, transfers. The operator's adjustment is the back
 * office's (four eyes above a threshold: back-office/money.routes.ts).
 */
export async function walletRoutes(app: FastifyInstance) {
  const { db } = app;

  registerCall(app, calls.balance, async ({ request }) => {
    const session = sessionOf(request);
    return getWalletBalance({
      db,
      money: await getSettings(db),
      memberId: session.memberId,
      memberType: session.type,
    });
  });

  registerCall(app, calls.accountRecord, async ({ query, request }) =>
    listAccountRecord({ db, memberId: sessionOf(request).memberId, query }),
  );

  // Payment passwords are guessable by repetition: money calls get their own per-address limit.
  const moneyLimit = { rateLimit: { max: app.env.MONEY_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' } };
  const partyOf = (request: Parameters<typeof sessionOf>[0]) => {
    const session = sessionOf(request);
    return { id: session.memberId, account: session.account, type: session.type };
  };

  registerCall(
    app,
    calls.transferUpline,
    async ({ body, request }) =>
      transferToUpline({
        db,
        settings: await getSettings(db),
        member: partyOf(request),
        body,
        address: request.ip,
      }),
    moneyLimit,
  );

  registerCall(
    app,
    calls.transferDownline,
    async ({ body, request }) =>
      transferToDownline({
        db,
        settings: await getSettings(db),
        agent: partyOf(request),
        body,
        address: request.ip,
      }),
    moneyLimit,
  );
}
