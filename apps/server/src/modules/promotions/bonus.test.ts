import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BonusRule } from '@khela/contract';
import type { TestApp } from '../../test/helper.ts';
import { appWithOperatorAndPlayer, call } from '../accounts/accounts.test-support.ts';
import { gameRounds } from '../games/games.tables.ts';
import { newMember } from '../games/games.test-support.ts';
import {
  GAME,
  fund,
  openWalletSession,
  setupVendor,
  vendorCall,
} from '../games/vendor-wallet.test-support.ts';
import { rowsOf } from '../ledger/ledger.service.ts';
import { expectLedgerValid } from '../ledger/ledger.test-support.ts';
import { aggregateReports } from '../reports/reports.aggregate.ts';
import { getSettings } from '../settings/settings.service.ts';
import { uniqueKeys } from '../wallet/money.test-support.ts';
import { checkRule, periodKeyOf, settleDueBonuses, smallestWageringMultiple } from './bonus.service.ts';
import { approvedDeposit, cashAndBonus, promotionWithRule, testBonusRule } from './bonus.test-support.ts';
import { bonusesOffLedger } from './promotions.ledger-check.ts';
import { bonusClaims } from './promotions.tables.ts';
import { bindDemoPayoutAccount } from '../withdrawals/withdrawals.test-support.ts';

/**
 * Bonus promotions (issue 39; docs/promotions.md "Bonus money and wagering"): rules as data, one
 * claim per rule period and one open bonus per member, the bonus wallet credited in one entry, bets
 * drawing cash first and then bonus, wins shared as the stake was, the maximum bet at the bet,
 * wagering counted by weight and edge, conversion to cash, expiry, forfeiture by a withdrawal, and
 * every refusal with nothing moved.
 */
let sut: TestApp;
let operator: string;
let player: string;
let nodeId: number;

beforeAll(async () => {
  ({ sut, operator, player } = await appWithOperatorAndPlayer({ MONEY_RATE_LIMIT_PER_MINUTE: '100000' }));
  ({ nodeId } = await setupVendor(sut.db));
});
afterAll(async () => {
  await expectLedgerValid(sut.db);
  await sut.close();
});

const baseRule: BonusRule = testBonusRule;

const HOUR = 3_600_000;

/** A running promotion page with `rule`; returns its id. */
function promotion(
  rule: Partial<BonusRule> = {},
  options: { startsAt?: Date | null; endsAt?: Date | null; paused?: boolean } = {},
): Promise<number> {
  return promotionWithRule(sut.db, { ...baseRule, ...rule }, options);
}

let accounts = 0;
async function member(type = 0) {
  return newMember(sut, `bonus${++accounts}`, type);
}

const claim = (token: string | null, body: unknown) =>
  call(sut, { method: 'POST', url: '/wps/promotion/claim', token, body });
const offer = (token: string | null, id: number | string) =>
  call(sut, { method: 'GET', url: `/wps/promotion/offer?id=${id}&language=EN`, token });
const bonuses = (token: string | null) => call(sut, { method: 'GET', url: '/wps/promotion/bonuses', token });

const balances = (memberId: number) => cashAndBonus(sut.db, memberId);

async function claimRow(memberId: number) {
  const [row] = await sut.db
    .select()
    .from(bonusClaims)
    .where(eq(bonusClaims.memberId, memberId))
    .orderBy(sql`${bonusClaims.id} desc`)
    .limit(1);
  return row!;
}

async function entriesOf(claimId: number) {
  return rowsOf<{ kind: string }>(
    await sut.db.execute(sql`
      select e.kind from journal_entries e where e.metadata ->> 'claimId' = ${String(claimId)}
         and e.metadata ->> 'promotion' = 'bonus' order by e.id`),
  );
}

const nextId = uniqueKeys('bonus-tx');

