import type { FastifyInstance } from 'fastify';
import { calls } from '@khela/contract';
import { registerCall } from '../../http/register-call.ts';
import { accountsContext } from './accounts.context.ts';
import { sessionOf } from './authorize.ts';
import { changePassword } from './password.service.ts';
import { createSession, revokeMemberSessions } from './session.service.ts';
import { confirmTwoFactorSetup, startTwoFactorSetup } from './two-factor.service.ts';
import { listOperatorAudit } from '../audit/audit.service.ts';
import {
  createOperatorAccount,
  listOperators,
  operatorSelf,
  resetOperatorAccess,
  updateOperator,
} from './operators.service.ts';

/** The back office's own calls (issue 15): the operator's session, the operators, the audit trail. */
export async function operatorRoutes(app: FastifyInstance) {
  const { db } = app;

  registerCall(app, calls.operatorMe, async ({ request }) => operatorSelf(db, app.env, sessionOf(request)));
  registerCall(app, calls.operatorLogout, async ({ request }) => {
    await revokeMemberSessions({ db, memberId: sessionOf(request).memberId });
    return { ok: true as const };
  });
  registerCall(app, calls.operatorChangePassword, async ({ body, request }) =>
    changePassword({ context: await accountsContext(app, request), session: sessionOf(request), ...body }),
  );
  registerCall(app, calls.operatorTwoFactorSetup, async ({ request }) => {
    const context = await accountsContext(app, request);
    return startTwoFactorSetup({
      db,
      memberId: sessionOf(request).memberId,
      issuer: `${context.settings.brandName} back office`,
    });
  });
  registerCall(app, calls.operatorTwoFactorConfirm, async ({ body, request }) => {
    const session = sessionOf(request);
    const { recoveryCodes } = await confirmTwoFactorSetup({
      db,
      memberId: session.memberId,
      code: body.code,
    });
    // The session opened without the second step ends; this one carries on with a new token.
    await revokeMemberSessions({ db, memberId: session.memberId });
    const token = await createSession({
      db,
      env: app.env,
      memberId: session.memberId,
      site: 'operator',
      ip: request.ip,
      userAgent: request.headers['user-agent'] ?? null,
    });
    return { recoveryCodes, token };
  });

  registerCall(app, calls.operatorList, async () => listOperators(db));
  registerCall(app, calls.operatorCreate, async ({ body, request }) =>
    createOperatorAccount(await accountsContext(app, request), request, body),
  );
  registerCall(app, calls.operatorUpdate, async ({ body, request }) =>
    updateOperator(db, request, sessionOf(request), body),
  );
  registerCall(app, calls.operatorResetAccess, async ({ body, request }) =>
    resetOperatorAccess(await accountsContext(app, request), request, sessionOf(request), body),
  );
  registerCall(app, calls.operatorAudit, async ({ query }) => listOperatorAudit(db, query));
}
