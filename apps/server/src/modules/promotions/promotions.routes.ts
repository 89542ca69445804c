import type { FastifyInstance, FastifyRequest } from 'fastify';
import { accountTypes, calls } from '@khela/contract';
import { registerCall } from '../../http/register-call.ts';
import { resolveLanguage } from '../../http/request-language.ts';
import { sessionOf } from '../accounts/authorize.ts';
import { onDepositCredited } from '../deposits/deposits.service.ts';
import { getSettings } from '../settings/settings.service.ts';
import { applyForBonus } from './application.service.ts';
import { claimBonus, grantDepositBonus, listBonuses, readOffer, settleDueBonuses } from './bonus.service.ts';
import { settleCashback, withCashbackProgress } from './cashback.service.ts';
import { claimRebate, listRebateClaims, readRebate } from './rebate.service.ts';
import { claimReward, creditReferralReward, listRewards, readReferral } from './referral.service.ts';

/**
 * Promotions' calls (issue 39): the manual rebate and the back office's list of its claims; bonus
 * promotions (offer, claim, application, the member's bonuses) and the job that settles bonuses.
 */
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

  async function languageOf(request: FastifyRequest) {
    const settings = await getSettings(db);
    return resolveLanguage(undefined, request.headers.language, settings.defaultLanguage, settings.languages);
  }

  // A guest (or a trial account, which cannot claim) sees the offer as anyone would.
  registerCall(app, calls.bonusOffer, async ({ request, query }) => {
    const session = request.session;
    const member = session && session.type !== accountTypes.trial ? memberOf(request) : null;
    const settings = await getSettings(db);
    const offer = await readOffer(db, settings, {
      promotionId: query.id,
      member,
      language: await languageOf(request),
    });
    // A cash-back's page shows a member the loss so far in the current period.
    return offer === null ? null : withCashbackProgress(db, settings, offer, member);
  });

  // A claim may credit money: the money calls' per-address limit.
  registerCall(
    app,
    calls.bonusClaim,
    async ({ request, body }) =>
      claimBonus(db, await getSettings(db), memberOf(request), {
        promotionId: body.promotionId,
        language: await languageOf(request),
      }),
    { rateLimit: { max: app.env.MONEY_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' } },
  );

  // An application carries up to three pictures of 5 MB as base64 (about 6.7 MB of text each); it
  // moves no money but is limited like the money calls (each one is a review's work).
  registerCall(
    app,
    calls.bonusApply,
    async ({ request, body }) =>
      applyForBonus(db, await getSettings(db), memberOf(request), {
        promotionId: body.promotionId,
        comment: body.comment,
        images: body.images,
        language: await languageOf(request),
      }),
    {
      rateLimit: { max: app.env.MONEY_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' },
      bodyLimit: 21_100_000,
    },
  );

  registerCall(app, calls.bonuses, async ({ request }) =>
    listBonuses(db, await getSettings(db), memberOf(request), await languageOf(request)),
  );

  // A deposit credits the member's waiting deposit match, and a friend's first qualifying deposit
  // earns the member who invited them a reward, both in the deposit's own transaction.
  onDepositCredited('promotions', async (tx, deposit) => {
    const settings = await getSettings(tx);
    await grantDepositBonus(tx, settings, deposit);
    // In a savepoint: a reward that cannot be written (a fault here) must not refuse the deposit's
    // credit; the fault is logged and the deposit goes on without it.
    try {
      await tx.transaction((savepoint) => creditReferralReward(savepoint, settings, deposit));
    } catch (error) {
      app.log.error({ err: error, orderId: deposit.orderId }, 'referral reward not written');
    }
  });

  registerCall(app, calls.referral, async ({ request }) =>
    readReferral(db, await getSettings(db), memberOf(request)),
  );

  registerCall(app, calls.rewards, async ({ request }) =>
    listRewards(db, await getSettings(db), memberOf(request), await languageOf(request)),
  );

  // A claim credits money: the money calls' per-address limit.
  registerCall(
    app,
    calls.rewardClaim,
    async ({ request, body }) =>
      claimReward(db, await getSettings(db), memberOf(request), {
        id: body.id,
        language: await languageOf(request),
      }),
    { rateLimit: { max: app.env.MONEY_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' } },
  );

  // Conversions and expiries happen also when a member looks (offer, bonuses, withdraw page, a
  // claim); this sweep does them for members who do not.
  app.jobs.define({
    name: 'bonus-settlement',
    summary: 'Turns wagered bonuses into cash, forfeits expired ones, lapses deposit claims past their time',
    schedule: { everySeconds: 60 },
    retry: { limit: 1, delaySeconds: 10, backoff: false },
    timeoutSeconds: 300,
    run: async () => settleDueBonuses(db, await getSettings(db)),
  });

  // Cash-back on losses: each brand day or week is settled once it ended (and five minutes more,
  // for settlements still committing); a period settled is never settled again (its key), so a run
  // every minute costs one small read when nothing is due.
  app.jobs.define({
    name: 'cashback-settlement',
    summary:
      'Pays cash-back rules: one reward per player with a net loss in each brand day or week that ended, to the reward centre',
    schedule: { everySeconds: 60 },
    retry: { limit: 2, delaySeconds: 30, backoff: true },
    timeoutSeconds: 600,
    run: async () => settleCashback(db, await getSettings(db)),
  });
}
