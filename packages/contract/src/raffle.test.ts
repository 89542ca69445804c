import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  raffleDigest,
  raffleEntryRecord,
  raffleLeaf,
  rafflePlaces,
  raffleRuleSchema,
  raffleWinners,
  verifyRaffle,
  type RaffleEntry,
} from './raffle.ts';

/** A second implementation of the draw, written from docs/promotions.md with node:crypto. */
function referenceWinners(input: {
  raffleId: number;
  seed: string;
  digest: string;
  beacon: string;
  tickets: number[];
  places: number;
}): { place: number; ticket: number; position: number }[] {
  const total = input.tickets.reduce((a, b) => a + b, 0);
  const starts: number[] = [];
  let next = 0;
  for (const count of input.tickets) {
    starts.push(next);
    next += count;
  }
  const owner = (ticket: number) => {
    let found = -1;
    for (let index = 0; index < starts.length; index += 1) {
      if (input.tickets[index]! > 0 && starts[index]! <= ticket) found = index;
    }
    return found;
  };
  const limit = 2 ** 48 - (2 ** 48 % total);
  const numbers: number[] = [];
  for (let block = 0; numbers.length < 10_000; block += 1) {
    const bytes = createHmac('sha256', Buffer.from(input.seed, 'hex'))
      .update(`khela-raffle-draw-v1|${input.raffleId}|${input.digest}|${input.beacon}|${block}`)
      .digest();
    for (let offset = 0; offset + 6 <= 30; offset += 6) numbers.push(bytes.readUIntBE(offset, 6));
  }
  const holders = input.tickets.filter((count) => count > 0).length;
  const winners: { place: number; ticket: number; position: number }[] = [];
  const won = new Set<number>();
  for (const x of numbers) {
    if (winners.length >= Math.min(holders, input.places)) break;
    if (x >= limit) continue;
    const ticket = x % total;
    const position = owner(ticket);
    if (won.has(position)) continue;
    won.add(position);
    winners.push({ place: winners.length + 1, ticket, position });
  }
  return winners;
}

const seed = 'ab'.repeat(32);
const seedHash = createHash('sha256').update(Buffer.from(seed, 'hex')).digest('hex');

async function entriesOf(tickets: number[]): Promise<RaffleEntry[]> {
  const entries: RaffleEntry[] = [];
  let next = 0;
  for (const [position, count] of tickets.entries()) {
    const fields = { position, username: `pl****${position}`, ticketFrom: next, tickets: count };
    entries.push({ ...fields, leaf: await raffleLeaf({ raffleId: 7, seedHash, ...fields }) });
    next += count;
  }
  return entries;
}

