import type { FastifyInstance } from 'fastify';
import { calls } from '@khela/contract';
import type { Database } from '../../db/database.ts';
import type { WithdrawalRow } from './withdrawals.requests.ts';
import type { WithdrawalDecisionCheck } from './withdrawals.review.ts';
import { registerCall } from '../../http/register-call.ts';
import { operatorOf, sessionOf } from '../accounts/authorize.ts';
import { hasPaymentPassword } from '../accounts/member.service.ts';
import { getSettings } from '../settings/settings.service.ts';
import { recordOperatorChange } from '../audit/audit.service.ts';
import {
  autoReceiveWithdrawals,
  bindPayoutAccount,
  confirmWithdrawal,
  createWithdrawal,
  decideWithdrawal,
  getWithdrawalProof,
  getWithdrawInfo,
  listPayoutAccounts,
  listWithdrawalsForReview,
  listWithdrawHistory,
  markStalePayoutAttempts,
  resolveWithdrawal,
  resolveWithdrawalPayout,
  sendWithdrawalPayout,
  type DailyWithdrawalLimit,
  type PayoutRail,
} from './withdrawals.service.ts';

export interface WithdrawalRoutesOptions {
  /**
   * Refuses a decision the operator may not take (throws). Handed in by the composition root:
   * the controls read the back office's adjustments, and the back office reads withdrawals.
   */
  decisionGuard?: (tx: Database, check: WithdrawalDecisionCheck) => Promise<void>;
  /**
   * The providers' disbursement APIs this server can pay out by (bKash B2C; payout-rails.ts),
   * whether or not the brand has set them up yet (each rail says).
   */
  payoutRails?: readonly PayoutRail[];
  /** The member's daily withdrawal limit: their VIP level's (the vip module; docs/vip.md). */
  dailyLimit?: DailyWithdrawalLimit;
}

