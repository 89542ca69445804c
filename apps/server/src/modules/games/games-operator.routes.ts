import type { FastifyInstance } from 'fastify';
import { calls } from '@khela/contract';
import { registerCall } from '../../http/register-call.ts';
import {
  listOperatorGames,
  listOperatorVendors,
  updateGame,
  updateVendor,
} from './games-operator.service.ts';

/** The back office's games and vendors (issue 15); sync now is operatorSyncGames (vendor-wallet.routes.ts). */
export async function gamesOperatorRoutes(app: FastifyInstance) {
  const { db } = app;
  registerCall(app, calls.operatorVendors, async () => listOperatorVendors(db));
  registerCall(app, calls.operatorGames, async ({ query }) => listOperatorGames(db, query));
  registerCall(app, calls.operatorVendorUpdate, async ({ body, request }) => updateVendor(db, request, body));
  registerCall(app, calls.operatorGameUpdate, async ({ body, request }) => updateGame(db, request, body));
}
