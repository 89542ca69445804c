import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { defaultRegisterRules } from '@khela/contract/settings-defaults';
import { dayKey, startOfDayKey } from '@khela/contract/business-day';
import { call, loginAs } from '../accounts/accounts.test-support.ts';
import { members } from '../accounts/accounts.tables.ts';
import { depositOrders } from '../deposits/deposits.tables.ts';
import { updateSettings } from '../settings/settings.service.ts';
import {
  agentHost,
  buildTeams,
  credit,
  playerLogin,
  settledRound,
  snapshot,
  teamPassword,
  type Teams,
} from './agents.team.test-support.ts';

let teams: Teams;
beforeAll(async () => {
  teams = await buildTeams();
});
afterAll(async () => {
  await teams.close();
});

const dayMs = 86_400_000;
const get = (url: string, token: string | null = teams.a) =>
  call(teams.sut, { method: 'GET', url, token, host: agentHost });
const post = (url: string, body: unknown, token: string | null = teams.a, sealed = false) =>
  call(teams.sut, { method: 'POST', url, body, token, host: agentHost, sealed });

describe('agentTeamOverview', () => {
  it('answers the team now and every day of the period with zeros, oldest first', async () => {
    const now = Date.now();
    // The brand's day (Asia/Dhaka for the demo brand), as the figures are cut.
    const today = startOfDayKey(dayKey(now, 'Asia/Dhaka'), 'Asia/Dhaka');
    await settledRound(teams, {
      memberId: teams.ids.ta_deep!,
      bet: 10_000n,
      win: 2_500n,
      at: new Date(today + 1000),
    });
    await settledRound(teams, {
      memberId: teams.ids.ta_player!,
      bet: 5_000n,
      win: 0n,
      at: new Date(today - dayMs),
    });
    // B's tree plays too: none of it may show.
    await settledRound(teams, {
      memberId: teams.ids.tb_deep!,
      bet: 99_900n,
      win: 0n,
      at: new Date(today + 1000),
    });
    await teams.sut.db.insert(depositOrders).values({
      memberId: teams.ids.ta_player!,
      methodCode: 'TEST',
      kind: 'bank_transfer',
      currency: 'BDT',
      amount: 30_000n,
      fee: 0n,
      status: 'approved',
      requestId: 'team-deposit-1',
      requestHash: 'x',
      decidedAt: new Date(today + 2000),
    });
    await credit(teams, 'ta_agent', '12.34');
    await credit(teams, 'tb_agent', '50');

    const answer = await get('/wps/agent/team/overview');
    expect(answer.status).toBe(200);
    const value = answer.body.value;
    expect(value).toMatchObject({
      teamSize: 3,
      agents: 1,
      directMembers: 2,
      teamBalance: '12.34',
      currency: 'BDT',
    });
    expect(value.days).toHaveLength(7);
    expect(value.days[6].day).toBe(dayKey(today, 'Asia/Dhaka'));
    expect(value.days[6]).toMatchObject({ bet: '100.00', win: '25.00', profit: '-75.00', activeMembers: 1 });
    expect(value.days[6]).toMatchObject({ deposits: '300.00', firstDeposits: 1, newMembers: 3 });
    expect(value.days[5]).toMatchObject({ bet: '50.00', activeMembers: 1 });
    expect(value.days[0]).toMatchObject({ bet: '0.00', newMembers: 0, deposits: '0.00' });
    expect(value.totals).toMatchObject({ bet: '150.00', win: '25.00', activeMembers: 2, newMembers: 3 });

    const one = await get(`/wps/agent/team/overview?from=${today - dayMs}&to=${today}`);
    expect(one.body.value.days.map((day: { day: string }) => day.day)).toHaveLength(1);
    expect(one.body.value.totals.bet).toBe('50.00');
  });

  it('refuses a bad period and callers who are no agent', async () => {
    const now = Date.now();
    const reversed = await get(`/wps/agent/team/overview?from=${now}&to=${now - 1000}`);
    expect([reversed.status, reversed.body.value.issues[0].field]).toEqual([400, 'to']);
    const long = await get(`/wps/agent/team/overview?from=${now - 93 * dayMs}&to=${now}`);
    expect([long.status, long.body.value.issues[0].field]).toEqual([400, 'from']);
    expect((await get('/wps/agent/team/overview', null)).status).toBe(401);
    const player = await playerLogin(teams.sut, 'ta_player');
    expect(
      (await call(teams.sut, { method: 'GET', url: '/wps/agent/team/overview', token: player })).status,
    ).toBe(403);
  });
});