/** Withdrawals: bound accounts, requests, receipt confirmation, the operator's side, auto-receipt. */
export async function withdrawalRoutes(app: FastifyInstance, options: WithdrawalRoutesOptions = {}) {
  const { db } = app;
  const moneyLimit = { rateLimit: { max: app.env.MONEY_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' } };
  const actorOf = (request: Parameters<typeof operatorOf>[0]) => {
    const session = operatorOf(request);
    return { name: `${session.account}#${session.operatorId}`, requestId: request.id };
  };

  registerCall(app, calls.withdrawInfo, async ({ request }) => {
    const memberId = sessionOf(request).memberId;
    return getWithdrawInfo(db, {
      settings: await getSettings(db),
      memberId,
      hasPaymentPassword: await hasPaymentPassword(db, memberId),
      dailyLimit: options.dailyLimit,
    });
  });

  registerCall(app, calls.payoutAccounts, async ({ request }) =>
    listPayoutAccounts(db, sessionOf(request).memberId),
  );

  registerCall(
    app,
    calls.bindPayoutAccount,
    async ({ body, request }) =>
      bindPayoutAccount(db, { memberId: sessionOf(request).memberId, address: request.ip, body }),
    moneyLimit,
  );

  registerCall(
    app,
    calls.createWithdrawal,
    async ({ body, request }) =>
      createWithdrawal(db, {
        settings: await getSettings(db),
        memberId: sessionOf(request).memberId,
        address: request.ip,
        body,
        dailyLimit: options.dailyLimit,
      }),
    moneyLimit,
  );

  registerCall(app, calls.withdrawHistory, async ({ query, request }) =>
    listWithdrawHistory(db, {
      settings: await getSettings(db),
      memberId: sessionOf(request).memberId,
      query,
    }),
  );

  registerCall(
    app,
    calls.confirmWithdrawal,
    async ({ body, request }) =>
      confirmWithdrawal(db, { settings: await getSettings(db), memberId: sessionOf(request).memberId, body }),
    // A proof image of up to 5 MB arrives as base64 (about 6.7 MB).
    { ...moneyLimit, bodyLimit: 7_500_000 },
  );

  const payoutRails = options.payoutRails ?? [];
  /** The rails the brand has set up now (settings and secrets are read at each call). */
  const railsSetUp = async () => {
    const ready = await Promise.all(payoutRails.map(async (rail) => ((await rail.setup()) ? rail : null)));
    return ready.filter((rail) => rail !== null);
  };
  /** The insider controls of a disbursement, for `current` (the payout by API is one). */
  const guardOf = (
    request: Parameters<typeof operatorOf>[0],
    settings: Awaited<ReturnType<typeof getSettings>>,
    decision: WithdrawalDecisionCheck['decision'],
  ) => {
    const { decisionGuard } = options;
    if (!decisionGuard) return {};
    const session = operatorOf(request);
    return {
      guard: (tx: Database, current: WithdrawalRow) =>
        decisionGuard(tx, {
          operator: { id: session.operatorId, account: session.account },
          withdrawal: {
            id: current.id,
            memberId: current.memberId,
            amount: current.amount,
            approvedBy: current.approvedBy,
          },
          decision,
          settings,
        }),
    };
  };

  registerCall(app, calls.operatorWithdrawals, async ({ query }) =>
    listWithdrawalsForReview(db, { settings: await getSettings(db), query, rails: await railsSetUp() }),
  );

  registerCall(
    app,
    calls.operatorDecideWithdrawal,
    async ({ body, request }) => {
      const settings = await getSettings(db);
      return decideWithdrawal(db, {
        settings,
        actor: actorOf(request),
        body,
        audit: (tx, change) => recordOperatorChange(tx, request, change),
        ...guardOf(request, settings, body.decision),
      });
    },
    // A payout proof of up to 5 MB arrives as base64 (about 6.7 MB).
    { bodyLimit: 7_500_000 },
  );

  registerCall(
    app,
    calls.operatorSendWithdrawal,
    async ({ body, request }) => {
      const settings = await getSettings(db);
      return sendWithdrawalPayout(db, {
        settings,
        actor: actorOf(request),
        operatorId: operatorOf(request).operatorId,
        rails: payoutRails,
        body,
        audit: (tx, change) => recordOperatorChange(tx, request, change),
        ...guardOf(request, settings, 'disburse'),
      });
    },
    moneyLimit,
  );

  registerCall(
    app,
    calls.operatorResolveWithdrawalPayout,
    async ({ body, request }) =>
      resolveWithdrawalPayout(db, {
        settings: await getSettings(db),
        actor: actorOf(request),
        operatorId: operatorOf(request).operatorId,
        rails: payoutRails,
        body,
        audit: (tx, change) => recordOperatorChange(tx, request, change),
      }),
    moneyLimit,
  );

  registerCall(app, calls.operatorResolveWithdrawal, async ({ body, request }) =>
    resolveWithdrawal(db, {
      settings: await getSettings(db),
      actor: actorOf(request),
      body,
      audit: (tx, change) => recordOperatorChange(tx, request, change),
    }),
  );

  registerCall(app, calls.operatorWithdrawalProof, async ({ query }) =>
    getWithdrawalProof(db, query.withdrawalId, query.kind),
  );

  app.jobs.define({
    name: 'withdrawal-auto-receipt',
    summary: 'Marks paid withdrawals received once the member has not disputed them in time',
    schedule: { cron: '* * * * *' },
    retry: { limit: 2, delaySeconds: 10, backoff: true },
    timeoutSeconds: 120,
    run: () => autoReceiveWithdrawals(db),
  });

  app.jobs.define({
    name: 'withdrawal-payout-stale',
    summary:
      'Marks payouts sent by a provider API whose answer was never written (the server stopped mid-call) uncertain, for an operator to resolve',
    schedule: { cron: '* * * * *' },
    retry: { limit: 2, delaySeconds: 10, backoff: true },
    timeoutSeconds: 60,
    run: () => markStalePayoutAttempts(db),
  });
}
