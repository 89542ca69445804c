import { z } from 'zod';
import { defineCall } from './define.ts';
import { merkleLeafHash, merkleRoot, seedHashOf } from './lottery-draw.ts';
import { requireCountedCategory, wageringCategorySchema } from './promotions.ts';
import { decimalAmountSchema } from './wallet.ts';

/**
 * The raffle (issue 39 item 3; docs/promotions.md "Raffle"): members who join a raffle promotion
 * earn tickets by their counted betting in its period; after the period a provably fair draw picks
 * the winners (seed committed at creation, entries digest fixed at the lock, an outside beacon round
 * fixed at the lock), one prize each, paid as rewards in the reward centre. The derivation below
 * runs on the server and in the browser (Web Crypto), so anyone can check a draw.
 */

/** One prize line: `count` prizes of `amount` each (places in line order: first line first). */
export const rafflePrizeSchema = z.object({
  amount: decimalAmountSchema,
  count: z.number().int().min(1).max(100),
});
export type RafflePrize = z.infer<typeof rafflePrizeSchema>;

/** The most prizes one raffle gives (places). */
export const RAFFLE_MAX_PLACES = 100;

/**
 * A raffle's rule: one ticket per `ticketTurnover` of counted betting (as a bonus's wagering counts
 * it: each game's stake × its house edge ÷ 5 %, at most the stake, × its category's weight), at
 * most `maxTickets` a member; the prizes; each prize is bonus money with this wagering.
 */
export const raffleRuleSchema = z
  .object({
    ticketTurnover: decimalAmountSchema,
    maxTickets: z.number().int().min(1).max(100_000),
    prizes: z.array(rafflePrizeSchema).min(1).max(10),
    weights: z.partialRecord(wageringCategorySchema, z.number().int().min(0).max(100)),
    /** The prize's wagering: this many times the prize, at most `maxBet` a bet, within `expiryDays`. */
    wageringMultiple: z.number().int().min(1).max(200),
    maxBet: decimalAmountSchema,
    expiryDays: z.number().int().min(1).max(90),
    /** Days a won prize waits in the reward centre to be claimed. */
    claimDays: z.number().int().min(1).max(30),
  })
  .superRefine((rule, context) => {
    const places = rule.prizes.reduce((sum, prize) => sum + prize.count, 0);
    if (places > RAFFLE_MAX_PLACES) {
      context.addIssue({ code: 'custom', path: ['prizes'], message: `at most ${RAFFLE_MAX_PLACES} prizes` });
    }
    requireCountedCategory(rule.weights, context);
  });
export type RaffleRule = z.infer<typeof raffleRuleSchema>;

/** The prize of each place, first place first. */
export function rafflePlaces(prizes: readonly RafflePrize[]): string[] {
  return prizes.flatMap((prize) => Array.from({ length: prize.count }, () => prize.amount));
}

/**
 * A raffle's state for the page: `coming` (before its start), `open` (join and earn tickets),
 * `counting` (the period ended, tickets are being counted), `locked` (the entries digest and the
 * beacon round are fixed; waiting for the round), `drawn` (winners known, the proof public).
 */
export const raffleStates = ['coming', 'open', 'counting', 'locked', 'drawn'] as const;
export const raffleStateSchema = z.enum(raffleStates);
export type RaffleState = z.infer<typeof raffleStateSchema>;

export const raffleWinnerSchema = z.object({
  place: z.number().int(),
  /** The winner's username, masked ("ra****ix"). */
  username: z.string(),
  amount: decimalAmountSchema,
  /** The winning ticket's number (0-based over all tickets). */
  ticket: z.number().int(),
});
export type RaffleWinner = z.infer<typeof raffleWinnerSchema>;

export const raffleBeaconSchema = z.object({
  round: z.number().int(),
  randomness: z.string(),
  signature: z.string(),
  publicKey: z.string(),
  chainHash: z.string().nullable(),
  /** ms since epoch: when the round was emitted. */
  roundTime: z.number().int(),
});