/** A seamless round of GAME: one debit, one final credit; answers the debit's reply. */
async function playRound(sessionId: string, bet: number, win: number) {
  const roundId = nextId();
  const debit = await vendorCall(sut, 'debit', {
    sessionId,
    transactionId: nextId(),
    roundId,
    gameCode: GAME,
    amount: bet,
  });
  if (debit.status !== 200) return debit;
  const credit = await vendorCall(sut, 'credit', {
    sessionId,
    transactionId: nextId(),
    roundId,
    amount: win,
    final: true,
  });
  expect(credit.status, credit.rawBody).toBe(200);
  return debit;
}

/** The edge (basis points, at most the reference 500) a round of the test vendor's game counts by. */
async function gameEdge(): Promise<bigint> {
  const [row] = rowsOf<{ edge: string }>(
    await sut.db.execute(sql`
      select least(coalesce(
        (select e.edge_bp from agent_game_edges(100) e where e.node_id = ${nodeId}),
        (select e.edge_bp from agent_game_edges(100) e where e.node_id is null and e.game_type = 'RNG'),
        100), 500)::text as edge`),
  );
  return BigInt(row!.edge);
}

const minor = (text: string) => BigInt(text.replace('.', ''));

describe('a fixed bonus', () => {
  it('is credited at the claim; bets draw cash first, then bonus; wins are shared; the wagering done turns it into cash', async () => {
    const id = await promotion();
    const { id: memberId, token } = await member();
    await fund(sut.db, memberId, 500n, `bonus-fund-a-${memberId}`);

    const claimed = await claim(token, { promotionId: id });
    expect(claimed.status, JSON.stringify(claimed.body)).toBe(200);
    expect(claimed.body.value).toMatchObject({
      state: 'active',
      amount: '10.00',
      balance: '10.00',
      wageringRequired: '600.00',
      wageringDone: '0.00',
      maxBet: '50.00',
      kind: 'fixed',
    });
    expect(await balances(memberId)).toEqual({ main: 500n, bonus: 1000n });
    const row = await claimRow(memberId);
    expect(await entriesOf(row.id)).toEqual([{ kind: 'bonus' }]);
    expect((await offer(token, id)).body.value).toMatchObject({ state: 'issued' });

    const sessionId = await openWalletSession(sut, token, nodeId);
    const balance = await vendorCall(sut, 'balance', { sessionId });
    expect(balance.body.balance).toBe(1500);

    // 8.00 staked: 5.00 of cash, 3.00 of bonus; the 16.00 win goes back 10.00 cash, 6.00 bonus.
    const debit = await playRound(sessionId, 800, 1600);
    expect(debit.body.balance).toBe(700);
    expect(await balances(memberId)).toEqual({ main: 1000n, bonus: 1300n });
    const [round] = await sut.db.select().from(gameRounds).where(eq(gameRounds.memberId, memberId));
    expect(round).toMatchObject({ betAmount: 800n, bonusBetAmount: 300n, winAmount: 1600n });

    // Above the maximum bet while wagering: refused, nothing moved.
    const over = await playRound(sessionId, 5001, 0);
    expect(over.status).toBe(409);
    expect(over.body).toMatchObject({ ok: false, code: 'BET_LIMIT', maxBet: 5000 });
    expect(await balances(memberId)).toEqual({ main: 1000n, bonus: 1300n });

    // Cash to wager with; rounds at the maximum, each losing a little (a push would count nothing).
    await fund(sut.db, memberId, 200_000n, `bonus-fund-b-${memberId}`);
    const perRound = (5000n * (await gameEdge())) / 500n;
    const rounds = Number((60_000n - (800n * (await gameEdge())) / 500n + perRound - 1n) / perRound);
    for (let index = 0; index < rounds - 1; index += 1) await playRound(sessionId, 5000, 4900);
    const before = await bonuses(token);
    expect(before.body.value.bonuses[0]).toMatchObject({ state: 'active' });
    expect(minor(before.body.value.bonuses[0].wageringLeft)).toBeGreaterThan(0n);
    expect(minor(before.body.value.bonuses[0].wageringDone)).toBe(
      (800n * (await gameEdge())) / 500n + perRound * BigInt(rounds - 1),
    );
    await playRound(sessionId, 5000, 4900);

    const { main } = await balances(memberId);
    const after = await bonuses(token);
    expect(after.body.value.bonusBalance).toBe('0.00');
    expect(after.body.value.bonuses[0]).toMatchObject({
      state: 'converted',
      balance: '13.00',
      wageringLeft: '0.00',
      wageringRequired: '600.00',
    });
    expect(await balances(memberId)).toEqual({ main: main + 1300n, bonus: 0n });
    expect(await entriesOf(row.id)).toEqual([{ kind: 'bonus' }, { kind: 'transfer' }]);
    // No bonus now: the maximum bet no longer applies.
    expect((await playRound(sessionId, 6000, 0)).status).toBe(200);
    expect((await offer(token, id)).body.value).toMatchObject({ state: 'claimed' });
  });

  it('pays once of 50 claims made at the same moment, and refuses the others with nothing moved', async () => {
    const id = await promotion();
    const { id: memberId, token } = await member();
    const answers = await Promise.all(Array.from({ length: 50 }, () => claim(token, { promotionId: id })));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    for (const answer of answers.filter((one) => one.status !== 200)) {
      expect(answer.status).toBe(409);
      expect(answer.body.code).toBe('PROMOTION_NOT_ELIGIBLE');
    }
    expect(await balances(memberId)).toEqual({ main: 0n, bonus: 1000n });
    expect(await entriesOf((await claimRow(memberId)).id)).toHaveLength(1);
  });

  it('is forfeited at its expiry, and a bonus spent to nothing with no round open is lost', async () => {
    const first = await promotion();
    const second = await promotion();
    const { id: memberId, token } = await member();
    expect((await claim(token, { promotionId: first })).status).toBe(200);
    const expired = await claimRow(memberId);
    await sut.db
      .update(bonusClaims)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(bonusClaims.id, expired.id));
    const platformBefore = await platformBalance();
    await settleDueBonuses(sut.db, await getSettings(sut.db));
    expect(await claimRow(memberId)).toMatchObject({ state: 'expired', endAmount: 1000n });
    expect(await balances(memberId)).toEqual({ main: 0n, bonus: 0n });
    expect(await platformBalance()).toBe(platformBefore + 1000n);

    // The next bonus, all of it lost on one round: no cash, so the stake is bonus only.
    expect((await claim(token, { promotionId: second })).status).toBe(200);
    const sessionId = await openWalletSession(sut, token, nodeId);
    expect((await playRound(sessionId, 1000, 0)).status).toBe(200);
    expect(await balances(memberId)).toEqual({ main: 0n, bonus: 0n });
    const listed = await bonuses(token);
    expect(listed.body.value.bonuses.map((bonus: { state: string }) => bonus.state)).toEqual([
      'lost',
      'expired',
    ]);
  });

  it('sends a win that lands after its bonus ended where the bonus went', async () => {
    const id = await promotion({ weights: { LIVE: 100 } });
    const { id: memberId, token } = await member();
    expect((await claim(token, { promotionId: id })).status).toBe(200);
    const sessionId = await openWalletSession(sut, token, nodeId);
    const roundId = nextId();
    const debit = await vendorCall(sut, 'debit', {
      sessionId,
      transactionId: nextId(),
      roundId,
      gameCode: GAME,
      amount: 1000,
    });
    expect(debit.status).toBe(200);
    // The round is open: the spent bonus is not lost yet.
    await settleDueBonuses(sut.db, await getSettings(sut.db));
    expect(await claimRow(memberId)).toMatchObject({ state: 'active' });
    // It expires while the round is open; the win then lands in the bonus wallet and follows it.
    await sut.db
      .update(bonusClaims)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(bonusClaims.memberId, memberId));
    await settleDueBonuses(sut.db, await getSettings(sut.db));
    expect(await claimRow(memberId)).toMatchObject({ state: 'expired', endAmount: 0n });
    const credit = await vendorCall(sut, 'credit', {
      sessionId,
      transactionId: nextId(),
      roundId,
      amount: 2500,
      final: true,
    });
    expect(credit.status).toBe(200);
    expect(await balances(memberId)).toEqual({ main: 0n, bonus: 2500n });
    const platformBefore = await platformBalance();
    await settleDueBonuses(sut.db, await getSettings(sut.db));
    expect(await balances(memberId)).toEqual({ main: 0n, bonus: 0n });
    expect(await platformBalance()).toBe(platformBefore + 2500n);
  });

  it("rounds the bonus's share of a win up, so bonus money never becomes cash by rounding", async () => {
    const id = await promotion();
    const { id: memberId, token } = await member();
    await fund(sut.db, memberId, 300n, `bonus-fund-d-${memberId}`);
    expect((await claim(token, { promotionId: id })).status).toBe(200);
    const sessionId = await openWalletSession(sut, token, nodeId);
    // 7.00 staked: 3.00 cash, 4.00 bonus; of the 10.00 won, 4/7 is 5.714…: 5.72 to bonus, 4.28 to cash.
    await playRound(sessionId, 700, 1000);
    expect(await balances(memberId)).toEqual({ main: 428n, bonus: 1172n });

    // The reports count the whole stake and the whole win, both wallets' parts.
    await aggregateReports(sut.db, { currency: 'BDT', timeZone: 'Asia/Dhaka', cursorLagSeconds: 0 });
    const figures = rowsOf<{ figure: string; amount: string }>(
      await sut.db.execute(sql`
        select figure, sum(amount)::text as amount from report_movements
         where member_id = ${memberId} and figure in ('stake', 'payout') group by figure order by figure`),
    );
    expect(figures).toEqual([
      { figure: 'payout', amount: '1000' },
      { figure: 'stake', amount: '700' },
    ]);
  });

  it('is undone exactly, bonus part too, by a vendor rollback of its debit', async () => {
    const id = await promotion();
    const { id: memberId, token } = await member();
    await fund(sut.db, memberId, 300n, `bonus-fund-c-${memberId}`);
    expect((await claim(token, { promotionId: id })).status).toBe(200);
    const sessionId = await openWalletSession(sut, token, nodeId);
    const roundId = nextId();
    const transactionId = nextId();
    await vendorCall(sut, 'debit', { sessionId, transactionId, roundId, gameCode: GAME, amount: 700 });
    expect(await balances(memberId)).toEqual({ main: 0n, bonus: 600n });
    const rollback = await vendorCall(sut, 'rollback', {
      sessionId,
      transactionId: nextId(),
      roundId,
      referenceTransactionId: transactionId,
    });
    expect(rollback.status, rollback.rawBody).toBe(200);
    expect(rollback.body.balance).toBe(1300);
    expect(await balances(memberId)).toEqual({ main: 300n, bonus: 1000n });
    const [round] = await sut.db.select().from(gameRounds).where(eq(gameRounds.roundId, roundId));
    expect(round).toMatchObject({ betAmount: 0n, bonusBetAmount: 0n, status: 'rolled_back' });
  });
});

