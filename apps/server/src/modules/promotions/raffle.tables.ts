import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { RaffleRule } from '@khela/contract';

/**
 * Raffles (issue 39; docs/promotions.md "Raffle"): one per promotion page. `seed` is drawn at
 * creation and only its hash is shown until the draw; at the lock (after `ends_at`) the entries'
 * tickets, their digest and the beacon round are fixed (`locked`); the draw (`drawn`) derives the
 * winners from the seed, the digest and the round's randomness and writes their rewards. The rule
 * is fixed at creation: the commitment is to a raffle whose terms do not move.
 */
export const raffles = pgTable(
  'raffles',
  {
    id: serial('id').primaryKey(),
    promotionId: integer('promotion_id').notNull().unique(),
    currency: text('currency').notNull(),
    rule: jsonb('rule').$type<RaffleRule>().notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** 32 random bytes, hex: secret until the draw. */
    seed: text('seed').notNull(),
    seedHash: text('seed_hash').notNull(),
    /** open | locked | drawn */
    state: text('state', { enum: ['open', 'locked', 'drawn'] })
      .notNull()
      .default('open'),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    digest: text('digest'),
    entryCount: integer('entry_count'),
    ticketTotal: integer('ticket_total'),
    beaconRound: integer('beacon_round'),
    beaconRandomness: text('beacon_randomness'),
    beaconSignature: text('beacon_signature'),
    drawnAt: timestamp('drawn_at', { withTimezone: true }),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('raffles_state_idx').on(table.state, table.endsAt),
    check('raffles_period_check', sql`${table.endsAt} > ${table.startsAt}`),
  ],
);

/**
 * Who joined a raffle (one row per member). The username is kept masked at the join (the entry's
 * leaf and the winners list show it). From the lock: the tickets and, for an entry holding any, its
 * place in the digest (`position`) and first ticket; from the draw: the place won and its reward.
 */
export const raffleEntries = pgTable(
  'raffle_entries',
  {
    raffleId: integer('raffle_id').notNull(),
    memberId: integer('member_id').notNull(),
    masked: text('masked').notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    tickets: integer('tickets'),
    position: integer('position'),
    ticketFrom: integer('ticket_from'),
    place: integer('place'),
    /** The winning ticket's number. */
    wonTicket: integer('won_ticket'),
    rewardId: bigint('reward_id', { mode: 'number' }),
  },
  (table) => [
    primaryKey({ columns: [table.raffleId, table.memberId] }),
    index('raffle_entries_position_idx').on(table.raffleId, table.position),
  ],
);