export const raffleValueSchema = z.object({
  promotionId: z.number().int(),
  raffleId: z.number().int(),
  state: raffleStateSchema,
  rule: raffleRuleSchema,
  /** ms since epoch; tickets count betting settled in [startsAt, endsAt) after the member joined. */
  startsAt: z.number().int(),
  endsAt: z.number().int(),
  /** The brand's time zone the page shows times in. */
  timeZone: z.string(),
  /** SHA-256 of the draw's seed, published from the start. */
  seedHash: z.string(),
  /** Members who joined. */
  entries: z.number().int(),
  /** From the lock: the entries digest (Merkle root), the tickets in all, the beacon round. */
  lockedAt: z.number().int().nullable(),
  digest: z.string().nullable(),
  ticketTotal: z.number().int().nullable(),
  beaconRound: z.number().int().nullable(),
  /** The viewing member: joined, tickets (counted so far while open; fixed from the lock). */
  joined: z.boolean(),
  myTickets: z.number().int().nullable(),
  /** While open: the counted betting so far and what is left to the next ticket (null at the most). */
  counted: decimalAmountSchema.nullable(),
  nextTicketIn: decimalAmountSchema.nullable(),
  /** Drawn: the member's place and prize, if any. */
  myPlace: z.number().int().nullable(),
  winners: z.array(raffleWinnerSchema),
  /** Drawn: the seed and the beacon round's value, so anyone can derive the winners again. */
  seed: z.string().nullable(),
  beacon: raffleBeaconSchema.nullable(),
});
export type RaffleValue = z.infer<typeof raffleValueSchema>;

/** One entry of a locked raffle, as the digest's leaf is made from it. */
export const raffleEntrySchema = z.object({
  position: z.number().int(),
  username: z.string(),
  ticketFrom: z.number().int(),
  tickets: z.number().int(),
  /** SHA-256(0x00 ‖ record), hex. */
  leaf: z.string(),
});
export type RaffleEntry = z.infer<typeof raffleEntrySchema>;

const idSchema = z.coerce.number().int().min(1).max(2_147_483_647);

export const raffleCalls = {
  raffle: defineCall({
    id: 'raffle',
    method: 'GET',
    path: '/wps/promotion/raffle',
    auth: 'optional',
    encrypted: false,
    summary:
      "A raffle promotion: its rule, state, the viewing member's entry and tickets; once drawn the winners and the proof (null when the promotion has no raffle)",
    tag: 'promotions',
    query: z.object({ id: idSchema }),
    value: raffleValueSchema.nullable(),
  }),
  raffleClaim: defineCall({
    id: 'MCS2_claimRafflePromotion',
    method: 'POST',
    path: '/wps/relay/MCS2_claimRafflePromotion',
    auth: 'realMember',
    encrypted: false,
    summary:
      'Joins a raffle promotion: the member earns tickets by betting until its end (PROMOTION_NOT_ELIGIBLE with the reason: not_started, ended, claimed, agent)',
    tag: 'promotions',
    body: z.object({ promotionId: idSchema }).strict(),
    value: raffleValueSchema,
  }),
  raffleEntries: defineCall({
    id: 'raffleEntries',
    method: 'GET',
    path: '/wps/promotion/raffle/entries',
    auth: 'optional',
    encrypted: false,
    summary:
      "A locked or drawn raffle's entries in digest order with their tickets and leaves, a page at a time (anyone rebuilds the digest from them)",
    tag: 'promotions',
    query: z.object({
      id: idSchema,
      pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
      pageSize: z.coerce.number().int().min(1).max(1000).default(1000),
    }),
    value: z.object({
      list: z.array(raffleEntrySchema),
      total: z.number().int(),
      pageNo: z.number().int(),
      pageSize: z.number().int(),
    }),
  }),
};

// ---------------------------------------------------------------------------------------------
// The draw, shared by the server and the verify button

/** The canonical record of an entry, hashed into its leaf. */
export function raffleEntryRecord(entry: {
  raffleId: number;
  position: number;
  username: string;
  ticketFrom: number;
  tickets: number;
  seedHash: string;
}): string {
  return [
    'khela-raffle-entry-v1',
    entry.raffleId,
    entry.position,
    entry.username,
    entry.ticketFrom,
    entry.tickets,
    entry.seedHash,
  ].join('|');
}

export function raffleLeaf(entry: Parameters<typeof raffleEntryRecord>[0]): Promise<string> {
  return merkleLeafHash(raffleEntryRecord(entry));
}

/** The entries digest: the Merkle root of the leaves in position order (lottery's scheme). */
export function raffleDigest(leaves: readonly string[]): Promise<string> {
  return merkleRoot(leaves);
}

const encoder = new TextEncoder();

function bytesOfHex(hex: string): Uint8Array<ArrayBuffer> {
  if (!/^(?:[0-9a-f]{2})+$/.test(hex)) throw new Error('not lower-case hex');
  const bytes = new Uint8Array(new ArrayBuffer(hex.length / 2));
  for (let index = 0; index < bytes.length; index += 1) {
    bytes[index] = Number.parseInt(hex.slice(index * 2, index * 2 + 2), 16);
  }
  return bytes;
}

