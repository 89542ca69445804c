import type { FastifyInstance } from 'fastify';
import { accountTypes, calls } from '@khela/contract';
import { registerCall } from '../../http/register-call.ts';
import { sessionOf } from '../accounts/authorize.ts';
import { beaconForStart, type RandomnessBeacon } from '../lottery/lottery.beacon.ts';
import { getSettings } from '../settings/settings.service.ts';
import {
  claimRaffle,
  drawLockedRaffles,
  listRaffleEntries,
  lockDueRaffles,
  readRaffle,
} from './raffle.service.ts';
import { createOperatorRaffle, listOperatorRaffles } from './raffle-admin.service.ts';

/**
 * The raffle's calls and its job (issue 39; docs/promotions.md "Raffle"). The draw mixes in the
 * same randomness beacon as the lottery's draws (settings lotteryFairness.beacon; the demo's local
 * beacon in demo mode and tests; outside them a start without one is refused by the lottery).
 * The back office's list and creation (docs/back-office-promotions.md "Raffles") are here too.
 */
export async function raffleRoutes(app: FastifyInstance) {
  const { db } = app;
  let beacon: RandomnessBeacon | null = null;
  app.addHook('onReady', async () => {
    beacon = beaconForStart(app.env, (await getSettings(db)).lotteryFairness.beacon);
  });

  // A guest (or a trial account, which cannot join) sees the raffle as anyone would.
  registerCall(app, calls.raffle, async ({ request, query }) => {
    const session = request.session;
    const memberId = session && session.type !== accountTypes.trial ? session.memberId : null;
    return readRaffle(db, await getSettings(db), { promotionId: query.id, memberId, beacon });
  });

  registerCall(
    app,
    calls.raffleClaim,
    async ({ request, body }) => {
      const session = sessionOf(request);
      return claimRaffle(
        db,
        await getSettings(db),
        { memberId: session.memberId, type: session.type, account: session.account },
        { promotionId: body.promotionId, beacon },
      );
    },
    { rateLimit: { max: app.env.MONEY_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' } },
  );

  registerCall(app, calls.raffleEntries, async ({ query }) =>
    listRaffleEntries(db, { promotionId: query.id, pageNo: query.pageNo, pageSize: query.pageSize }),
  );

  registerCall(app, calls.operatorRaffles, async () => listOperatorRaffles(db, await getSettings(db)));

  registerCall(app, calls.operatorRaffleCreate, async ({ body, request }) =>
    createOperatorRaffle(db, request, await getSettings(db), body),
  );

  app.jobs.define({
    name: 'raffle-draw',
    summary:
      'Locks raffles past their end (tickets, digest, beacon round) and draws those whose beacon round is out',
    schedule: { everySeconds: 60 },
    retry: { limit: 1, delaySeconds: 10, backoff: false },
    timeoutSeconds: 300,
    run: async () => {
      if (!beacon) return;
      const settings = await getSettings(db);
      await lockDueRaffles(db, settings, beacon);
      await drawLockedRaffles(db, settings, beacon, app.log);
    },
  });
}
