import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import {
  calls,
  operatorCallPermissions,
  operatorRoles,
  roleAllows,
  type CallDefinition,
} from '@khela/contract';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { call, operatorOfRole, playerLogin } from '../accounts/accounts.test-support.ts';
import { operatorAudit } from './audit.tables.ts';
import { redactForAudit, storableText } from './audit.service.ts';

/**
 * The audit trail never fails on odd input (issue 35, item 5b): a call refused for permission with
 * `%00` in its query wrote no row (PostgreSQL's text and jsonb hold no NUL byte: 312 insert errors
 * while fuzzing). The refused input is now stored escaped. Refused looks at `/metrics` and `/docs`
 * are in the trail too, a guest's and a member's included.
 */

let sut: TestApp;

beforeAll(async () => {
  sut = await buildTestApp({ env: { RATE_LIMIT_PER_MINUTE: '100000' } });
});
afterAll(() => sut.close());

/** A GET operator call with a query and a role refused it for permission. */
function refusedGet(): { definition: CallDefinition; role: (typeof operatorRoles)[number] } {
  for (const definition of Object.values(calls as Record<string, CallDefinition>)) {
    if (definition.auth !== 'operator' || definition.method !== 'GET' || !definition.query) continue;
    const needed = operatorCallPermissions[definition.id];
    if (needed === undefined || needed === 'self') continue;
    const role = operatorRoles.find((candidate) => !roleAllows(candidate, needed));
    if (role) return { definition, role };
  }
  throw new Error('no operator call is refused to any role');
}

const latestEntry = async () =>
  (await sut.db.select().from(operatorAudit).orderBy(desc(operatorAudit.id)).limit(1))[0];

describe('odd input in the audit trail', () => {
  it('records a call refused for permission with NUL bytes in its query, escaped', async () => {
    const { definition, role } = refusedGet();
    const operator = await operatorOfRole(sut, role);
    const answer = await call(sut, {
      method: 'GET',
      url: `${definition.path}?q=a%00b&%00key=%ED%A0%80x`,
      token: operator.token,
    });
    expect(answer.status).toBe(403);
    const entry = await latestEntry();
    expect(entry).toMatchObject({ operatorId: operator.id, action: definition.id, outcome: 'refused' });
    const query = (entry?.after as { request: { query: Record<string, string> } }).request.query;
    expect(query.q).toBe('a\\u0000b');
    expect(Object.keys(query)).toContain('\\u0000key');
  });

  it('escapes NUL bytes and lone surrogates, keeps __proto__ a plain key', () => {
    expect(storableText('a\u0000b\ud800c\udc00')).toBe('a\\u0000b\ufffdc\ufffd');
    expect(storableText('ok \ud83d\ude00')).toBe('ok \ud83d\ude00');
    const copy = redactForAudit(JSON.parse('{"__proto__":{"x":1},"password":"p"}')) as object;
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(JSON.stringify(copy)).toBe('{"__proto__":{"x":1},"password":"[redacted]"}');
  });

  it('records refused looks at /metrics and /docs, a guest’s and a member’s', async () => {
    const guest = await sut.app.inject({ method: 'GET', url: '/metrics?x=%00' });
    expect(guest.statusCode).toBe(401);
    expect(await latestEntry()).toMatchObject({
      operatorId: null,
      action: 'operationsPage',
      targetKind: 'page',
      targetId: '/metrics',
      outcome: 'refused',
      errorCode: 'UNAUTHENTICATED',
    });
    const member = await sut.app.inject({
      method: 'GET',
      url: '/docs',
      headers: { authorization: `Bearer ${await playerLogin(sut)}` },
    });
    expect(member.statusCode).toBe(403);
    expect(await latestEntry()).toMatchObject({
      action: 'operationsPage',
      targetId: '/docs',
      outcome: 'refused',
    });
    const rows = await sut.db.select().from(operatorAudit).where(eq(operatorAudit.action, 'operationsPage'));
    expect(rows).toHaveLength(2);
  });
});
