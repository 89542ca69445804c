import type { FastifyInstance } from 'fastify';
import { calls } from '@khela/contract';
import { registerCall } from '../../http/register-call.ts';
import { sessionOf } from '../accounts/authorize.ts';
import { onDepositCredited } from '../deposits/deposits.service.ts';
import { getSettings } from '../settings/settings.service.ts';
import {
  readVipProgress,
  readVipTableForOperator,
  saveVipTable,
  setMemberLevel,
  settleVipRanks,
  upgradeAfterDeposit,
} from './vip.service.ts';

/**
 * VIP ranks' calls (issue 40 item 1; docs/vip.md): the member's rank and progress, the back
 * office's table and its save (audited), the upgrade after a deposit and the job that upgrades after
 * rounds and runs the reviews.
 */
export async function vipRoutes(app: FastifyInstance) {
  const { db } = app;

  registerCall(app, calls.vipProgress, async ({ request }) => {
    const session = sessionOf(request);
    return readVipProgress(db, await getSettings(db), { memberId: session.memberId, type: session.type });
  });

  registerCall(app, calls.operatorVipTable, async () => readVipTableForOperator(db, await getSettings(db)));

  registerCall(app, calls.operatorVipTableSave, async ({ body, request }) =>
    saveVipTable(db, request, await getSettings(db), body),
  );

  registerCall(app, calls.operatorVipSetLevel, async ({ body, request }) =>
    setMemberLevel(db, request, await getSettings(db), body),
  );

  // A deposit can reach a level at once. In a savepoint: a fault here must not refuse the deposit's
  // credit; the job catches the upgrade up within a minute.
  onDepositCredited('vip', async (tx, deposit) => {
    try {
      const settings = await getSettings(tx);
      await tx.transaction((savepoint) => upgradeAfterDeposit(savepoint, settings, deposit));
    } catch (error) {
      app.log.error({ err: error, orderId: deposit.orderId }, 'vip upgrade after a deposit not done');
    }
  });

  app.jobs.define({
    name: 'vip-ranks',
    summary:
      'VIP ranks: raises the rank of members whose turnover and deposits reached a level since the last run, and runs the reviews that are due',
    schedule: { everySeconds: 60 },
    retry: { limit: 1, delaySeconds: 10, backoff: false },
    timeoutSeconds: 300,
    run: async () => settleVipRanks(db, await getSettings(db)),
  });
}