describe('raffle draw', () => {
  it('writes the canonical record and its leaf as SHA-256(0x00 ‖ record)', async () => {
    const record = raffleEntryRecord({
      raffleId: 7,
      position: 0,
      username: 'ra****ix',
      ticketFrom: 0,
      tickets: 3,
      seedHash: 'ff',
    });
    expect(record).toBe('khela-raffle-entry-v1|7|0|ra****ix|0|3|ff');
    const leaf = createHash('sha256')
      .update(Buffer.concat([Buffer.from([0]), Buffer.from(record)]))
      .digest('hex');
    expect(
      await raffleLeaf({
        raffleId: 7,
        position: 0,
        username: 'ra****ix',
        ticketFrom: 0,
        tickets: 3,
        seedHash: 'ff',
      }),
    ).toBe(leaf);
  });

  it('matches a second implementation for many raffles', async () => {
    for (let trial = 0; trial < 40; trial += 1) {
      const tickets = Array.from(
        { length: 1 + (trial % 7) },
        (_, index) => ((trial * 7 + index * 13) % 9) + 1,
      );
      const beacon = createHash('sha256').update(`beacon ${trial}`).digest('hex');
      const places = 1 + (trial % 5);
      const entries = tickets.map((count, index) => ({
        ticketFrom: tickets.slice(0, index).reduce((a, b) => a + b, 0),
        tickets: count,
      }));
      const derived = await raffleWinners({
        raffleId: trial + 1,
        seed,
        digest: 'd'.repeat(64),
        beaconRandomness: beacon,
        entries,
        places,
      });
      expect(derived).toEqual(
        referenceWinners({ raffleId: trial + 1, seed, digest: 'd'.repeat(64), beacon, tickets, places }),
      );
      // One prize per holder, never more places than holders.
      expect(new Set(derived.map((winner) => winner.position)).size).toBe(derived.length);
      expect(derived.length).toBe(Math.min(places, tickets.length));
    }
  });

  it('gives a holder of more tickets proportionally more chances (seeded, so the same every run)', async () => {
    const tickets = [1, 2, 7];
    const entries = [
      { ticketFrom: 0, tickets: 1 },
      { ticketFrom: 1, tickets: 2 },
      { ticketFrom: 3, tickets: 7 },
    ];
    const wins = [0, 0, 0];
    const runs = 3000;
    for (let run = 0; run < runs; run += 1) {
      const beacon = createHash('sha256').update(`run ${run}`).digest('hex');
      const [first] = await raffleWinners({
        raffleId: 1,
        seed,
        digest: 'e'.repeat(64),
        beaconRandomness: beacon,
        entries,
        places: 1,
      });
      wins[first!.position]! += 1;
    }
    // Expected 300, 600, 2100; a chi-square with 2 degrees of freedom below 13.8 (p = 0.001).
    const chi = wins.reduce((sum, count, index) => {
      const expected = (runs * tickets[index]!) / 10;
      return sum + (count - expected) ** 2 / expected;
    }, 0);
    expect(chi).toBeLessThan(13.8);
  });

  it('skips entries without tickets and draws nothing from an empty raffle', async () => {
    expect(
      await raffleWinners({ raffleId: 1, seed, digest: 'a', beaconRandomness: 'b', entries: [], places: 3 }),
    ).toEqual([]);
    const derived = await raffleWinners({
      raffleId: 1,
      seed,
      digest: 'a',
      beaconRandomness: 'b',
      entries: [{ ticketFrom: 0, tickets: 5 }],
      places: 3,
    });
    expect(derived).toHaveLength(1);
  });

  it('verifies a draw, and notices a changed seed, entry or winner', async () => {
    const entries = await entriesOf([3, 1, 6, 2]);
    const digest = await raffleDigest(entries.map((entry) => entry.leaf));
    const beacon = 'c'.repeat(64);
    const winners = await raffleWinners({
      raffleId: 7,
      seed,
      digest,
      beaconRandomness: beacon,
      entries,
      places: 2,
    });
    const base = {
      raffleId: 7,
      seed,
      seedHash,
      digest,
      beaconRandomness: beacon,
      entries,
      places: 2,
      winners,
    };
    expect(await verifyRaffle(base)).toEqual({ seedMatches: true, digestMatches: true, winnersMatch: true });
    expect((await verifyRaffle({ ...base, seed: 'cd'.repeat(32) })).seedMatches).toBe(false);
    const grown = entries.map((entry, index) => (index === 1 ? { ...entry, tickets: 40 } : entry));
    expect((await verifyRaffle({ ...base, entries: grown })).digestMatches).toBe(false);
    const moved = winners.map((winner, index) =>
      index === 0 ? { ...winner, ticket: (winner.ticket + 1) % 12 } : winner,
    );
    expect((await verifyRaffle({ ...base, winners: moved })).winnersMatch).toBe(false);
  });

  it('checks the rule: places at most 100, a category that counts', () => {
    const rule = {
      ticketTurnover: '500',
      maxTickets: 100,
      prizes: [{ amount: '1000', count: 1 }],
      weights: { RNG: 100 },
      wageringMultiple: 40,
      maxBet: '100',
      expiryDays: 7,
      claimDays: 7,
    };
    expect(raffleRuleSchema.safeParse(rule).success).toBe(true);
    expect(
      raffleRuleSchema.safeParse({
        ...rule,
        prizes: [
          { amount: '1', count: 60 },
          { amount: '1', count: 41 },
        ],
      }).success,
    ).toBe(false);
    expect(raffleRuleSchema.safeParse({ ...rule, weights: { RNG: 0 } }).success).toBe(false);
    expect(
      rafflePlaces([
        { amount: '5', count: 2 },
        { amount: '1', count: 1 },
      ]),
    ).toEqual(['5', '5', '1']);
  });
});