export interface RaffleDrawInputs {
  raffleId: number;
  seed: string;
  digest: string;
  beaconRandomness: string;
  /** The entries in position order: their first ticket and how many they hold. */
  entries: readonly { ticketFrom: number; tickets: number }[];
  /** How many places there are to fill. */
  places: number;
}

const TWO_48 = 2 ** 48;

/**
 * The winners: an HMAC-SHA256 stream keyed by the seed over
 * `khela-raffle-draw-v1|raffleId|digest|beaconRandomness|block` (block 0, 1, …) read six bytes at
 * a time as a 48-bit number x; x below the largest multiple of the ticket total gives the ticket
 * x mod total (rejection keeps every ticket equally likely). Places are filled in order, first
 * place first; a ticket whose holder already won is drawn again (one prize per member). Fewer
 * holders than places: every holder wins one, in drawn order, and the other places stay empty.
 */
export async function raffleWinners(
  inputs: RaffleDrawInputs,
): Promise<{ place: number; ticket: number; position: number }[]> {
  const holders = inputs.entries.filter((entry) => entry.tickets > 0).length;
  const total = inputs.entries.reduce((sum, entry) => sum + entry.tickets, 0);
  const winners: { place: number; ticket: number; position: number }[] = [];
  if (total === 0 || inputs.places === 0) return winners;
  const key = await globalThis.crypto.subtle.importKey(
    'raw',
    bytesOfHex(inputs.seed),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const limit = TWO_48 - (TWO_48 % total);
  let block = 0;
  let pending: number[] = [];
  const nextTicket = async (): Promise<number> => {
    for (;;) {
      if (pending.length < 6) {
        const message = encoder.encode(
          `khela-raffle-draw-v1|${inputs.raffleId}|${inputs.digest}|${inputs.beaconRandomness}|${block}`,
        );
        block += 1;
        // A block's 32 bytes give five numbers; its last 2 bytes are dropped.
        const bytes = [...new Uint8Array(await globalThis.crypto.subtle.sign('HMAC', key, message))];
        pending = bytes.slice(0, 30);
      }
      const six = pending.splice(0, 6);
      const x = six.reduce((value, byte) => value * 256 + byte, 0);
      if (x < limit) return x % total;
    }
  };
  const won = new Set<number>();
  const wanted = Math.min(inputs.places, holders);
  while (winners.length < wanted) {
    const ticket = await nextTicket();
    const position = holderOf(inputs.entries, ticket);
    if (won.has(position)) continue;
    won.add(position);
    winners.push({ place: winners.length + 1, ticket, position });
  }
  return winners;
}

/** The position of the entry holding a ticket (entries in order, their ranges end to end). */
function holderOf(entries: RaffleDrawInputs['entries'], ticket: number): number {
  let low = 0;
  let high = entries.length - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (entries[middle]!.ticketFrom <= ticket) low = middle;
    else high = middle - 1;
  }
  return low;
}

/**
 * What the verify button checks: the seed matches its commitment, the entries give the digest,
 * and the winners (their tickets) follow from the seed, the digest and the beacon's randomness.
 */
export async function verifyRaffle(input: {
  raffleId: number;
  seed: string;
  seedHash: string;
  digest: string;
  beaconRandomness: string;
  entries: readonly RaffleEntry[];
  places: number;
  winners: readonly { place: number; ticket: number }[];
}): Promise<{ seedMatches: boolean; digestMatches: boolean; winnersMatch: boolean }> {
  const seedMatches = (await seedHashOf(input.seed)) === input.seedHash;
  const leaves: string[] = [];
  let leavesMatch = true;
  let next = 0;
  for (const [index, entry] of input.entries.entries()) {
    const leaf = await raffleLeaf({ raffleId: input.raffleId, seedHash: input.seedHash, ...entry });
    if (leaf !== entry.leaf || entry.position !== index || entry.ticketFrom !== next) leavesMatch = false;
    next += entry.tickets;
    leaves.push(leaf);
  }
  const digestMatches = leavesMatch && (await raffleDigest(leaves)) === input.digest;
  const derived = await raffleWinners({
    raffleId: input.raffleId,
    seed: input.seed,
    digest: input.digest,
    beaconRandomness: input.beaconRandomness,
    entries: input.entries,
    places: input.places,
  });
  const shown = [...input.winners].sort((a, b) => a.place - b.place);
  const winnersMatch =
    derived.length === shown.length &&
    derived.every(
      (winner, index) => winner.place === shown[index]!.place && winner.ticket === shown[index]!.ticket,
    );
  return { seedMatches, digestMatches, winnersMatch };
}
