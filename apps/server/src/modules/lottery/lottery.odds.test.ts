import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { call } from '../accounts/accounts.test-support.ts';
import { operatorAudit } from '../audit/audit.tables.ts';
import { newMember } from '../games/games.test-support.ts';
import { ensureLottery } from './lottery.routes.ts';

/**
 * Odds that cannot ruin the house (issue 36 item 6): every line carries its exact RTP, odds at or
 * above 100 % are refused, odds above the brand's ceiling (98 %) wait for a second operator.
 */
let sut: TestApp;
let first: { id: number; token: string };
let second: { id: number; token: string };
let player: { id: number; token: string };

const get = (url: string, token?: string) => call(sut, { method: 'GET', url, ...(token ? { token } : {}) });
const put = (url: string, body: unknown, token?: string) =>
  call(sut, { method: 'PUT', url, body, ...(token ? { token } : {}) });
const post = (url: string, body: unknown, token?: string) =>
  call(sut, { method: 'POST', url, body, ...(token ? { token } : {}) });

const northLo2 = { prizeMode: 'Lott', region: 'north', playType: 'lo2', minStake: '1', maxStake: '10000' };
const lineOf = async (playType: string, region = 'north') =>
  (
    (await get('/api/operator/lottery/odds', first.token)).body.value.list as { [key: string]: string }[]
  ).find((line) => line.region === region && line.playType === playType);
const auditOf = (action: string) =>
  sut.db.select().from(operatorAudit).where(eq(operatorAudit.action, action)).orderBy(operatorAudit.id);

beforeAll(async () => {
  sut = await buildTestApp({ env: { RATE_LIMIT_PER_MINUTE: '100000' } });
  first = await newMember(sut, 'oddsfirst', 0, 'operator');
  second = await newMember(sut, 'oddssecond', 0, 'operator');
  player = await newMember(sut, 'oddsplayer');
  await ensureLottery(sut.db, { catalogue: false });
});
afterAll(async () => {
  await sut.close();
});

