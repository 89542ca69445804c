import type { FastifyInstance } from 'fastify';
import { agentCalls, type ContractTerms, type WageKind } from '@khela/contract';
import { recordOperatorChange } from '../audit/audit.service.ts';
import { registerCall } from '../../http/register-call.ts';
import { operatorOf, sessionOf } from '../accounts/authorize.ts';
import { getSettings } from '../settings/settings.service.ts';
import {
  consolidated,
  contractAction,
  listContracts,
  setPlatformContract,
  type ContractAction,
} from './agents.contracts.ts';
import { percentToBp } from './agents.edge.ts';
import { settleWages, wageJobs } from './agents.settlement.ts';
import { listWages, wageSources } from './agents.wages.ts';

/**
 * The contract and wage calls (issue 14; spec 7 MCS2_processDailySalContract,
 * MCS2_processContractHourSalary, MCSFE_processRealTimeSalaryContract, MCS2_processDividendReq,
 * /wps/member/info/funds/consolidated) and the settlement jobs on the job queue.
 */
export async function agentWageRoutes(app: FastifyInstance) {
  const { db } = app;
  const money = async () => {
    const settings = await getSettings(db);
    return {
      precision: settings.currencyPrecision,
      currency: settings.currency,
      timeZone: settings.timeZone,
      edgeShareBp: percentToBp(settings.agentWages.edgeShare),
    };
  };

  const contractMoney = async () => {
    const { precision, edgeShareBp } = await money();
    return { precision, edgeShareBp };
  };

  registerCall(app, agentCalls.agentConsolidated, async ({ request }) =>
    consolidated(db, sessionOf(request).memberId),
  );

  const contractCalls = [
    ['daily', agentCalls.dailyContract],
    ['hourly', agentCalls.hourlyContract],
    ['realtime', agentCalls.realtimeContract],
    ['dividend', agentCalls.dividendContract],
  ] as const;
  for (const [kind, call] of contractCalls) {
    registerCall(app, call, async ({ body, request }) =>
      contractAction(db, {
        callerId: sessionOf(request).memberId,
        kind: kind satisfies WageKind,
        body: body as ContractAction,
        ...(await contractMoney()),
      }),
    );
  }

  registerCall(app, agentCalls.agentContracts, async ({ query, request }) =>
    listContracts(db, sessionOf(request).memberId, query),
  );

  registerCall(app, agentCalls.agentWages, async ({ query, request }) =>
    listWages(db, { memberId: sessionOf(request).memberId, ...(await money()), query }),
  );

  registerCall(app, agentCalls.agentWageSources, async ({ query, request }) =>
    wageSources(db, { memberId: sessionOf(request).memberId, ...(await money()), ...query }),
  );

  registerCall(app, agentCalls.operatorAgentContract, async ({ body, request }) => {
    const { username, ...contract } = body;
    const after = await setPlatformContract(db, {
      username,
      contract: contract as ContractTerms,
      ...(await contractMoney()),
      operatorId: operatorOf(request).operatorId,
    });
    // Replacing the active contract of its kind: the one replaced is in the agent's contract history.
    await recordOperatorChange(db, request, {
      targetKind: 'agent-contract',
      targetId: username,
      before: null,
      after,
    });
    return after;
  });

  // Each job settles every closed period since its cursor: a missed or merged tick loses nothing.
  for (const job of wageJobs) {
    app.jobs.define({
      name: job.name,
      summary: job.summary,
      schedule: job.schedule,
      retry: { limit: 2, delaySeconds: 30, backoff: true },
      timeoutSeconds: 600,
      run: () => settleWages(db, job.kind),
    });
  }
  // At start, each settlement runs once at once: after downtime across a cron time (a daily wage at
  // 00:05) the periods that closed meanwhile are paid now, not at the next cron time a day later.
  // Every run settles only what is due and nothing twice, so an extra one is harmless.
  app.addHook('onReady', async () => {
    if (!app.jobQueue.started) return;
    for (const job of wageJobs) await app.jobQueue.runSoon(job.name);
  });
}
