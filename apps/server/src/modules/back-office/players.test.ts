import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import type { TestApp } from '../../test/helper.ts';
import { members, sessions } from '../accounts/accounts.tables.ts';
import { operators } from '../accounts/operators.tables.ts';
import { demoAccounts } from '../accounts/accounts.seed.ts';
import { call, operatorLogin, operatorOfRole } from '../accounts/accounts.test-support.ts';
import { createSession } from '../accounts/session.service.ts';
import { operatorAudit } from '../audit/audit.tables.ts';
import {
  GAME,
  endVendorTest,
  fund,
  openWalletSession,
  startVendorTest,
  vendorCall,
} from '../games/vendor-wallet.test-support.ts';

/**
 * The back office's players and agents (issue 15, item 3): search, a member's page and activity,
 * status changes that end web and game sessions, ending sessions, notes; every refusal audited.
 */

let sut: TestApp;
let owner: string;
let playerId: number;
let nodeId: number;
let serial = 0;

beforeAll(async () => {
  const started = await startVendorTest();
  ({ sut, playerId, nodeId } = started);
  owner = await operatorLogin(sut);
});
afterAll(async () => {
  await endVendorTest(sut);
});

const get = (url: string, token = owner) => call(sut, { method: 'GET', url, token });
const post = (url: string, body: unknown, token = owner) => call(sut, { method: 'POST', url, body, token });

/** A new player (type 0 unless told) with a member-site session from `ip`. */
async function newMember(
  fields: { nickname?: string; type?: number; uplineId?: number; mobile?: string; ip?: string } = {},
) {
  serial += 1;
  const account = `bo_member_${serial}_${Date.now() % 100_000}`;
  const [row] = await sut.db
    .insert(members)
    .values({
      account,
      nickname: fields.nickname ?? account,
      type: fields.type ?? 0,
      uplineId: fields.uplineId ?? null,
      mobile: fields.mobile ?? null,
      registerIp: '198.51.100.1',
      registerMethod: 'TEST',
    })
    .returning({ id: members.id });
  const id = row!.id;
  const token = await createSession({
    db: sut.db,
    env: sut.app.env,
    memberId: id,
    site: 'member',
    ip: fields.ip ?? '192.0.2.10',
    userAgent: 'Mozilla/5.0 (Linux; Android 10) test',
  });
  return { id, account, token };
}

async function auditRows(action: string) {
  return sut.db
    .select()
    .from(operatorAudit)
    .where(eq(operatorAudit.action, action))
    .orderBy(desc(operatorAudit.id));
}

