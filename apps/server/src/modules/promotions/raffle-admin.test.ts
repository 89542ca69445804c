import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { call, operatorOfRole } from '../accounts/accounts.test-support.ts';
import { operatorAudit } from '../audit/audit.tables.ts';
import { insertSettledRound, newMember } from '../games/games.test-support.ts';
import { rowsOf } from '../ledger/ledger.service.ts';
import { expectLedgerValid } from '../ledger/ledger.test-support.ts';
import { getSettings } from '../settings/settings.service.ts';
import { smallestWageringMultiple } from './bonus.service.ts';
import { testBonusRule } from './bonus.test-support.ts';
import { drawLockedRaffles, lockDueRaffles } from './raffle.service.ts';
import { raffles } from './raffle.tables.ts';
import {
  countTestVendorRounds,
  testRaffleBeacon,
  testRaffleRule,
  untilRoundOut,
} from './raffle.test-support.ts';

/**
 * The back office's raffles (issue 39 item 4; docs/back-office-promotions.md "Raffles"): the list
 * (state, entries, tickets, proof fields, winners with their rewards' states, the pages still free),
 * the creation (checked and audited; never twice for a page, never on a bonus promotion), bad input
 * and callers who must be refused.
 */
let sut: TestApp;
let content: { id: number; token: string };
let finance: { id: number; token: string };
let readonly: { id: number; token: string };
let members = 0;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const rule = testRaffleRule;

beforeAll(async () => {
  sut = await buildTestApp({
    env: { RATE_LIMIT_PER_MINUTE: '100000', MONEY_RATE_LIMIT_PER_MINUTE: '100000' },
  });
  // An editor (content), a role without content.read (finance), a reader (readonly).
  [content, finance, readonly] = await Promise.all([
    operatorOfRole(sut, 'content'),
    operatorOfRole(sut, 'finance'),
    operatorOfRole(sut, 'readonly'),
  ]);
  await countTestVendorRounds(sut);
});
afterAll(async () => {
  await expectLedgerValid(sut.db);
  await sut.close();
});

const get = (url: string, token: string | null) => call(sut, { method: 'GET', url, token });
const post = (url: string, body: unknown, token: string | null) =>
  call(sut, { method: 'POST', url, body, token });
const list = (token: string | null = content.token) => get('/api/operator/promotion/raffles', token);
const create = (body: unknown, token: string | null = content.token) =>
  post('/api/operator/promotion/raffle/create', body, token);

let pages = 0;
/** A promotion page made with the content call, as an operator makes it; answers its id. */
async function page() {
  pages += 1;
  const made = await post(
    '/api/operator/content/promotion/create',
    {
      type: 'event',
      action: 'join',
      texts: { EN: { title: `Raffle page ${pages}`, summary: 'A raffle', content: '<p>Rules</p>' } },
      startsAt: new Date(Date.now() - HOUR).toISOString(),
      endsAt: new Date(Date.now() + 7 * DAY).toISOString(),
      enabled: true,
    },
    content.token,
  );
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  return made.body.value.id as number;
}

/** A valid creation's body for a page: from now for a day. */
function body(promotionId: number, changes: Record<string, unknown> = {}) {
  const now = Date.now();
  return { promotionId, startsAt: now, endsAt: now + DAY, rule, ...changes };
}

async function raffleRows(promotionId: number) {
  return sut.db.select().from(raffles).where(eq(raffles.promotionId, promotionId));
}

async function auditOf(promotionId: number) {
  return sut.db
    .select()
    .from(operatorAudit)
    .where(and(eq(operatorAudit.targetKind, 'raffle'), eq(operatorAudit.targetId, String(promotionId))))
    .orderBy(asc(operatorAudit.id));
}

interface Listed {
  promotionId: number;
  [key: string]: unknown;
}

function rowOf(reply: { body: { value: { raffles: Listed[] } } }, promotionId: number): Listed {
  const row = reply.body.value.raffles.find((entry) => entry.promotionId === promotionId);
  if (!row) throw new Error(`raffle of ${promotionId} is not listed`);
  return row;
}