async function platformBalance(): Promise<bigint> {
  const [row] = rowsOf<{ balance: string }>(
    await sut.db.execute(sql`
      select coalesce(sum(p.amount), 0)::text as balance from postings p
        join ledger_accounts a on a.id = p.account_id where a.address = 'platform:BDT'`),
  );
  return BigInt(row!.balance);
}

describe('a deposit match', () => {
  const deposit = (token: string, amount: string) =>
    approvedDeposit(sut, { member: token, operator, amount });

  it('waits for the deposit, ignores one below the minimum, and credits a percentage up to its cap', async () => {
    const id = await promotion({
      kind: 'deposit_match',
      percent: '50',
      amount: '100',
      minDeposit: '200',
      firstDepositOnly: true,
    });
    const { id: memberId, token } = await member();
    const claimed = await claim(token, { promotionId: id });
    expect(claimed.body.value).toMatchObject({ state: 'waiting', amount: '0.00' });
    expect((await offer(token, id)).body.value).toMatchObject({ state: 'process' });

    await deposit(token, '150');
    expect(await balances(memberId)).toEqual({ main: 15_000n, bonus: 0n });
    expect(await claimRow(memberId)).toMatchObject({ state: 'waiting' });

    await deposit(token, '500');
    expect(await balances(memberId)).toEqual({ main: 65_000n, bonus: 10_000n });
    const row = await claimRow(memberId);
    expect(row).toMatchObject({ state: 'active', amount: 10_000n, wageringRequired: 600_000n });
    expect(row.depositOrderId).not.toBeNull();
  });

  it('gives a percentage of a deposit under the cap, and refuses a member who deposited before', async () => {
    const id = await promotion({
      kind: 'deposit_match',
      percent: '12.5',
      amount: '1000',
      minDeposit: '100',
      firstDepositOnly: true,
    });
    const { id: memberId, token } = await member();
    expect((await claim(token, { promotionId: id })).status).toBe(200);
    await deposit(token, '333.33');
    // 12.5 % of 333.33, floored to the poisha.
    expect(await balances(memberId)).toEqual({ main: 33_333n, bonus: 4_166n });

    const other = await promotion({
      kind: 'deposit_match',
      percent: '100',
      amount: '100',
      firstDepositOnly: true,
    });
    const refused = await claim(token, { promotionId: other });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'PROMOTION_NOT_ELIGIBLE',
      value: { reason: 'deposited_before' },
    });
  });

  it('takes any deposit when its smallest deposit is zero', async () => {
    const id = await promotion({ kind: 'deposit_match', percent: '10', amount: '100', minDeposit: '0' });
    const { id: memberId, token } = await member();
    expect((await claim(token, { promotionId: id })).status).toBe(200);
    await deposit(token, '100');
    expect(await balances(memberId)).toEqual({ main: 10_000n, bonus: 1_000n });
  });

  it('lapses when no deposit came in time', async () => {
    const id = await promotion({ kind: 'deposit_match', percent: '100', amount: '100' });
    const { id: memberId, token } = await member();
    expect((await claim(token, { promotionId: id })).status).toBe(200);
    await sut.db
      .update(bonusClaims)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(bonusClaims.memberId, memberId));
    await deposit(token, '500');
    expect(await balances(memberId)).toEqual({ main: 50_000n, bonus: 0n });
    await settleDueBonuses(sut.db, await getSettings(sut.db));
    expect(await claimRow(memberId)).toMatchObject({ state: 'lapsed' });
  });
});

