import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { defineCall, type AuthNeed } from '@khela/contract';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { registerCall } from '../../http/register-call.ts';
import { demoAccounts } from './accounts.seed.ts';
import { call, loginAs, operatorLogin } from './accounts.test-support.ts';

let sut: TestApp;
const levels: AuthNeed[] = ['optional', 'member', 'realMember', 'agent', 'operator'];

beforeAll(async () => {
  sut = await buildTestApp({
    extend: (app) => {
      for (const level of levels) {
        const probe = defineCall({
          id: `probe-${level}`,
          method: 'GET',
          path: `/wps/test/${level}`,
          auth: level,
          encrypted: false,
          summary: 'test probe',
          tag: 'test',
          value: z.object({ account: z.string().nullable() }),
        });
        registerCall(app, probe, ({ request }) => ({ account: request.session?.account ?? null }));
      }
      // A call that checks the session in its own statement and forgets to: never answered.
      const forgetful = defineCall({
        id: 'probe-in-statement',
        method: 'GET',
        path: '/wps/test/in-statement',
        auth: 'member',
        encrypted: false,
        summary: 'test probe',
        tag: 'test',
        value: z.object({ account: z.string().nullable() }),
      });
      registerCall(app, forgetful, () => ({ account: 'nobody checked' }), { sessionInStatement: true });
    },
  });
});
afterAll(async () => {
  await sut.close();
});

async function tokenOf(account: string, password: string, host = 'localhost') {
  if (account === 'operator') return operatorLogin(sut);
  return (await loginAs(sut, account, password, { host })).body.value.token as string;
}

describe('app.authorize', () => {
  it('applies each auth level of the contract', async () => {
    const trial = (await call(sut, { method: 'POST', url: '/wps/session/login/freeplay', body: {} })).body
      .value.token;
    const tokens: Record<string, string | null> = {
      guest: null,
      player: await tokenOf(demoAccounts.player.account, demoAccounts.player.password),
      agent: await tokenOf(demoAccounts.agent.account, demoAccounts.agent.password, 'agent.localhost'),
      trial,
      operator: await tokenOf(demoAccounts.operator.account, demoAccounts.operator.password),
    };
    const expected: Record<string, Record<AuthNeed, number | string>> = {
      guest: {
        public: 200,
        optional: 200,
        member: 'UNAUTHENTICATED',
        realMember: 'UNAUTHENTICATED',
        agent: 'UNAUTHENTICATED',
        operator: 'UNAUTHENTICATED',
      },
      player: {
        public: 200,
        optional: 200,
        member: 200,
        realMember: 200,
        agent: 'FORBIDDEN',
        // A member's session is never an operator's (operators have their own sessions).
        operator: 'FORBIDDEN',
      },
      agent: {
        public: 200,
        optional: 200,
        member: 200,
        realMember: 200,
        agent: 200,
        operator: 'FORBIDDEN',
      },
      trial: {
        public: 200,
        optional: 200,
        member: 200,
        realMember: 'TRIAL_ACCOUNT',
        agent: 'FORBIDDEN',
        operator: 'FORBIDDEN',
      },
      operator: {
        public: 200,
        // An operator's token is no member session: an optional call serves it as a guest.
        optional: 200,
        member: 'FORBIDDEN',
        realMember: 'FORBIDDEN',
        agent: 'FORBIDDEN',
        // The probe is in no permission table (back-office/call-permissions.ts): refused, fail closed.
        // roles.test.ts checks every real operator call against the table.
        operator: 'FORBIDDEN',
      },
    };
    for (const [who, token] of Object.entries(tokens)) {
      for (const level of levels) {
        const answer = await call(sut, { method: 'GET', url: `/wps/test/${level}`, token });
        const outcome = answer.status === 200 ? 200 : answer.body.code;
        expect(outcome, `${who} → ${level}`).toBe(expected[who]![level]);
        if (answer.status === 200 && level !== 'optional') expect(answer.body.value.account).not.toBeNull();
      }
    }
    const optionalWithBadToken = await call(sut, {
      method: 'GET',
      url: '/wps/test/optional',
      token: 'B'.repeat(43),
    });
    expect(optionalWithBadToken.body.value).toEqual({ account: null });
  });

  it('refuses a member whose row was marked operator in the database, at every call', async () => {
    const player = await tokenOf(demoAccounts.player.account, demoAccounts.player.password);
    // A forged mark (or an operator's old member row): it gives no operator session, and the
    // member session of such a row is refused too.
    await sut.db.execute(
      sql`update members set role = 'operator', operator_role = 'owner' where account = ${demoAccounts.player.account}`,
    );
    try {
      for (const url of ['/wps/test/operator', '/api/operator/me', '/api/operator/operators']) {
        const answer = await call(sut, { method: 'GET', url, token: player });
        expect([answer.status, answer.body.code], url).toEqual([401, 'UNAUTHENTICATED']);
      }
      const member = await call(sut, { method: 'GET', url: '/wps/test/member', token: player });
      expect([member.status, member.body.code]).toEqual([401, 'UNAUTHENTICATED']);
    } finally {
      await sut.db.execute(
        sql`update members set role = 'player', operator_role = null where account = ${demoAccounts.player.account}`,
      );
    }
  });

  it('never takes an operator token for a member call, nor the other way round', async () => {
    const operator = await operatorLogin(sut);
    const player = await tokenOf(demoAccounts.player.account, demoAccounts.player.password);
    const asOperator = await call(sut, { method: 'GET', url: '/api/operator/me', token: operator });
    expect([asOperator.status, asOperator.body.value.account]).toEqual([200, demoAccounts.operator.account]);
    const memberInfo = await call(sut, { method: 'GET', url: '/wps/member/info', token: operator });
    expect([memberInfo.status, memberInfo.body.code]).toEqual([403, 'FORBIDDEN']);
    const asPlayer = await call(sut, { method: 'GET', url: '/api/operator/me', token: player });
    expect([asPlayer.status, asPlayer.body.code]).toEqual([403, 'FORBIDDEN']);
  });

  it('never answers a call that was to check the session in its statement and did not', async () => {
    const player = await tokenOf(demoAccounts.player.account, demoAccounts.player.password);
    const unchecked = await call(sut, { method: 'GET', url: '/wps/test/in-statement', token: player });
    expect([unchecked.status, unchecked.body.code]).toEqual([500, 'INTERNAL']);
    const guest = await call(sut, { method: 'GET', url: '/wps/test/in-statement', token: null });
    expect([guest.status, guest.body.code]).toEqual([401, 'UNAUTHENTICATED']);
    const operatorCall = defineCall({
      id: 'probe-operator-in-statement',
      method: 'GET',
      path: '/wps/test/operator-in-statement',
      auth: 'operator',
      encrypted: false,
      summary: 'test probe',
      tag: 'test',
      value: z.object({}),
    });
    expect(() => registerCall(sut.app, operatorCall, () => ({}), { sessionInStatement: true })).toThrow(
      /only a member's call/,
    );
  });
});