describe('creating a raffle', () => {
  it('creates one on a free page, audited; lists it; refuses a second on the page and a bonus page', async () => {
    const id = await page();
    const before = await list();
    expect(before.status, JSON.stringify(before.body)).toBe(200);
    const settings = await getSettings(sut.db);
    expect(before.body.value).toMatchObject({
      currency: settings.currency,
      currencySymbol: settings.currencySymbol,
      currencyPrecision: settings.currencyPrecision,
      smallestWageringMultiple: smallestWageringMultiple(settings),
      timeZone: settings.timeZone,
    });
    expect(before.body.value.pages).toContainEqual(
      expect.objectContaining({ promotionId: id, title: `Raffle page ${pages}` }),
    );

    const sent = body(id);
    const made = await create(sent);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.value).toMatchObject({
      promotionId: id,
      title: `Raffle page ${pages}`,
      state: 'open',
      startsAt: sent.startsAt,
      endsAt: sent.endsAt,
      rule,
      entries: 0,
      entriesWithTickets: null,
      ticketTotal: null,
      prizesTotal: '700.00',
      places: 3,
      digest: null,
      beaconRound: null,
      drawnAt: null,
      winners: [],
    });
    expect(made.body.value.seedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(made.body.value.createdBy).toContain(`#${content.id}`);

    const [row] = await raffleRows(id);
    expect(row).toMatchObject({ state: 'open', seedHash: made.body.value.seedHash });
    const audit = await auditOf(id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'raffle.create',
      operatorId: content.id,
      outcome: 'ok',
      before: null,
      after: { raffleId: row!.id, rule, seedHash: row!.seedHash },
    });
    // The seed itself is never in the trail.
    expect(JSON.stringify(audit[0]!.after)).not.toContain(row!.seed);

    const after = await list(readonly.token);
    expect(after.status).toBe(200);
    expect(rowOf(after, id)).toMatchObject({ state: 'open', entries: 0, prizesTotal: '700.00' });
    expect(after.body.value.pages.map((entry: Listed) => entry.promotionId)).not.toContain(id);

    // A second raffle for the page: CONFLICT, nothing written.
    const again = await create(body(id, { rule: { ...rule, maxTickets: 5 } }));
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('CONFLICT');
    expect(await raffleRows(id)).toHaveLength(1);

    // A page giving a bonus: CONFLICT, and it is not offered.
    const bonusPage = await page();
    const saved = await post(
      '/api/operator/promotion/rule/save',
      { promotionId: bonusPage, rule: testBonusRule },
      content.token,
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const onBonus = await create(body(bonusPage));
    expect(onBonus.status).toBe(409);
    expect(onBonus.body.value.issues[0].field).toBe('promotionId');
    expect(await raffleRows(bonusPage)).toEqual([]);
    expect((await list()).body.value.pages.map((entry: Listed) => entry.promotionId)).not.toContain(
      bonusPage,
    );
    expect(await auditOf(id)).toHaveLength(1);
    expect(await auditOf(bonusPage)).toEqual([]);
  });

  it('refuses bad input field by field, writing nothing', async () => {
    const id = await page();
    const now = Date.now();
    const refusedOn = async (sent: unknown, field: string) => {
      const reply = await create(sent);
      expect(reply.status, JSON.stringify(sent)).toBe(400);
      expect(reply.body.code).toBe('VALIDATION_FAILED');
      const fields = (reply.body.value.issues as { field: string }[]).map((issue) => issue.field);
      expect(
        fields.some((name) => name.endsWith(field)),
        `${JSON.stringify(fields)} ∌ ${field}`,
      ).toBe(true);
    };
    const withRule = (changes: Record<string, unknown>) => body(id, { rule: { ...rule, ...changes } });

    // The period.
    await refusedOn(body(id, { startsAt: now - 2 * HOUR, endsAt: now + HOUR }), 'startsAt');
    await refusedOn(body(id, { endsAt: now }), 'endsAt');
    await refusedOn(body(id, { endsAt: now - HOUR }), 'endsAt');
    await refusedOn(body(id, { endsAt: now + 91 * DAY }), 'endsAt');
    await refusedOn(body(id, { startsAt: 'tomorrow' }), 'startsAt');
    await refusedOn(body(id, { startsAt: 1.5 }), 'startsAt');
    await refusedOn(body(id, { endsAt: -1 }), 'endsAt');
    await refusedOn(body(id, { endsAt: 1e20 }), 'endsAt');
    await refusedOn(body(id, { startsAt: undefined }), 'startsAt');
    // The page's id.
    await refusedOn(body(0), 'promotionId');
    await refusedOn(body(2 ** 31), 'promotionId');
    await refusedOn(body('x' as unknown as number), 'promotionId');
    // Each field of the rule.
    await refusedOn(withRule({ ticketTurnover: '0' }), 'rule.ticketTurnover');
    await refusedOn(withRule({ ticketTurnover: '1.001' }), 'rule.ticketTurnover');
    await refusedOn(withRule({ ticketTurnover: '1\u0000' }), 'rule.ticketTurnover');
    await refusedOn(withRule({ ticketTurnover: '1'.repeat(14) }), 'rule.ticketTurnover');
    await refusedOn(withRule({ ticketTurnover: 100 }), 'rule.ticketTurnover');
    await refusedOn(withRule({ maxTickets: 0 }), 'rule.maxTickets');
    await refusedOn(withRule({ maxTickets: 100_001 }), 'rule.maxTickets');
    await refusedOn(withRule({ maxTickets: 2 ** 31 }), 'rule.maxTickets');
    await refusedOn(withRule({ prizes: [] }), 'rule.prizes');
    await refusedOn(
      withRule({ prizes: Array.from({ length: 11 }, () => ({ amount: '1', count: 1 })) }),
      'rule.prizes',
    );
    await refusedOn(
      withRule({
        prizes: [
          { amount: '1', count: 60 },
          { amount: '1', count: 41 },
        ],
      }),
      'rule.prizes',
    );
    await refusedOn(withRule({ prizes: [{ amount: '0', count: 1 }] }), 'rule.prizes.0.amount');
    await refusedOn(withRule({ prizes: [{ amount: '-5', count: 1 }] }), 'rule.prizes.0.amount');
    await refusedOn(withRule({ prizes: [{ amount: '5', count: 0 }] }), 'rule.prizes.0.count');
    await refusedOn(withRule({ prizes: [{ amount: '5', count: 1, more: 1 }] }), 'rule.prizes.0');
    await refusedOn(withRule({ weights: {} }), 'rule.weights');
    await refusedOn(withRule({ weights: { RNG: 0 } }), 'rule.weights');
    await refusedOn(withRule({ weights: { RNG: 101 } }), 'rule.weights.RNG');
    await refusedOn(withRule({ weights: { LOTTERY: 100 } }), 'rule.weights');
    await refusedOn(withRule({ wageringMultiple: 0 }), 'rule.wageringMultiple');
    await refusedOn(withRule({ wageringMultiple: 1 }), 'rule.wageringMultiple');
    await refusedOn(withRule({ wageringMultiple: 201 }), 'rule.wageringMultiple');
    await refusedOn(withRule({ maxBet: '0' }), 'rule.maxBet');
    await refusedOn(withRule({ maxBet: 'ten' }), 'rule.maxBet');
    await refusedOn(withRule({ expiryDays: 0 }), 'rule.expiryDays');
    await refusedOn(withRule({ expiryDays: 91 }), 'rule.expiryDays');
    await refusedOn(withRule({ claimDays: 0 }), 'rule.claimDays');
    await refusedOn(withRule({ claimDays: 31 }), 'rule.claimDays');
    await refusedOn(body(id, { rule: undefined }), 'rule');

    // No such page.
    const unknown = await create(body(2_000_000_000));
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('NOT_FOUND');

    expect(await raffleRows(id)).toEqual([]);
    expect(await auditOf(id)).toEqual([]);
    // A start a few seconds in the past (the form's minute) is taken.
    const made = await create(body(id, { startsAt: now - 30_000 }));
    expect(made.status, JSON.stringify(made.body)).toBe(200);
  });

  it('refuses callers without the permission (each refusal audited), members and guests', async () => {
    const id = await page();
    expect((await list(null)).status).toBe(401);
    expect((await create(body(id), null)).status).toBe(401);
    const { token: memberToken } = await newMember(sut, 'raffleadmin_member');
    expect((await list(memberToken)).status).toBe(403);
    expect((await create(body(id), memberToken)).status).toBe(403);

    // Each refusal names the permission missing, and the audit hook records it.
    const refusals = [
      { reply: await list(finance.token), permission: 'content.read' },
      { reply: await create(body(id), readonly.token), permission: 'content.write' },
      { reply: await create(body(id), finance.token), permission: 'content.write' },
    ];
    for (const { reply, permission } of refusals) {
      expect(reply.status).toBe(403);
      expect(reply.body.value.permission).toBe(permission);
    }
    expect(await raffleRows(id)).toEqual([]);
    const audited = await sut.db
      .select({ action: operatorAudit.action, by: operatorAudit.operatorId, outcome: operatorAudit.outcome })
      .from(operatorAudit)
      .where(inArray(operatorAudit.action, ['operatorRaffles', 'operatorRaffleCreate']));
    for (const expected of [
      { action: 'operatorRaffles', by: finance.id, outcome: 'refused' },
      { action: 'operatorRaffleCreate', by: readonly.id, outcome: 'refused' },
      { action: 'operatorRaffleCreate', by: finance.id, outcome: 'refused' },
    ]) {
      expect(audited).toContainEqual(expected);
    }
  });
});