describe('a withdrawal while a bonus is wagered', () => {
  it('is refused until the member agrees to forfeit the bonus, which then goes back to the platform', async () => {
    const newRequest = uniqueKeys('bonus-withdraw');
    const adjust = await call(sut, {
      method: 'POST',
      url: '/api/operator/wallet/adjust',
      token: operator,
      body: { username: 'demoplayer', amount: '1000', reason: 'test funds', idempotencyKey: newRequest() },
    });
    expect(adjust.status, JSON.stringify(adjust.body)).toBe(200);
    const accountId = await bindDemoPayoutAccount(sut, player);
    const id = await promotion();
    expect((await claim(player, { promotionId: id })).status).toBe(200);
    const info = await call(sut, { method: 'GET', url: '/wps/withdraw/info', token: player });
    expect(info.body.value.bonus).toEqual({ amount: '10.00', wageringLeft: '600.00' });

    const request = (body: Record<string, unknown>) =>
      call(sut, {
        method: 'POST',
        url: '/wps/withdraw/create',
        token: player,
        sealed: true,
        body: {
          accountId,
          amount: '500',
          paymentPassword: '246810',
          requestId: newRequest(),
          ...body,
        },
      });
    const refused = await request({});
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'BONUS_FORFEIT_REQUIRED',
      value: { bonus: '10.00', wageringLeft: '600.00' },
    });
    const wallets = await call(sut, { method: 'GET', url: '/wps/v2/wallets/balance', token: player });
    expect(wallets.body.value.held).toBe('0.00');

    const accepted = await request({ forfeitBonus: true });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const listed = await bonuses(player);
    expect(listed.body.value.bonuses[0]).toMatchObject({ state: 'forfeited', balance: '10.00' });
    expect(listed.body.value.bonusBalance).toBe('0.00');
    expect(
      (await call(sut, { method: 'GET', url: '/wps/withdraw/info', token: player })).body.value.bonus,
    ).toBe(null);
  });
});

