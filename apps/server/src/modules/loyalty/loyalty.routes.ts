import type { FastifyInstance } from 'fastify';
import { calls } from '@khela/contract';
import { registerCall } from '../../http/register-call.ts';
import { sessionOf } from '../accounts/authorize.ts';
import { getSettings } from '../settings/settings.service.ts';
import {
  convertPoints,
  creditPoints,
  readPointBalance,
  readPointConfig,
  readPointDetail,
} from './loyalty.service.ts';

/**
 * Loyalty points' calls (issue 40 item 2; docs/loyalty.md): the config, the balance, the points
 * detail and the conversion to cash, and the job that credits each finished brand day's points.
 */
export async function loyaltyRoutes(app: FastifyInstance) {
  const { db } = app;

  registerCall(app, calls.pointConfig, async () => readPointConfig(await getSettings(db)));

  registerCall(app, calls.pointBalance, async ({ request }) =>
    readPointBalance(db, await getSettings(db), sessionOf(request)),
  );

  registerCall(app, calls.pointDetail, async ({ request, query }) =>
    readPointDetail(db, await getSettings(db), sessionOf(request), query),
  );

  // A conversion pays money: the money calls' per-address limit.
  registerCall(
    app,
    calls.convertPoint,
    async ({ request, body }) =>
      convertPoints(db, await getSettings(db), sessionOf(request), body, request.ip),
    { rateLimit: { max: app.env.MONEY_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' } },
  );

  // Each brand day is credited once it ended (and five minutes more, for settlements still
  // committing); a day credited is never credited again (its key), so a run every minute costs one
  // small read when nothing is due.
  app.jobs.define({
    name: 'loyalty-points',
    summary: "Credits loyalty points for each brand day that ended, from each player's edge-weighted betting",
    schedule: { everySeconds: 60 },
    retry: { limit: 2, delaySeconds: 30, backoff: true },
    timeoutSeconds: 600,
    run: async () => creditPoints(db, await getSettings(db)),
  });
}
