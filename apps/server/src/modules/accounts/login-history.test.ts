import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sessions } from './accounts.tables.ts';
import { hashToken } from './session.service.ts';
import { demoAccounts } from './accounts.seed.ts';
import { call, loginAs, useSharedAccountsApp } from './accounts.test-support.ts';

const shared = useSharedAccountsApp();
const agentHost = 'agent.localhost';
const { agent, player } = demoAccounts;

const history = (token: string | null, host?: string) =>
  call(shared.app, { method: 'GET', url: '/wps/member/logins', token, host });

describe('GET /wps/member/logins (My account: login history)', () => {
  it("lists the account's own logins newest first, marking this session and the ended ones", async () => {
    const sut = shared.app;
    const first = await loginAs(sut, agent.account, agent.password, { host: agentHost, ip: '10.0.0.1' });
    await loginAs(sut, player.account, player.password, { ip: '10.0.0.9' });
    const second = await loginAs(sut, agent.account, agent.password, { host: agentHost, ip: '10.0.0.2' });
    const firstToken: string = first.body.value.token;
    // The first session ended (logout would end them all: mark it as a revoked one).
    await sut.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(eq(sessions.tokenHash, hashToken(firstToken)));

    const answer = await history(second.body.value.token, agentHost);
    expect(answer.status).toBe(200);
    const logins = answer.body.value.logins as {
      ip: string;
      site: string;
      current: boolean;
      active: boolean;
    }[];
    // Only the agent's own two logins (not the player's), the newest first.
    expect(logins.map(({ ip, site, current, active }) => ({ ip, site, current, active }))).toEqual([
      { ip: '10.0.0.2', site: 'agent', current: true, active: true },
      { ip: '10.0.0.1', site: 'agent', current: false, active: false },
    ]);
  });

  it('refuses a visitor and a trial account', async () => {
    expect((await history(null)).status).toBe(401);
    const trial = await call(shared.app, {
      method: 'POST',
      url: '/wps/session/login/freeplay',
      body: { os: 'android', platform: 'W' },
    });
    const refused = await history(trial.body.value.token);
    expect([refused.status, refused.body.code]).toEqual([403, 'TRIAL_ACCOUNT']);
  });

  it("serves an agent's session the member's security calls (My account on the agent site)", async () => {
    const login = await loginAs(shared.app, agent.account, agent.password, { host: agentHost });
    const token: string = login.body.value.token;
    const setup = await call(shared.app, {
      method: 'POST',
      url: '/wps/member/2fa/setup',
      token,
      host: agentHost,
      sealed: true,
      body: {},
    });
    expect(setup.status).toBe(200);
    const info = await call(shared.app, { method: 'GET', url: '/wps/member/info', token, host: agentHost });
    expect(info.body.value).toMatchObject({ account: agent.account, hasPaymentPassword: true });
  });
});