describe('who may claim, and bad input', () => {
  it('refuses a guest, a trial account, an agent and bad bodies, with nothing written', async () => {
    const id = await promotion();
    expect((await claim(null, { promotionId: id })).status).toBe(401);
    const trial = await member(4);
    expect((await claim(trial.token, { promotionId: id })).status).toBe(403);
    const agent = await member(1);
    const refused = await claim(agent.token, { promotionId: id });
    expect(refused.status).toBe(409);
    expect(refused.body.value).toEqual({ reason: 'agent' });
    const { token, id: memberId } = await member();
    for (const body of [{}, { promotionId: 'x' }, { promotionId: id, extra: 1 }, { promotionId: 0 }]) {
      const answer = await claim(token, body);
      expect(answer.status).toBe(400);
      expect(answer.body.code).toBe('VALIDATION_FAILED');
    }
    expect((await claim(token, { promotionId: 999_999 })).status).toBe(404);
    expect((await offer(token, 999_999)).status).toBe(404);
    expect((await offer(token, 'abc')).status).toBe(400);
    const rows = await sut.db.select().from(bonusClaims).where(eq(bonusClaims.memberId, memberId));
    expect(rows).toEqual([]);
    expect((await bonuses(null)).status).toBe(401);
  });

  it('tells each reason a member may not claim, and shows a guest the offer', async () => {
    const later = await promotion({}, { startsAt: new Date(Date.now() + HOUR) });
    const ended = await promotion(
      {},
      { startsAt: new Date(Date.now() - 2 * HOUR), endsAt: new Date(Date.now() - HOUR) },
    );
    const paused = await promotion({}, { paused: true });
    const limited = await promotion({ maxClaims: 1 });
    const young = await promotion({ newMemberDays: 1 });
    const open = await promotion();
    const other = await promotion();

    expect((await offer(null, open)).body.value).toMatchObject({ state: 'claim', bonus: null });
    expect((await offer(null, later)).body.value).toMatchObject({ state: 'coming_soon' });
    expect((await offer(null, ended)).body.value).toMatchObject({ state: 'closed', reason: 'ended' });

    const { token, id: memberId } = await member();
    const reason = async (promotionId: number) => (await claim(token, { promotionId })).body.value?.reason;
    expect(await reason(later)).toBe('not_started');
    expect(await reason(ended)).toBe('ended');
    expect(await reason(paused)).toBe('paused');
    const first = await member();
    expect((await claim(first.token, { promotionId: limited })).status).toBe(200);
    expect(await reason(limited)).toBe('limit_reached');
    expect((await offer(token, limited)).body.value).toMatchObject({
      state: 'closed',
      reason: 'limit_reached',
    });
    await sut.db.execute(
      sql`update members set created_at = now() - interval '2 days' where id = ${memberId}`,
    );
    expect(await reason(young)).toBe('not_new');
    expect((await claim(token, { promotionId: open })).status).toBe(200);
    expect(await reason(other)).toBe('bonus_active');
    expect((await offer(token, other)).body.value).toMatchObject({ state: 'closed', reason: 'bonus_active' });
    expect(await reason(open)).toBe('claimed');
  });
});

