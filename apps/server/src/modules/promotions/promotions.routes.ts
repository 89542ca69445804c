import type { FastifyInstance } from 'fastify';
import { calls } from '@khela/contract';
import { registerCall } from '../../http/register-call.ts';
import { sessionOf } from '../accounts/authorize.ts';
import { getSettings } from '../settings/settings.service.ts';
import { claimRebate, listRebateClaims, readRebate } from './rebate.service.ts';

/** Promotions' calls (issue 39): so far the manual rebate, and the back office's list of its claims. */
export async function promotionRoutes(app: FastifyInstance) {
  const { db } = app;
  const memberOf = (request: Parameters<typeof sessionOf>[0]) => {
    const session = sessionOf(request);
    return { memberId: session.memberId, type: session.type };
  };

  registerCall(app, calls.rebate, async ({ request }) =>
    readRebate(db, await getSettings(db), memberOf(request)),
  );

  // A claim is a money call: the money calls' per-address limit.
  registerCall(
    app,
    calls.rebateClaim,
    async ({ request }) => claimRebate(db, await getSettings(db), memberOf(request)),
    { rateLimit: { max: app.env.MONEY_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' } },
  );

  registerCall(app, calls.operatorRebateClaims, async ({ query }) =>
    listRebateClaims(db, await getSettings(db), query),
  );
}
