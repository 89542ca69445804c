import type { FastifyInstance } from 'fastify';
import { reportsAdminCalls } from '@khela/contract';
import { registerCall } from '../../http/register-call.ts';
import { getSettings } from '../settings/settings.service.ts';
import { aggregateReports } from './reports.aggregate.ts';
import { agentsReport, gamingReport, moneyReport, playersReport } from './reports.service.ts';

export const reportsJobName = 'reports-aggregate';

/** The back office's report calls (issue 15, Reports) and the job that keeps their daily tables. */
export async function reportsRoutes(app: FastifyInstance) {
  const { db } = app;
  const money = async () => {
    const settings = await getSettings(db);
    return { currency: settings.currency, precision: settings.currencyPrecision };
  };

  registerCall(app, reportsAdminCalls.operatorReportGaming, async ({ query }) =>
    gamingReport(db, { period: query, groupBy: query.groupBy, money: await money() }),
  );
  registerCall(app, reportsAdminCalls.operatorReportMoney, async ({ query }) =>
    moneyReport(db, { period: query, money: await money() }),
  );
  registerCall(app, reportsAdminCalls.operatorReportPlayers, async ({ query }) =>
    playersReport(db, { period: query, money: await money() }),
  );
  registerCall(app, reportsAdminCalls.operatorReportAgents, async ({ query }) =>
    agentsReport(db, { period: query, sortBy: query.sortBy, limit: query.limit, money: await money() }),
  );

  app.jobs.define({
    name: reportsJobName,
    summary:
      'Reads the journal into the reports and rewrites today, yesterday and every day a new entry touched',
    schedule: { everySeconds: 300 },
    retry: { limit: 2, delaySeconds: 30, backoff: true },
    timeoutSeconds: 900,
    run: async () => {
      // The brand's days (settings timeZone) are the reports' days.
      const settings = await getSettings(db);
      return aggregateReports(db, { currency: settings.currency, timeZone: settings.timeZone });
    },
  });
  // Once at start too: the reports are fresh from the first minute (after downtime, every day since).
  app.addHook('onReady', async () => {
    if (!app.jobQueue.started) return;
    await app.jobQueue.runSoon(reportsJobName);
  });
}
