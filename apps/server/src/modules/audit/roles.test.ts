import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  calls,
  operatorCallPermissions,
  operatorRoles,
  roleAllows,
  type CallDefinition,
  type OperatorRole,
} from '@khela/contract';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { call, operatorOfRole } from '../accounts/accounts.test-support.ts';
import { operatorAudit } from '../audit/audit.tables.ts';

/**
 * The permission table, call by call and role by role: every operator call is made by an operator
 * of every role. A role without the call's permission is refused (403 FORBIDDEN naming the
 * permission) and the refusal is in the audit trail; a role with it gets past the check (whatever
 * its empty input then earns: a validation error, a not-found, or an answer).
 */
let sut: TestApp;
const tokens = new Map<OperatorRole, { id: number; token: string }>();

beforeAll(async () => {
  sut = await buildTestApp({ env: { RATE_LIMIT_PER_MINUTE: '100000' } });
  for (const role of operatorRoles) tokens.set(role, await operatorOfRole(sut, role));
});
afterAll(() => sut.close());

/** The operator's own session calls (log out ends the token) are checked apart, below. */
const ownSession = new Set([
  'operatorLogout',
  'operatorChangePassword',
  'operatorTwoFactorSetup',
  'operatorTwoFactorConfirm',
]);
const operatorCalls = Object.values(calls as Record<string, CallDefinition>).filter(
  (definition) => definition.auth === 'operator' && !ownSession.has(definition.id),
);

async function attempt(definition: CallDefinition, token: string) {
  return call(sut, {
    method: definition.method,
    url: definition.path,
    token,
    ...(definition.method === 'GET' ? {} : { body: {} }),
  });
}

describe('the permission table over every operator call', () => {
  it('has calls to check', () => {
    expect(operatorCalls.length).toBeGreaterThanOrEqual(40);
  });

  for (const role of operatorRoles) {
    it(`${role}: refused exactly the calls its role lacks, each refusal audited`, async () => {
      const operator = tokens.get(role)!;
      const wrong: string[] = [];
      let refusals = 0;
      for (const definition of operatorCalls) {
        const needed = operatorCallPermissions[definition.id];
        const allowed = needed === 'self' || (needed !== undefined && roleAllows(role, needed));
        const answer = await attempt(definition, operator.token);
        const refused = answer.status === 403 && answer.body.code === 'FORBIDDEN';
        if (refused) {
          refusals += 1;
          if (answer.body.value?.permission !== needed)
            wrong.push(`${definition.id}: names ${answer.body.value?.permission}`);
        }
        if (refused === allowed) wrong.push(`${definition.id}: ${answer.status} ${answer.body.code ?? ''}`);
      }
      expect(wrong).toEqual([]);
      const [audited] = await sut.app.db
        .select({ count: sql<number>`count(*)::int` })
        .from(operatorAudit)
        .where(and(eq(operatorAudit.operatorId, operator.id), eq(operatorAudit.outcome, 'refused')));
      expect(audited?.count).toBe(refusals);
    });
  }

  it('lets every role use its own session calls and refuses members and guests', async () => {
    for (const role of operatorRoles) {
      const { token } = tokens.get(role)!;
      const me = await call(sut, { method: 'GET', url: calls.operatorMe.path, token });
      expect(me.status).toBe(200);
      expect(me.body.value.role).toBe(role);
    }
    const guest = await call(sut, { method: 'GET', url: calls.operatorAudit.path });
    expect(guest.status).toBe(401);
  });

  it('serves the operations pages to the roles that read the system only', async () => {
    for (const role of operatorRoles) {
      const answer = await sut.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${tokens.get(role)!.token}` },
      });
      expect(answer.statusCode, role).toBe(roleAllows(role, 'system.read') ? 200 : 403);
    }
  });

  it('keeps the audit trail append-only', async () => {
    await expect(
      sut.app.db.execute(sql`update operator_audit set operator = 'someone else'`),
    ).rejects.toThrow();
    await expect(sut.app.db.execute(sql`delete from operator_audit`)).rejects.toThrow();
  });
});