describe('agentRegisterDownline', () => {
  const register = (body: Record<string, unknown>, token: string = teams.a) =>
    post('/wps/agent/downline/register', body, token, true);

  it('opens a direct player or agent with its wallet, and it logs in', async () => {
    const player = await register({
      username: 'tanewone',
      password: 'Newbie-pass-2026',
      confirmPassword: 'Newbie-pass-2026',
      kind: 'member',
    });
    expect(player.status).toBe(200);
    expect(player.body.value).toMatchObject({
      account: 'tanewone',
      type: 0,
      level: 1,
      upline: 'ta',
      balance: '0.00',
    });
    const agent = await register({
      username: 'tanewtwo',
      password: 'Newbie-pass-2026',
      confirmPassword: 'Newbie-pass-2026',
      kind: 'agent',
      agentType: 41,
      nickname: 'Second',
    });
    expect(agent.body.value).toMatchObject({
      account: 'tanewtwo',
      type: 41,
      nickname: 'Second',
      status: 'active',
    });
    const login = await loginAs(teams.sut, 'tanewtwo', 'Newbie-pass-2026', { host: agentHost });
    expect(login.status).toBe(200);
    const wallets = await teams.sut.db.execute(
      `select count(*)::int as n from ledger_accounts where owner_member_id in (${player.body.value.id}, ${agent.body.value.id}) and kind = 'main'`,
    );
    expect((wallets as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(2);
  });

  it('opens a downline that must change the password its upline typed and set its own payment password first (issue 38)', async () => {
    const opened = await register({
      username: 'taforced',
      password: 'Upline-typed-2026',
      confirmPassword: 'Upline-typed-2026',
      kind: 'agent',
      agentType: 2,
      mobileNum: '01712 345678',
      countryDialingCode: '+880',
    });
    expect(opened.status).toBe(200);
    const [row] = await teams.sut.db
      .select({ mobile: members.mobile, mustChange: members.mustChangePassword })
      .from(members)
      .where(eq(members.account, 'taforced'));
    expect(row).toEqual({ mobile: '+8801712345678', mustChange: true });

    const first = await loginAs(teams.sut, 'taforced', 'Upline-typed-2026', { host: agentHost });
    expect([first.status, first.body.value.passwordExpired]).toEqual([200, true]);
    const forcedToken: string = first.body.value.token;
    const early = await get('/wps/agent/team/overview', forcedToken);
    expect([early.status, early.body.code]).toEqual([403, 'PASSWORD_CHANGE_REQUIRED']);

    const changed = await post(
      '/wps/member/password',
      {
        oldPassword: 'Upline-typed-2026',
        newPassword: 'Own-secret-2026',
        confirmNewPassword: 'Own-secret-2026',
      },
      forcedToken,
      true,
    );
    expect(changed.status).toBe(200);
    const token: string = changed.body.value.token;
    // The password the upline typed opens nothing any more.
    const upline = await loginAs(teams.sut, 'taforced', 'Upline-typed-2026', { host: agentHost });
    expect(upline.body.code).toBe('LOGIN_FAILED');

    const beforePayment = await get('/wps/agent/team/overview', token);
    expect([beforePayment.status, beforePayment.body.code]).toEqual([403, 'PAYMENT_PASSWORD_SETUP_REQUIRED']);
    const withdrawInfo = await get('/wps/withdraw/info', token);
    expect(withdrawInfo.body.code).toBe('PAYMENT_PASSWORD_SETUP_REQUIRED');
    const info = await get('/wps/member/info', token);
    expect(info.body.value).toMatchObject({ paymentPasswordSetupRequired: true, hasPaymentPassword: false });

    const set = await post(
      '/wps/member/password/payment',
      { password: 'Own-secret-2026', newPaymentPassword: '864209', confirmPaymentPassword: '864209' },
      token,
      true,
    );
    expect(set.status).toBe(200);
    expect((await get('/wps/agent/team/overview', token)).status).toBe(200);
    expect((await get('/wps/member/info', token)).body.value).toMatchObject({
      paymentPasswordSetupRequired: false,
      hasPaymentPassword: true,
    });
    // A new login is not asked again.
    const again = await loginAs(teams.sut, 'taforced', 'Own-secret-2026', { host: agentHost });
    expect(again.body.value.passwordExpired).toBe(false);
    expect((await get('/wps/agent/team/overview', again.body.value.token)).status).toBe(200);
  });

  it('checks the downline mobile: a bad number names the field, a taken one answers MOBILE_TAKEN', async () => {
    const body = {
      password: 'Upline-typed-2026',
      confirmPassword: 'Upline-typed-2026',
      kind: 'agent',
    };
    const bad = await register({ ...body, username: 'tamobbad', mobileNum: '123' });
    expect([bad.status, bad.body.value.issues[0].field]).toEqual([400, 'mobileNum']);
    expect((await register({ ...body, username: 'tamobone', mobileNum: '01812345678' })).status).toBe(200);
    const taken = await register({ ...body, username: 'tamobtwo', mobileNum: '01812345678' });
    expect([taken.status, taken.body.code]).toEqual([409, 'MOBILE_TAKEN']);
  });

  it('applies the brand rules and refuses a taken name, changing nothing', async () => {
    const player = await playerLogin(teams.sut, 'ta_player');
    const before = await snapshot(teams);
    const mismatch = await register({
      username: 'tabadone',
      password: 'Newbie-pass-2026',
      confirmPassword: 'other',
      kind: 'member',
    });
    expect([mismatch.status, mismatch.body.value.issues[0].field]).toEqual([400, 'confirmPassword']);
    const weak = await register({
      username: 'tabadone',
      password: '123',
      confirmPassword: '123',
      kind: 'member',
    });
    expect(weak.status).toBe(400);
    expect(weak.body.value.issues.map((issue: { field: string }) => issue.field)).toContain('password');
    const taken = await register({
      username: 'DemoPlayer',
      password: 'Newbie-pass-2026',
      confirmPassword: 'Newbie-pass-2026',
      kind: 'member',
    });
    expect([taken.status, taken.body.code]).toEqual([409, 'USERNAME_TAKEN']);
    const badType = await register({
      username: 'tabadone',
      password: 'Newbie-pass-2026',
      confirmPassword: 'Newbie-pass-2026',
      kind: 'agent',
      agentType: 4,
    });
    expect(badType.status).toBe(400);
    const byPlayer = await call(teams.sut, {
      method: 'POST',
      url: '/wps/agent/downline/register',
      sealed: true,
      token: player,
      body: {
        username: 'tabadone',
        password: 'Newbie-pass-2026',
        confirmPassword: 'Newbie-pass-2026',
        kind: 'member',
      },
    });
    expect(byPlayer.status).toBe(403);
    expect(await snapshot(teams)).toBe(before);
  });

  it("follows the brand's username rule from the registration settings", async () => {
    await updateSettings(teams.sut.db, {
      register: { username: { ...defaultRegisterRules.username, minLength: 10 } },
    });
    try {
      const short = await register({
        username: 'tashort',
        password: 'Newbie-pass-2026',
        confirmPassword: 'Newbie-pass-2026',
        kind: 'member',
      });
      expect([short.status, short.body.value.issues[0].field]).toEqual([400, 'username']);
    } finally {
      await updateSettings(teams.sut.db, { register: { username: defaultRegisterRules.username } });
    }
  });
});

describe('agentDownlines', () => {
  it("lists direct downlines, a downline's own, and a search over the team with path", async () => {
    const mine = await get('/wps/agent/downlines');
    expect(mine.status).toBe(200);
    const accounts = mine.body.value.list.map((row: { account: string }) => row.account);
    expect(accounts).toEqual(expect.arrayContaining(['ta_agent', 'ta_player']));
    expect(accounts).not.toContain('ta_deep');
    expect(mine.body.value.path).toEqual(['ta']);
    const agentRow = mine.body.value.list.find((row: { account: string }) => row.account === 'ta_agent');
    expect(agentRow).toMatchObject({ level: 1, directCount: 1, teamSize: 1, type: 1, upline: 'ta' });

    const deeper = await get('/wps/agent/downlines?parent=TA_AGENT');
    expect(deeper.body.value.list.map((row: { account: string }) => row.account)).toEqual(['ta_deep']);
    expect(deeper.body.value.list[0]).toMatchObject({ level: 2, upline: 'ta_agent' });
    expect(deeper.body.value.path).toEqual(['ta', 'ta_agent']);

    const search = await get('/wps/agent/downlines?username=ta_d');
    expect(search.body.value.list.map((row: { account: string }) => row.account)).toEqual(['ta_deep']);
    const agents = await get('/wps/agent/downlines?kind=agent');
    expect(agents.body.value.list.every((row: { type: number }) => row.type !== 0)).toBe(true);
    const paged = await get('/wps/agent/downlines?pageSize=1&pageNo=2');
    expect(paged.body.value).toMatchObject({ pageNo: 2, pageSize: 1 });
    expect(paged.body.value.list).toHaveLength(1);
    // A wildcard is a character, not a pattern.
    expect((await get('/wps/agent/downlines?username=%25')).body.value.total).toBe(0);
  });

  it('answers nothing of another tree and refuses bad input', async () => {
    expect((await get('/wps/agent/downlines?parent=tb_agent')).status).toBe(404);
    expect((await get('/wps/agent/downlines?username=tb')).body.value.total).toBe(0);
    expect((await get('/wps/agent/downlines?pageSize=1000')).status).toBe(400);
    expect((await get('/wps/agent/downlines?kind=boss')).status).toBe(400);
  });
});

describe('agentDownlineDetail and agentDownlineStatus', () => {
  it('shows a downline with its path, month and contracts', async () => {
    await settledRound(teams, { memberId: teams.ids.ta_deep!, bet: 4_000n, win: 0n, at: new Date() });
    const answer = await get('/wps/agent/downline?username=ta_deep');
    expect(answer.status).toBe(200);
    expect(answer.body.value.month).toMatchObject({ activeMembers: 1, newMembers: 0 });
    expect(BigInt(answer.body.value.month.bet.replace('.', ''))).toBeGreaterThanOrEqual(4_000n);
    expect(answer.body.value).toMatchObject({ path: ['ta', 'ta_agent', 'ta_deep'], currency: 'BDT' });
    expect(answer.body.value.downline).toMatchObject({ account: 'ta_deep', level: 2 });
    expect(Array.isArray(answer.body.value.contracts)).toBe(true);
  });

  it('refuses an account of another tree, the caller and a player', async () => {
    for (const username of ['tb_deep', 'nobody', 'ta']) {
      expect((await get(`/wps/agent/downline?username=${username}`)).status).toBe(404);
    }
    const player = await playerLogin(teams.sut, 'ta_player');
    expect((await get('/wps/agent/downline?username=ta_deep', player)).status).toBe(403);
  });

  it('disables a downline (its sessions end, it cannot log in) and enables it again', async () => {
    const session = await playerLogin(teams.sut, 'ta_deep');
    const disabled = await post('/wps/agent/downline/status', { username: 'ta_deep', status: 'disabled' });
    expect(disabled.status).toBe(200);
    expect(disabled.body.value).toMatchObject({ account: 'ta_deep', status: 'disabled' });
    const info = await call(teams.sut, { method: 'GET', url: '/wps/v2/wallets/balance', token: session });
    expect(info.status).toBe(401);
    const login = await loginAs(teams.sut, 'ta_deep', teamPassword);
    expect([login.status, login.body.code]).toEqual([403, 'ACCOUNT_DISABLED']);
    const [row] = await teams.sut.db.select().from(members).where(eq(members.id, teams.ids.ta_deep!));
    expect(row?.status).toBe('disabled');
    const enabled = await post('/wps/agent/downline/status', { username: 'ta_deep', status: 'active' });
    expect(enabled.body.value.status).toBe('active');
    await playerLogin(teams.sut, 'ta_deep');
  });

  it("refuses another tree's account and bad input, changing nothing", async () => {
    const player = await playerLogin(teams.sut, 'ta_player');
    const before = await snapshot(teams);
    for (const username of ['tb_deep', 'tb', 'ta', 'nobody']) {
      const answer = await post('/wps/agent/downline/status', { username, status: 'disabled' });
      expect([username, answer.status]).toEqual([username, 404]);
    }
    expect((await post('/wps/agent/downline/status', { username: 'ta_deep', status: 'gone' })).status).toBe(
      400,
    );
    const byPlayer = await call(teams.sut, {
      method: 'POST',
      url: '/wps/agent/downline/status',
      token: player,
      body: { username: 'ta_deep', status: 'disabled' },
    });
    expect(byPlayer.status).toBe(403);
    expect(await snapshot(teams)).toBe(before);
  });
});