describe('player search', () => {
  it('finds members by username prefix in any case, by id, mobile and IP, never operators', async () => {
    const byName = await get('/api/operator/players?by=username&q=DEMOPLAY');
    expect(byName.status).toBe(200);
    expect(byName.body.value.items.map((item: { account: string }) => item.account)).toEqual(['demoplayer']);
    const found = byName.body.value.items[0];
    expect(found).toMatchObject({
      id: playerId,
      kind: 'player',
      status: 'active',
      mobile: demoAccounts.player.mobile,
      balance: '1000.00',
    });

    const byId = await get(`/api/operator/players?by=id&q=${playerId}`);
    expect(byId.body.value.items.map((item: { id: number }) => item.id)).toEqual([playerId]);

    const byMobile = await get('/api/operator/players?by=mobile&q=1700000002');
    expect(byMobile.body.value.items.map((item: { id: number }) => item.id)).toEqual([playerId]);

    const member = await newMember({ ip: '203.0.113.77' });
    const byIp = await get('/api/operator/players?by=ip&q=203.0.113.77');
    expect(byIp.body.value).toMatchObject({ total: 1, items: [{ id: member.id }] });
    const byRegisterIp = await get('/api/operator/players?by=ip&q=198.51.100.1');
    expect(byRegisterIp.body.value.items.map((item: { id: number }) => item.id)).toContain(member.id);

    const operators = await get('/api/operator/players?by=username&q=operator');
    expect(operators.body.value).toMatchObject({ total: 0, items: [] });
    // A search text that is not an id finds nothing (no error); "%" is a letter, not a wildcard.
    expect((await get('/api/operator/players?by=id&q=abc')).body.value.total).toBe(0);
    expect((await get('/api/operator/players?by=username&q=%25')).body.value.total).toBe(0);
  });

  it("gives each member of a page their own balance, the same as their page's (one read per page)", async () => {
    const page = await get('/api/operator/players?by=username&q=demo');
    const items = page.body.value.items as { id: number; account: string; balance: string }[];
    expect(items.length).toBeGreaterThan(1);
    expect(items.find((item) => item.account === 'demoplayer')?.balance).toBe('1000.00');
    for (const item of items) {
      const detail = await get(`/api/operator/players/detail?id=${item.id}`);
      expect(detail.body.value.balance.sumBalance).toBe(item.balance);
    }
  });

  it('pages the results', async () => {
    for (let index = 0; index < 3; index += 1) await newMember();
    const first = await get('/api/operator/players?by=username&q=bo_member_&pageSize=2&page=1');
    const second = await get('/api/operator/players?by=username&q=bo_member_&pageSize=2&page=2');
    expect(first.body.value.items).toHaveLength(2);
    expect(first.body.value.total).toBeGreaterThanOrEqual(3);
    expect(second.body.value.items[0].id).toBeLessThan(first.body.value.items[1].id);
  });

  it('refuses bad input with the field: a NUL byte, an over-long text, an unknown kind, no text', async () => {
    const nul = await get('/api/operator/players?by=username&q=demo%00player');
    expect([nul.status, nul.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    const long = await get(`/api/operator/players?by=username&q=${'a'.repeat(65)}`);
    expect([long.status, long.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    const kind = await get('/api/operator/players?by=email&q=a');
    expect([kind.status, kind.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    const empty = await get('/api/operator/players?by=username&q=');
    expect([empty.status, empty.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    const pageSize = await get('/api/operator/players?q=a&pageSize=101');
    expect(pageSize.status).toBe(400);
  });

  it('refuses a role without players.read, and the refusal is in the audit trail', async () => {
    const content = await operatorOfRole(sut, 'content');
    const answer = await get('/api/operator/players?q=demo', content.token);
    expect([answer.status, answer.body.code]).toEqual([403, 'FORBIDDEN']);
    expect(answer.body.value).toMatchObject({ permission: 'players.read', role: 'content' });
    const [entry] = await auditRows('operatorPlayerSearch');
    expect(entry).toMatchObject({ operator: content.account, outcome: 'refused', errorCode: 'FORBIDDEN' });
    // Support, risk, finance and read-only may read.
    const support = await operatorOfRole(sut, 'support');
    expect((await get('/api/operator/players?q=demo', support.token)).status).toBe(200);
  });

  it('returns a nickname a member typed as plain data', async () => {
    const nickname = '<img src=x onerror=alert(1)>';
    const member = await newMember({ nickname });
    const found = await get(`/api/operator/players?by=id&q=${member.id}`);
    expect(found.body.value.items[0].nickname).toBe(nickname);
    const detail = await get(`/api/operator/players/detail?id=${member.id}`);
    expect(detail.body.value.profile.nickname).toBe(nickname);
  });
});

describe("a member's page", () => {
  it('shows the profile, balance per wallet, limits, upline, counts', async () => {
    const answer = await get(`/api/operator/players/detail?id=${playerId}`);
    expect(answer.status).toBe(200);
    const detail = answer.body.value;
    expect(detail.profile).toMatchObject({ account: 'demoplayer', kind: 'player', status: 'active' });
    expect(detail.balance).toMatchObject({ sumBalance: '1000.00', currency: 'BDT' });
    expect(detail.balance.wallets).toContainEqual({ kind: 'main', vendor: null, balance: '1000.00' });
    expect(detail.limits.deposit.day).toMatchObject({ current: null, used: '0.00' });
    expect(detail.upline.map((item: { account: string }) => item.account)).toEqual(['demoagent']);
    expect(detail.agent).toBeNull();
    expect(detail.counts).toMatchObject({ deposits: 0, withdrawals: 0, notes: 0 });
    expect(detail.counts.liveSessions).toBeGreaterThanOrEqual(1);
  });

  it("shows an agent's team and contracts, and the chain of uplines", async () => {
    const top = await newMember({ type: 1 });
    const middle = await newMember({ type: 1, uplineId: top.id });
    const leaf = await newMember({ uplineId: middle.id });
    await newMember({ uplineId: top.id });
    const agent = await get(`/api/operator/players/detail?id=${top.id}`);
    expect(agent.body.value.profile.kind).toBe('agent');
    expect(agent.body.value.agent).toMatchObject({ directCount: 2, teamCount: 3, contracts: [] });
    const chain = await get(`/api/operator/players/detail?id=${leaf.id}`);
    expect(chain.body.value.upline.map((item: { id: number }) => item.id)).toEqual([middle.id, top.id]);
  });

  it('answers NOT_FOUND for an unknown id or an operator, 400 for a bad id', async () => {
    const unknown = await get('/api/operator/players/detail?id=999999');
    expect([unknown.status, unknown.body.code]).toEqual([404, 'NOT_FOUND']);
    const [operator] = await sut.db.select().from(operators).where(eq(operators.account, 'operator'));
    const notMember = await get(`/api/operator/players/detail?id=${operator!.id}`);
    expect(notMember.status).toBe(404);
    for (const id of ['0', 'abc', '2147483648', '-1']) {
      const bad = await get(`/api/operator/players/detail?id=${id}`);
      expect([bad.status, bad.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    }
  });

  it('refuses a role without players.read', async () => {
    const content = await operatorOfRole(sut, 'content');
    const answer = await get(`/api/operator/players/detail?id=${playerId}`, content.token);
    expect(answer.status).toBe(403);
  });
});

describe("a member's activity", () => {
  it('lists sessions and logins with IP and device, rounds, and empty deposits, withdrawals and bonuses', async () => {
    const member = await newMember({ ip: '192.0.2.55' });
    await fund(sut.db, member.id, 50_000n, `fund-activity-${member.id}`);
    const sessionId = await openWalletSession(sut, member.token, nodeId);
    const bet = await vendorCall(sut, 'debit', {
      sessionId,
      transactionId: `act-d-${member.id}`,
      roundId: `act-r-${member.id}`,
      gameCode: GAME,
      amount: 1_000,
    });
    expect(bet.status).toBe(200);

    const activity = (kind: string) => get(`/api/operator/players/activity?id=${member.id}&kind=${kind}`);
    const sessionsAnswer = await activity('sessions');
    expect(sessionsAnswer.body.value).toMatchObject({
      kind: 'sessions',
      total: 1,
      items: [
        { ip: '192.0.2.55', userAgent: 'Mozilla/5.0 (Linux; Android 10) test', live: true, endedAt: null },
      ],
    });
    expect((await activity('logins')).body.value).toMatchObject({
      kind: 'logins',
      items: [{ ip: '192.0.2.55', site: 'member' }],
    });
    expect((await activity('rounds')).body.value).toMatchObject({
      kind: 'rounds',
      total: 1,
      items: [{ roundId: `act-r-${member.id}`, bet: '10.00', status: 'open' }],
    });
    // Names for people beside the codes (the page showed "TCG_SEA · ELOTT").
    const [round] = (await activity('rounds')).body.value.items;
    expect(round.gameName).toEqual(expect.any(String));
    expect(round.vendorName).toEqual(expect.any(String));
    expect(round.vendorName).not.toBe(round.vendor);
    for (const kind of ['deposits', 'withdrawals', 'bonuses']) {
      expect((await activity(kind)).body.value).toMatchObject({ kind, total: 0, items: [] });
    }
  });

  it('refuses an unknown kind, a bad page, an unknown member, and a role without players.read', async () => {
    const kind = await get(`/api/operator/players/activity?id=${playerId}&kind=secrets`);
    expect([kind.status, kind.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    const page = await get(`/api/operator/players/activity?id=${playerId}&kind=sessions&page=0`);
    expect(page.status).toBe(400);
    const unknown = await get('/api/operator/players/activity?id=999999&kind=sessions');
    expect([unknown.status, unknown.body.code]).toEqual([404, 'NOT_FOUND']);
    const content = await operatorOfRole(sut, 'content');
    const refused = await get(`/api/operator/players/activity?id=${playerId}&kind=sessions`, content.token);
    expect(refused.status).toBe(403);
  });
});

describe('status changes', () => {
  it('disabling a member ends their web and game sessions: the next bet is refused; it is audited before/after', async () => {
    const member = await newMember();
    await fund(sut.db, member.id, 100_000n, `fund-status-${member.id}`);
    const gameSession = await openWalletSession(sut, member.token, nodeId);
    const first = await vendorCall(sut, 'debit', {
      sessionId: gameSession,
      transactionId: `st-d1-${member.id}`,
      roundId: `st-r1-${member.id}`,
      gameCode: GAME,
      amount: 1_000,
    });
    expect(first.status).toBe(200);

    const support = await operatorOfRole(sut, 'support');
    const answer = await post(
      '/api/operator/players/status',
      { id: member.id, status: 'disabled', reason: 'Chargeback fraud, ticket 42' },
      support.token,
    );
    expect(answer.status).toBe(200);
    expect(answer.body.value).toMatchObject({
      id: member.id,
      status: 'disabled',
      statusReason: 'Chargeback fraud, ticket 42',
    });

    const refused = await vendorCall(sut, 'debit', {
      sessionId: gameSession,
      transactionId: `st-d2-${member.id}`,
      roundId: `st-r2-${member.id}`,
      gameCode: GAME,
      amount: 1_000,
    });
    expect([refused.status, refused.body.code]).toEqual([401, 'INVALID_TOKEN']);
    const web = await call(sut, { method: 'GET', url: '/wps/member/info', token: member.token });
    expect(web.status).toBe(401);
    const live = await sut.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.memberId, member.id)));
    expect(live.every((row) => row.revokedAt !== null)).toBe(true);

    const [entry] = await auditRows('operatorPlayerSetStatus');
    expect(entry).toMatchObject({
      operator: support.account,
      role: 'support',
      outcome: 'ok',
      targetKind: 'member',
      targetId: String(member.id),
      reason: 'Chargeback fraud, ticket 42',
      before: { status: 'active' },
      after: { status: 'disabled', sessionsEnded: 1 },
    });

    const detail = await get(`/api/operator/players/detail?id=${member.id}`);
    expect(detail.body.value.profile).toMatchObject({
      status: 'disabled',
      statusReason: 'Chargeback fraud, ticket 42',
    });
    expect(detail.body.value.counts.liveSessions).toBe(0);

    // Unlocking brings the account back; the member logs in again (old sessions stay ended).
    const unlock = await post('/api/operator/players/status', {
      id: member.id,
      status: 'active',
      reason: 'Cleared',
    });
    expect(unlock.body.value.status).toBe('active');
    expect((await call(sut, { method: 'GET', url: '/wps/member/info', token: member.token })).status).toBe(
      401,
    );
  });

  it('locks a member (also ending sessions)', async () => {
    const member = await newMember();
    const answer = await post('/api/operator/players/status', {
      id: member.id,
      status: 'locked',
      reason: 'Check ID',
    });
    expect(answer.body.value.status).toBe('locked');
    expect((await call(sut, { method: 'GET', url: '/wps/member/info', token: member.token })).status).toBe(
      401,
    );
  });

  it('refuses an operator as the target, a missing or bad reason, a status an operator may not set', async () => {
    // An operator is no member (operators' own table): not found among the players.
    const [operator] = await sut.db.select().from(operators).where(eq(operators.account, 'operator'));
    const target = await post('/api/operator/players/status', {
      id: operator!.id,
      status: 'disabled',
      reason: 'no',
    });
    expect([target.status, target.body.code]).toEqual([404, 'NOT_FOUND']);
    const member = await newMember();
    const bodies = [
      { id: member.id, status: 'disabled' },
      { id: member.id, status: 'disabled', reason: '' },
      { id: member.id, status: 'disabled', reason: 'bad\u0000reason' },
      { id: member.id, status: 'disabled', reason: 'x'.repeat(501) },
      { id: member.id, status: 'self_excluded', reason: 'no' },
      { id: 'abc', status: 'disabled', reason: 'no' },
    ];
    for (const body of bodies) {
      const answer = await post('/api/operator/players/status', body);
      expect([answer.status, answer.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    }
    const unknown = await post('/api/operator/players/status', { id: 999999, status: 'locked', reason: 'x' });
    expect([unknown.status, unknown.body.code]).toEqual([404, 'NOT_FOUND']);
    const [stillActive] = await sut.db.select().from(members).where(eq(members.id, member.id));
    expect(stillActive!.status).toBe('active');
  });

  it('does not lift a self-exclusion', async () => {
    const member = await newMember();
    await sut.db.update(members).set({ status: 'self_excluded' }).where(eq(members.id, member.id));
    const answer = await post('/api/operator/players/status', {
      id: member.id,
      status: 'active',
      reason: 'asked',
    });
    expect([answer.status, answer.body.code]).toEqual([409, 'CONFLICT']);
  });

  it('refuses roles without players.status, and audits the refusal', async () => {
    const member = await newMember();
    for (const role of ['content', 'readonly', 'finance'] as const) {
      const operator = await operatorOfRole(sut, role);
      const answer = await post(
        '/api/operator/players/status',
        { id: member.id, status: 'disabled', reason: 'try' },
        operator.token,
      );
      expect([answer.status, answer.body.code]).toEqual([403, 'FORBIDDEN']);
      const [entry] = await auditRows('operatorPlayerSetStatus');
      expect(entry).toMatchObject({ operator: operator.account, outcome: 'refused' });
    }
    const [row] = await sut.db.select().from(members).where(eq(members.id, member.id));
    expect(row!.status).toBe('active');
  });
});

describe('ending sessions', () => {
  it('ends every web and game session of a member, audited', async () => {
    const member = await newMember();
    await fund(sut.db, member.id, 10_000n, `fund-end-${member.id}`);
    const gameSession = await openWalletSession(sut, member.token, nodeId);
    const risk = await operatorOfRole(sut, 'risk');
    const answer = await post(
      '/api/operator/players/sessions/end',
      { id: member.id, reason: 'Shared device' },
      risk.token,
    );
    expect(answer.body).toMatchObject({ success: true, value: { ended: 1 } });
    const balance = await vendorCall(sut, 'balance', { sessionId: gameSession });
    expect([balance.status, balance.body.code]).toEqual([401, 'INVALID_TOKEN']);
    expect((await call(sut, { method: 'GET', url: '/wps/member/info', token: member.token })).status).toBe(
      401,
    );
    const [entry] = await auditRows('operatorPlayerEndSessions');
    expect(entry).toMatchObject({
      operator: risk.account,
      outcome: 'ok',
      reason: 'Shared device',
      before: { liveSessions: 1 },
      after: { liveSessions: 0 },
    });
  });

  it('refuses bad input, an unknown member and a role without players.sessions', async () => {
    const bad = await post('/api/operator/players/sessions/end', { id: playerId, reason: 'a\u0000b' });
    expect(bad.status).toBe(400);
    const unknown = await post('/api/operator/players/sessions/end', { id: 999999 });
    expect(unknown.status).toBe(404);
    const readonly = await operatorOfRole(sut, 'readonly');
    const refused = await post('/api/operator/players/sessions/end', { id: playerId }, readonly.token);
    expect([refused.status, refused.body.code]).toEqual([403, 'FORBIDDEN']);
    const [entry] = await auditRows('operatorPlayerEndSessions');
    expect(entry).toMatchObject({ operator: readonly.account, outcome: 'refused' });
  });
});

describe('notes', () => {
  it('adds notes (audited) and lists them newest first, as plain data', async () => {
    const member = await newMember();
    const support = await operatorOfRole(sut, 'support');
    const first = await post(
      '/api/operator/players/notes/add',
      { id: member.id, text: 'Called about KYC' },
      support.token,
    );
    expect(first.body.value).toMatchObject({ operator: support.account, text: 'Called about KYC' });
    const html = '<script>alert(1)</script>';
    await post('/api/operator/players/notes/add', { id: member.id, text: html });
    const list = await get(`/api/operator/players/notes?id=${member.id}`, support.token);
    expect(list.body.value.map((note: { text: string }) => note.text)).toEqual([html, 'Called about KYC']);
    const [entry] = await auditRows('operatorPlayerAddNote');
    expect(entry).toMatchObject({ outcome: 'ok', targetId: String(member.id), after: { text: html } });
  });

  it('refuses an empty, over-long or NUL note, an unknown member, and a role without players.notes', async () => {
    for (const text of ['', ' ', 'x'.repeat(2001), 'a\u0000b']) {
      const answer = await post('/api/operator/players/notes/add', { id: playerId, text });
      expect([answer.status, answer.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    }
    expect((await post('/api/operator/players/notes/add', { id: 999999, text: 'x' })).status).toBe(404);
    expect((await get('/api/operator/players/notes?id=999999')).status).toBe(404);
    const finance = await operatorOfRole(sut, 'finance');
    const refused = await post('/api/operator/players/notes/add', { id: playerId, text: 'x' }, finance.token);
    expect([refused.status, refused.body.code]).toEqual([403, 'FORBIDDEN']);
    const [entry] = await auditRows('operatorPlayerAddNote');
    expect(entry).toMatchObject({ operator: finance.account, outcome: 'refused' });
    // Finance may read notes (players.read), content may not.
    expect((await get(`/api/operator/players/notes?id=${playerId}`, finance.token)).status).toBe(200);
    const content = await operatorOfRole(sut, 'content');
    expect((await get(`/api/operator/players/notes?id=${playerId}`, content.token)).status).toBe(403);
  });
});