describe('the bonuses checked against the ledger', () => {
  it('finds every bonus in agreement, and names one whose record was changed behind the ledger', async () => {
    expect(await bonusesOffLedger(sut.db)).toEqual([]);
    const id = await promotion();
    const { id: memberId, token } = await member();
    expect((await claim(token, { promotionId: id })).status).toBe(200);
    const row = await claimRow(memberId);
    await sut.db.update(bonusClaims).set({ amount: 5_000n }).where(eq(bonusClaims.id, row.id));
    const problems = await bonusesOffLedger(sut.db);
    expect(problems.sort((a, b) => a.problem.localeCompare(b.problem))).toEqual([
      { claimId: row.id, memberId, problem: 'granted 5000 but the bonus wallet received 1000' },
      { claimId: row.id, memberId, problem: 'requires 60000 of wagering, not 5000 × 60' },
    ]);
    // A bonus wallet left holding money with no bonus open, past the settlement's grace.
    await sut.db
      .update(bonusClaims)
      .set({ amount: 1_000n, state: 'lost', endedAt: new Date(Date.now() - 3_600_000), endAmount: 0n })
      .where(eq(bonusClaims.id, row.id));
    expect(await bonusesOffLedger(sut.db)).toEqual([
      { claimId: null, memberId, problem: 'the bonus wallet holds 1000 with no bonus open' },
    ]);
    await settleDueBonuses(sut.db, await getSettings(sut.db));
    expect(await bonusesOffLedger(sut.db)).toEqual([]);
  });
});

