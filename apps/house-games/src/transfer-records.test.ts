import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { hgRounds } from './db/tables.ts';
import { recordsSettleDelayMs, transferRecords } from './play/transfer-records.service.ts';
import { useHouse } from './test/house-harness.ts';
import { callTransfer, transferId } from './test/transfer-calls.ts';

/*
 * The transfer API's bet records (docs/vendor-protocol.md, "Bet records"): the settled rounds of
 * the game wallets, oldest first, page by page after the vendor's cursor, signed both ways; called
 * as the platform calls it, over the plugin's HTTP routes.
 */

const house = useHouse({ walletMode: 'transfer' });

type Call = Omit<Parameters<typeof callTransfer>[1], 'prefix' | 'secret' | 'action'>;
const records = (call: Call) =>
  callTransfer(house.app, { prefix: '/house', secret: house.platform.secret, action: 'records', ...call });

interface RecordsBody {
  ok: true;
  records: { roundId: string; playerId: string; bet: number; win: number }[];
  cursor: string | null;
  more: boolean;
}

/** Puts money in the player's game wallet and plays `rounds` dice rounds of 100 from it. */
async function playDice(playerId: string, rounds: number): Promise<string[]> {
  const deposited = await callTransfer(house.app, {
    prefix: '/house',
    secret: house.platform.secret,
    action: 'deposit',
    body: { transactionId: transferId(), playerId, currency: 'BDT', amount: 10_000 },
  });
  expect(deposited.status).toBe(200);
  const { authorization } = await house.openSession({ playerId, game: 'dice' });
  const ids: string[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const played = await house
      .api(authorization)
      .post('/api/rounds', { game: 'dice', bet: 100, inputs: { target: 5000, direction: 'under' } });
    expect(played.statusCode, played.body).toBe(200);
    ids.push(played.json<{ round: { roundId: string } }>().round.roundId);
  }
  return ids;
}

/** The round ids of a records answer (none for a refusal). */
const idsOf = (body: object) =>
  'records' in body ? (body as RecordsBody).records.map((record) => record.roundId) : [];

/** Every settled round as if it had settled a minute ago: past the settle delay. */
async function ageSettledRounds() {
  await house.db
    .update(hgRounds)
    .set({ settledAt: sql`${hgRounds.settledAt} - interval '1 minute'` })
    .where(eq(hgRounds.status, 'settled'));
}

/** Every page from the start: the records in order, and the last cursor. */
async function readAll(limit: number): Promise<{ ids: string[]; cursor: string | null; pages: number }> {
  const ids: string[] = [];
  let cursor: string | null = null;
  for (let pages = 1; pages < 50; pages += 1) {
    const answer = await records({ body: { cursor, limit } });
    expect(answer).toMatchObject({ status: 200, signed: true });
    const body = answer.body as unknown as RecordsBody;
    ids.push(...body.records.map((record) => record.roundId));
    cursor = body.cursor;
    if (!body.more) return { ids, cursor, pages };
  }
  throw new Error('the records never ended');
}

describe('bet records', () => {
  it('serves each settled round once, page by page after the cursor, with its stake and payout', async () => {
    const played = await playDice('301', 5);
    await ageSettledRounds();
    const first = await records({ body: { cursor: null, limit: 2 } });
    expect(first).toMatchObject({ status: 200, signed: true, body: { ok: true, more: true } });
    const page = first.body as unknown as RecordsBody;
    expect(page.records).toHaveLength(2);
    const [row] = await house.db.select().from(hgRounds).where(eq(hgRounds.roundId, played[0]!));
    expect(page.records[0]).toEqual({
      roundId: played[0],
      playerId: '301',
      gameCode: 'dice',
      currency: 'BDT',
      bet: 100,
      win: Number(row!.win),
      startedAt: row!.createdAt.getTime(),
      settledAt: row!.settledAt!.getTime(),
      detail: {
        game: 'dice',
        outcome: row!.detail,
        fair: { serverSeedHash: row!.serverSeedHash, clientSeed: row!.clientSeed, nonce: row!.nonce },
      },
    });

    const all = await readAll(2);
    expect(all.ids).toEqual(played);
    expect(all.pages).toBe(3);
    // Nothing new after the last cursor: an empty page that keeps it.
    const after = await records({ body: { cursor: all.cursor, limit: 10 } });
    expect(after.body).toEqual({ ok: true, records: [], cursor: all.cursor, more: false });

    // A round played later comes after that cursor, alone.
    const later = await playDice('302', 1);
    await ageSettledRounds();
    const next = await records({ body: { cursor: all.cursor, limit: 10 } });
    expect((next.body as unknown as RecordsBody).records.map((record) => record.roundId)).toEqual(later);
  });

  it('serves a round only once its settlement is older than the settle delay', async () => {
    const [roundId] = await playDice('303', 1);
    const [row] = await house.db.select().from(hgRounds).where(eq(hgRounds.roundId, roundId!));
    const settledAt = row!.settledAt!.getTime();
    const ids = async (now: number) => {
      const answer = await transferRecords(house.db, { cursor: null, limit: 500 }, now);
      return idsOf(answer.body);
    };
    expect(await ids(settledAt + recordsSettleDelayMs - 1)).not.toContain(roundId);
    expect(await ids(settledAt + recordsSettleDelayMs)).toContain(roundId);
  });

  it('leaves out rounds not settled', async () => {
    await callTransfer(house.app, {
      prefix: '/house',
      secret: house.platform.secret,
      action: 'deposit',
      body: { transactionId: transferId(), playerId: '304', currency: 'BDT', amount: 1_000 },
    });
    const { authorization } = await house.openSession({ playerId: '304', game: 'mines' });
    const opened = await house.api(authorization).post('/api/rounds', {
      game: 'mines',
      bet: 100,
      inputs: { mines: 1 },
    });
    const round = opened.json<{ round: { roundId: string; status: string } }>().round;
    expect(round.status).toBe('open');
    await ageSettledRounds();
    const answer = await transferRecords(house.db, { cursor: null, limit: 500 }, Date.now() + 60_000);
    expect(answer.status).toBe(200);
    const ids = idsOf(answer.body);
    expect(ids.length).toBeGreaterThan(0);
    expect(ids).not.toContain(round.roundId);
  });
});

describe('refused callers and requests', () => {
  it('refuses a caller without the connection secret, signed, serving nothing', async () => {
    await playDice('310', 1);
    await ageSettledRounds();
    for (const signWith of [null, 'ab'.repeat(32)]) {
      const answer = await records({ body: { cursor: null, limit: 10 }, signWith });
      expect(answer).toEqual({
        status: 401,
        signed: true,
        body: { ok: false, code: 'BAD_SIGNATURE', message: expect.any(String) },
      });
    }
    const stale = await records({
      body: { cursor: null, limit: 10 },
      at: Math.floor(Date.now() / 1000) - 600,
    });
    expect(stale.body).toMatchObject({ ok: false, code: 'BAD_SIGNATURE' });
  });

  it('refuses a cursor it did not give and a limit out of range', async () => {
    for (const body of [
      { cursor: 'not-ours', limit: 10 },
      { cursor: '12 34', limit: 10 },
      { cursor: null, limit: 0 },
      { cursor: null, limit: 501 },
      { limit: 10 },
    ]) {
      const answer = await records({ body });
      expect(answer, JSON.stringify(body)).toMatchObject({
        status: 400,
        signed: true,
        body: { ok: false, code: 'BAD_REQUEST' },
      });
    }
  });
});
