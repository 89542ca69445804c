import type { FastifyInstance } from 'fastify';
import { calls } from '@khela/contract';
import { registerCall } from '../../http/register-call.ts';
import { accountsContext } from './accounts.context.ts';
import { operatorOf } from './authorize.ts';
import { createOperatorSession, revokeOperatorSessions } from './operator-session.service.ts';
import { confirmTwoFactorSetup, operatorSecondStep, startTwoFactorSetup } from './two-factor.service.ts';
import { listOperatorAudit } from '../audit/audit.service.ts';
import {
  changeOperatorPassword,
  createOperatorAccount,
  listOperators,
  operatorSelf,
  resetOperatorAccess,
  updateOperator,
} from './operators.service.ts';

/** The back office's own calls (issue 15): the operator's session, the operators, the audit trail. */
export async function operatorRoutes(app: FastifyInstance) {
  const { db } = app;

  registerCall(app, calls.operatorMe, async ({ request }) => operatorSelf(db, app.env, operatorOf(request)));
  registerCall(app, calls.operatorLogout, async ({ request }) => {
    await revokeOperatorSessions({ db, operatorId: operatorOf(request).operatorId });
    return { ok: true as const };
  });
  registerCall(app, calls.operatorChangePassword, async ({ body, request }) =>
    changeOperatorPassword({
      context: await accountsContext(app, request),
      session: operatorOf(request),
      ...body,
    }),
  );
  registerCall(app, calls.operatorTwoFactorSetup, async ({ request }) => {
    const context = await accountsContext(app, request);
    return startTwoFactorSetup({
      db,
      store: operatorSecondStep,
      accountId: operatorOf(request).operatorId,
      issuer: `${context.settings.brandName} back office`,
    });
  });
  registerCall(app, calls.operatorTwoFactorConfirm, async ({ body, request }) => {
    const { operatorId } = operatorOf(request);
    const { recoveryCodes } = await confirmTwoFactorSetup({
      db,
      store: operatorSecondStep,
      accountId: operatorId,
      code: body.code,
    });
    // The session opened without the second step ends; this one carries on with a new token.
    await revokeOperatorSessions({ db, operatorId });
    const token = await createOperatorSession({
      db,
      env: app.env,
      operatorId,
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
    updateOperator(db, request, operatorOf(request), body),
  );
  registerCall(app, calls.operatorResetAccess, async ({ body, request }) =>
    resetOperatorAccess(await accountsContext(app, request), request, operatorOf(request), body),
  );
  registerCall(app, calls.operatorAudit, async ({ query }) => listOperatorAudit(db, query));
}