describe('rule periods and bounds', () => {
  it("cuts a daily rule at the brand's midnight and a weekly one on its Monday, not UTC's", async () => {
    const daily = { ...baseRule, claimPeriod: 'day' as const };
    const weekly = { ...baseRule, claimPeriod: 'week' as const };
    // 18:30 UTC on Sunday 6 December is 00:30 on Monday 7 December in Dhaka (+06:00).
    const instant = Date.parse('2026-12-06T18:30:00Z');
    expect(periodKeyOf(daily, instant, 'Asia/Dhaka')).toBe('2026-12-07');
    expect(periodKeyOf(daily, instant, 'UTC')).toBe('2026-12-06');
    expect(periodKeyOf(weekly, instant, 'Asia/Dhaka')).toBe('w2026-12-07');
    expect(periodKeyOf(weekly, instant, 'UTC')).toBe('w2026-11-30');
    expect(periodKeyOf(baseRule, instant, 'Asia/Dhaka')).toBe('member');
  });

  it('lets a daily rule be claimed again on the next brand day', async () => {
    const id = await promotion({ claimPeriod: 'day' });
    const { id: memberId, token } = await member();
    expect((await claim(token, { promotionId: id })).status).toBe(200);
    const row = await claimRow(memberId);
    // The bonus ended (what is left in its wallet follows it), and the claim was an earlier day's.
    await sut.db
      .update(bonusClaims)
      .set({ state: 'lost', periodKey: '2000-01-01', endedAt: new Date() })
      .where(eq(bonusClaims.id, row.id));
    const again = await claim(token, { promotionId: id });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
  });

  it('refuses a rule whose wagering would not cover the bonus with the wages and the rebate', async () => {
    const settings = await getSettings(sut.db);
    // The demo brand: wages 50 %, highest rebate 0.8 % (16 % of the edge): 34 % is left → 59×.
    expect(smallestWageringMultiple(settings)).toBe(59);
    expect(() => checkRule(settings, { ...baseRule, wageringMultiple: 58 })).toThrow();
    expect(checkRule(settings, { ...baseRule, wageringMultiple: 59 }).wageringMultiple).toBe(59);
    expect(() => checkRule(settings, { ...baseRule, percent: '10' })).toThrow();
    expect(() => checkRule(settings, { ...baseRule, weights: { RNG: 0 } })).toThrow();
    expect(() => checkRule(settings, { ...baseRule, maxBet: '0' })).toThrow();
    // Amounts the currency cannot hold are refused as bad input on their field, not as a crash.
    try {
      checkRule(settings, { ...baseRule, amount: '10.005', minDeposit: '-1' });
      expect.unreachable();
    } catch (error) {
      expect(error).toMatchObject({
        code: 'VALIDATION_FAILED',
        issues: [
          { field: 'amount', reason: 'at most 2 decimal places' },
          { field: 'minDeposit', reason: 'negative' },
        ],
      });
    }
  });
});
