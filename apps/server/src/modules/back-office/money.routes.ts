import type { FastifyInstance } from 'fastify';
import { calls } from '@khela/contract';
import { registerCall } from '../../http/register-call.ts';
import { operatorOf as operatorSessionOf } from '../accounts/authorize.ts';
import { settleTransferNow, transferState } from '../games/vendor-transfers.service.ts';
import { getSettings } from '../settings/settings.service.ts';
import { recordOperatorChange } from '../audit/audit.service.ts';
import { insiderAlerts } from './money.alerts.ts';
import {
  accountEntries,
  adjustOrRequest,
  decideAdjustment,
  lastVerification,
  ledgerEntry,
  listAdjustments,
  pruneVerifications,
  runAndStoreVerification,
  searchAccounts,
} from './money.service.ts';

/**
 * The back office's money calls (issue 15, item 4): four-eyes adjustments, the ledger browser, the
 * verifier's results and job, settling a vendor transfer still pending, and operatorWalletAdjust
 * itself (here, not in the wallet module: it asks money.service whether a second pair of eyes is
 * needed, and wallet must not import back-office, which reads wallets).
 */
export async function moneyAdminRoutes(app: FastifyInstance) {
  const { db } = app;
  const operatorOf = (request: Parameters<typeof operatorSessionOf>[0]) => {
    const session = operatorSessionOf(request);
    return { id: session.operatorId, account: session.account };
  };

  // The operator's adjustment: at or above the four-eyes threshold, or past a daily limit (owners
  // included), it waits for a second operator.
  registerCall(app, calls.operatorAdjust, async ({ body, request }) =>
    adjustOrRequest(db, {
      money: await getSettings(db),
      threshold: app.env.ADJUST_APPROVAL_THRESHOLD,
      operator: operatorOf(request),
      request,
      body,
    }),
  );

  registerCall(app, calls.operatorAdjustments, async ({ query }) =>
    listAdjustments(db, {
      money: await getSettings(db),
      threshold: app.env.ADJUST_APPROVAL_THRESHOLD,
      query,
    }),
  );

  registerCall(app, calls.operatorInsiderAlerts, async ({ query }) =>
    insiderAlerts(db, {
      money: await getSettings(db),
      threshold: app.env.ADJUST_APPROVAL_THRESHOLD,
      days: query.days,
    }),
  );

  registerCall(app, calls.operatorAdjustmentDecide, async ({ body, request }) =>
    decideAdjustment(db, { money: await getSettings(db), operator: operatorOf(request), request, body }),
  );

  registerCall(app, calls.operatorLedgerAccounts, async ({ query }) => searchAccounts(db, query));
  registerCall(app, calls.operatorLedgerEntries, async ({ query }) => accountEntries(db, query));
  registerCall(app, calls.operatorLedgerEntry, async ({ query }) => ledgerEntry(db, query.entryId));
  registerCall(app, calls.operatorLedgerVerification, async () => lastVerification(db));
  registerCall(app, calls.operatorLedgerVerify, async ({ request }) => {
    const result = await runAndStoreVerification(db);
    // Checks only read; the run itself is what the trail keeps.
    await recordOperatorChange(db, request, {
      targetKind: 'ledger',
      targetId: 'verification',
      after: { ok: result.ok, at: result.at },
    });
    return result;
  });

  registerCall(app, calls.operatorVendorTransferSettle, async ({ body, request }) => {
    const money = await getSettings(db);
    return settleTransferNow({ db, env: app.env, money }, body.transferId, (tx, before, after) =>
      recordOperatorChange(tx, request, {
        targetKind: 'vendorTransfer',
        targetId: body.transferId,
        before: transferState(before, money),
        after: transferState(after, money),
        reason: body.reason,
      }),
    );
  });

  app.jobs.define({
    name: 'ledger-verify',
    summary: 'Runs the ledger verifier (every invariant, one read-only snapshot) and keeps its result',
    schedule: { cron: '17 * * * *' },
    retry: { limit: 1, delaySeconds: 60, backoff: false },
    timeoutSeconds: 1800,
    run: async () => {
      const result = await runAndStoreVerification(db);
      await pruneVerifications(db);
      return { ok: result.ok, at: result.at };
    },
  });
}