describe('lottery odds and their RTP', () => {
  it('shows the exact RTP of every line, to the operator and to the player', async () => {
    expect(await lineOf('lo2')).toMatchObject({ odds: '3.5', rtp: '94.50' });
    expect(await lineOf('xien2', 'south')).toMatchObject({ odds: '30', rtp: '78.32' });
    expect(await lineOf('big_small', 'fast')).toMatchObject({ odds: '1.95', rtp: '97.50' });
    const mb = (await get('/lgw/vn/odds?gameCode=MB')).body.value.list;
    expect(mb.find((line: { playType: string }) => line.playType === 'de')).toMatchObject({ rtp: '95.00' });
  });

  it('sets odds at or under the ceiling at once, audited with the line before and after', async () => {
    const set = await put('/api/operator/lottery/odds', { ...northLo2, odds: '3.629' }, first.token);
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.value).toMatchObject({
      status: 'applied',
      request: null,
      line: { odds: '3.629', rtp: '97.98' },
    });
    const [audited] = (await auditOf('operatorSetLotteryOdds')).slice(-1);
    expect(audited).toMatchObject({ outcome: 'ok', targetId: 'Lott/north/lo2' });
    expect(audited?.before).toMatchObject({ odds: '3.5' });
    expect(audited?.after).toMatchObject({ odds: '3.629' });
    await put('/api/operator/lottery/odds', { ...northLo2, odds: '3.5' }, first.token);
  });

  it('refuses lô "35" typed for "3.5" (945 %), even with a reason, naming the RTP; nothing changes', async () => {
    const before = (await get('/api/operator/lottery/odds', first.token)).body.value.list;
    const typo = await put(
      '/api/operator/lottery/odds',
      { ...northLo2, odds: '35', reason: 'sure' },
      first.token,
    );
    expect(typo.status).toBe(400);
    expect(typo.body.code).toBe('VALIDATION_FAILED');
    expect(typo.body.value.issues[0].field).toBe('odds');
    expect(typo.body.value.issues[0].reason).toContain('945.00 %');
    // Exactly 100 % (đề at 100) is refused too.
    const even = await put(
      '/api/operator/lottery/odds',
      { ...northLo2, playType: 'de', odds: '100', reason: 'promotion' },
      first.token,
    );
    expect([even.status, even.body.value.issues[0].field]).toEqual([400, 'odds']);
    expect((await get('/api/operator/lottery/odds', first.token)).body.value.list).toEqual(before);
    expect((await get('/api/operator/lottery/odds/requests', first.token)).body.value.items).toEqual([]);
    await vi.waitFor(async () => {
      const refused = (await auditOf('operatorSetLotteryOdds')).filter((row) => row.outcome !== 'ok');
      expect(refused.length).toBeGreaterThanOrEqual(2);
    });
  });

  it('holds odds above the ceiling for a second operator: the requester cannot approve, another can', async () => {
    // No reason: refused, naming the ceiling and the largest odds under it.
    const bare = await put('/api/operator/lottery/odds', { ...northLo2, odds: '3.63' }, first.token);
    expect(bare.status).toBe(400);
    expect(bare.body.value.issues[0]).toMatchObject({ field: 'reason' });
    expect(bare.body.value.issues[0].reason).toContain('98 % ceiling (at most 3.629)');

    const held = await put(
      '/api/operator/lottery/odds',
      { ...northLo2, odds: '3.63', reason: 'weekend promotion' },
      first.token,
    );
    expect(held.status, JSON.stringify(held.body)).toBe(200);
    expect(held.body.value).toMatchObject({
      status: 'pending',
      line: { odds: '3.5' },
      request: { odds: '3.63', rtp: '98.01', ceiling: '98.00', status: 'pending', requestedBy: 'oddsfirst' },
    });
    expect((await lineOf('lo2'))?.odds).toBe('3.5');
    const { requestId } = held.body.value.request;
    const pending = (await get('/api/operator/lottery/odds/requests', second.token)).body.value;
    expect(pending).toMatchObject({ ceiling: '98', items: [{ requestId, playType: 'lo2' }] });

    const own = await post(
      '/api/operator/lottery/odds/requests/decide',
      { requestId, decision: 'approve' },
      first.token,
    );
    expect([own.status, own.body.code]).toEqual([409, 'SECOND_APPROVER_REQUIRED']);
    expect((await lineOf('lo2'))?.odds).toBe('3.5');

    const [a, b] = await Promise.all([
      post('/api/operator/lottery/odds/requests/decide', { requestId, decision: 'approve' }, second.token),
      post('/api/operator/lottery/odds/requests/decide', { requestId, decision: 'reject' }, second.token),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const decided = a.status === 200 ? a : b;
    expect((await lineOf('lo2'))?.odds).toBe(decided.body.value.status === 'approved' ? '3.63' : '3.5');
    const [audited] = (
      await auditOf(`lottery-odds.${decided.body.value.status === 'approved' ? 'approve' : 'reject'}`)
    ).slice(-1);
    expect(audited).toMatchObject({
      operator: 'oddssecond',
      targetId: 'Lott/north/lo2',
      reason: 'weekend promotion',
    });
    expect((await auditOf('lottery-odds.request')).slice(-1)[0]).toMatchObject({ operator: 'oddsfirst' });

    // Rejected: nothing changes.
    const again = await put(
      '/api/operator/lottery/odds',
      { ...northLo2, odds: '3.7', reason: 'try' },
      first.token,
    );
    const reject = await post(
      '/api/operator/lottery/odds/requests/decide',
      { requestId: again.body.value.request.requestId, decision: 'reject', reason: 'no' },
      second.token,
    );
    expect(reject.body.value).toMatchObject({
      status: 'rejected',
      decidedBy: 'oddssecond',
      decisionReason: 'no',
    });
    expect((await lineOf('lo2'))?.odds).not.toBe('3.7');
    const missing = await post(
      '/api/operator/lottery/odds/requests/decide',
      { requestId: 999999, decision: 'approve' },
      second.token,
    );
    expect(missing.status).toBe(404);
    await put('/api/operator/lottery/odds', { ...northLo2, odds: '3.5' }, first.token);
  });

  it("shows each lobby game's RTP range at the current odds (issue 36 item 7)", async () => {
    const menu = (await get('/lgw/vn/games/game_menu')).body.value.gameMenus as {
      games: { gameCode: string; rtp: unknown }[];
    }[];
    const rtpOf = (code: string) =>
      menu.flatMap((tab) => tab.games).find((game) => game.gameCode === code)?.rtp;
    // South: xiên 4 at 1000 returns 55.52 %, đầu/đuôi/xỉu chủ 95 %; fast: big/small 97.50 %.
    expect(rtpOf('HCM')).toEqual({ min: '55.52', max: '95.00' });
    expect(rtpOf('MB')).toEqual({ min: '72.08', max: '95.00' });
    expect(rtpOf('FAST_1')).toEqual({ min: '72.08', max: '97.50' });
  });

  it("holds the market's own play types to the same rules (issue 36 item 7)", async () => {
    expect(await lineOf('ba_cang')).toMatchObject({ odds: '950', rtp: '95.00' });
    expect(await lineOf('dau_g8', 'south')).toMatchObject({ odds: '95', rtp: '95.00' });
    expect(await lineOf('duoi_db', 'central')).toMatchObject({ odds: '95', rtp: '95.00' });
    expect(await lineOf('xiu_chu', 'south')).toMatchObject({ odds: '475', rtp: '95.00' });
    // The north's đề, đầu and đuôi are no play types of the south: not listed, not settable.
    expect(await lineOf('de', 'south')).toBeUndefined();
    const southXiuChu = { ...northLo2, region: 'south', playType: 'xiu_chu' };
    const notSouth = await put(
      '/api/operator/lottery/odds',
      { ...southXiuChu, playType: 'de', odds: '90' },
      first.token,
    );
    expect([notSouth.status, notSouth.body.value.issues[0].field]).toEqual([400, 'playType']);
    // Xỉu chủ pays up to twice: 500 is 100 %, refused; 491 (98.2 %) waits for a second operator.
    const even = await put(
      '/api/operator/lottery/odds',
      { ...southXiuChu, odds: '500', reason: 'x' },
      first.token,
    );
    expect([even.status, even.body.value.issues[0].field]).toEqual([400, 'odds']);
    expect(even.body.value.issues[0].reason).toContain('100.00 %');
    const held = await put(
      '/api/operator/lottery/odds',
      { ...southXiuChu, odds: '491', reason: 'promo' },
      first.token,
    );
    expect(held.body.value).toMatchObject({ status: 'pending', request: { rtp: '98.20', ceiling: '98.00' } });
    expect((await lineOf('xiu_chu', 'south'))?.odds).toBe('475');
    await post(
      '/api/operator/lottery/odds/requests/decide',
      { requestId: held.body.value.request.requestId, decision: 'reject' },
      second.token,
    );
    const cang = await put(
      '/api/operator/lottery/odds',
      { ...northLo2, playType: 'ba_cang', odds: '980' },
      first.token,
    );
    expect(cang.body.value).toMatchObject({ status: 'applied', line: { odds: '980', rtp: '98.00' } });
    await put('/api/operator/lottery/odds', { ...northLo2, playType: 'ba_cang', odds: '950' }, first.token);
  });

  it('refuses a member and a guest', async () => {
    expect((await get('/api/operator/lottery/odds/requests')).status).toBe(401);
    expect((await get('/api/operator/lottery/odds/requests', player.token)).status).toBe(403);
    const decide = { requestId: 1, decision: 'approve' };
    expect((await post('/api/operator/lottery/odds/requests/decide', decide)).status).toBe(401);
    expect((await post('/api/operator/lottery/odds/requests/decide', decide, player.token)).status).toBe(403);
    const bad = await post(
      '/api/operator/lottery/odds/requests/decide',
      { requestId: 'x', decision: 'maybe' },
      second.token,
    );
    expect(bad.status).toBe(400);
  });
});
