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
  resolveWithdrawal,
} from './withdrawals.service.ts';

export interface WithdrawalRoutesOptions {
  /**
   * Refuses a decision the operator may not take (throws). Handed in by the composition root:
   * the controls read the back office's adjustments, and the back office reads withdrawals.
   */
  decisionGuard?: (tx: Database, check: WithdrawalDecisionCheck) => Promise<void>;
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

  registerCall(app, calls.operatorWithdrawals, async ({ query }) =>
    listWithdrawalsForReview(db, { settings: await getSettings(db), query }),
  );

  registerCall(
    app,
    calls.operatorDecideWithdrawal,
    async ({ body, request }) => {
      const settings = await getSettings(db);
      const session = operatorOf(request);
      const { decisionGuard } = options;
      return decideWithdrawal(db, {
        settings,
        actor: actorOf(request),
        body,
        audit: (tx, change) => recordOperatorChange(tx, request, change),
        ...(decisionGuard
          ? {
              guard: (tx: Database, current: WithdrawalRow) =>
                decisionGuard(tx, {
                  operator: { id: session.operatorId, account: session.account },
                  withdrawal: {
                    id: current.id,
                    memberId: current.memberId,
                    amount: current.amount,
                    approvedBy: current.approvedBy,
                  },
                  decision: body.decision,
                  settings,
                }),
            }
          : {}),
      });
    },
    // A payout proof of up to 5 MB arrives as base64 (about 6.7 MB).
    { bodyLimit: 7_500_000 },
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
}
