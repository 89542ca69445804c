import type { FastifyInstance } from 'fastify';
import { calls } from '@khela/contract';
import { registerCall } from '../../http/register-call.ts';
import { endMemberSessionsByOperator, setMemberStatusByOperator } from '../accounts/member-admin.service.ts';
import { getSettings } from '../settings/settings.service.ts';
import {
  addPlayerNote,
  listPlayerNotes,
  playerActivity,
  playerDetail,
  searchPlayers,
} from './players.service.ts';

/** The back office's players and agents calls (issue 15, item 3); permissions in the contract. */
export async function backOfficePlayerRoutes(app: FastifyInstance) {
  const { db } = app;

  registerCall(app, calls.operatorPlayerSearch, async ({ query }) =>
    searchPlayers(db, await getSettings(db), query),
  );
  registerCall(app, calls.operatorPlayer, async ({ query }) =>
    playerDetail(db, app.env, await getSettings(db), query.id),
  );
  registerCall(app, calls.operatorPlayerActivity, async ({ query }) =>
    playerActivity(db, app.env, await getSettings(db), query),
  );
  registerCall(app, calls.operatorPlayerSetStatus, async ({ body, request }) => {
    const after = await setMemberStatusByOperator(db, request, {
      memberId: body.id,
      status: body.status,
      reason: body.reason,
    });
    return {
      id: after.id,
      status: after.status,
      statusReason: after.statusReason,
      statusChangedAt: after.statusChangedAt?.getTime() ?? null,
    };
  });
  registerCall(app, calls.operatorPlayerEndSessions, async ({ body, request }) =>
    endMemberSessionsByOperator(db, request, { memberId: body.id, reason: body.reason }),
  );
  registerCall(app, calls.operatorPlayerNotes, async ({ query }) => listPlayerNotes(db, query.id));
  registerCall(app, calls.operatorPlayerAddNote, async ({ body, request }) =>
    addPlayerNote(db, request, body),
  );
}