describe('a drawn raffle in the list', () => {
  it('shows entries, tickets, the proof fields, the winners and their rewards as they are claimed', async () => {
    const id = await page();
    expect((await create(body(id))).status).toBe(200);
    const players = [];
    for (let index = 0; index < 3; index += 1) {
      members += 1;
      const player = await newMember(sut, `raffleadmin_p${members}`);
      const joined = await post('/wps/relay/MCS2_claimRafflePromotion', { promotionId: id }, player.token);
      expect(joined.status, JSON.stringify(joined.body)).toBe(200);
      players.push(player);
    }
    const [row] = await raffleRows(id);
    // Move the raffle an hour back and end it; bets half an hour ago count (1 % edge ÷ 5 %: a fifth).
    await sut.db.execute(sql`
      update raffle_entries set joined_at = joined_at - interval '1 hour' where raffle_id = ${row!.id}`);
    await sut.db.execute(sql`
      update raffles set starts_at = starts_at - interval '2 hours', ends_at = now() - interval '2 minutes'
       where id = ${row!.id}`);
    for (const [player, amount] of [
      [players[0]!, 150_000n],
      [players[1]!, 600_000n],
    ] as const) {
      await insertSettledRound(sut.db, {
        memberId: player.id,
        gameType: 'RNG',
        bet: amount,
        win: 0n,
        settledAt: new Date(Date.now() - 30 * 60_000),
      });
    }
    expect(rowOf(await list(), id)).toMatchObject({ state: 'counting', entries: 3, ticketTotal: null });

    const settings = await getSettings(sut.db);
    await lockDueRaffles(sut.db, settings, testRaffleBeacon, 0);
    const locked = rowOf(await list(), id);
    expect(locked).toMatchObject({ state: 'locked', entries: 3, entriesWithTickets: 2, ticketTotal: 15 });
    expect(locked.digest).toMatch(/^[0-9a-f]{64}$/);
    expect(locked.beaconRound).toBeGreaterThan(0);

    const [lockedRow] = await raffleRows(id);
    await untilRoundOut(lockedRow!.beaconRound!);
    await drawLockedRaffles(sut.db, settings, testRaffleBeacon);
    const drawn = rowOf(await list(), id);
    expect(drawn).toMatchObject({ state: 'drawn', ticketTotal: 15 });
    expect(drawn.drawnAt).toEqual(expect.any(Number));
    // Two holders, three places: two winners, each with a waiting reward.
    const winners = drawn.winners as {
      place: number;
      username: string;
      amount: string;
      rewardState: string;
    }[];
    expect(winners.map((winner) => [winner.place, winner.amount, winner.rewardState])).toEqual([
      [1, '500.00', 'waiting'],
      [2, '100.00', 'waiting'],
    ]);
    expect(winners.every((winner) => winner.username.includes('*'))).toBe(true);

    // The first place's reward claimed: the list says so.
    const rewards = rowsOf<{ id: number; member_id: number }>(
      await sut.db.execute(sql`
      select id::integer as id, member_id::integer as member_id from member_rewards
       where promotion_id = ${id} and detail = '1'`),
    );
    const winner = players.find((player) => player.id === rewards[0]!.member_id)!;
    const claimed = await post('/wps/promotion/rewards/claim', { id: rewards[0]!.id }, winner.token);
    expect(claimed.status, JSON.stringify(claimed.body)).toBe(200);
    const after = rowOf(await list(), id).winners as { rewardState: string }[];
    expect(after.map((entry) => entry.rewardState)).toEqual(['claimed', 'waiting']);
  });
});
