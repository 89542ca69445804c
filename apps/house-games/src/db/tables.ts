import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/*
 * The house vendor's own tables. Every name starts with `hg_` so that, mounted in-process, they can
 * live in the platform's database without clashing; their migrations are recorded in
 * `drizzle.__hg_migrations`, apart from the platform's. The house never touches platform tables:
 * money moves only through the vendor wallet protocol.
 */

/**
 * A player as the platform names them (`playerId` from `authenticate`), with their provably-fair
 * state: the secret server seed (revealed only when rotated), its SHA-256 commitment shown before
 * play, the player's client seed and the nonce of the next round.
 */
export const hgPlayers = pgTable('hg_players', {
  playerId: text('player_id').primaryKey(),
  serverSeed: text('server_seed').notNull(),
  serverSeedHash: text('server_seed_hash').notNull(),
  clientSeed: text('client_seed').notNull(),
  /** The nonce the next round will use; every round takes one under an atomic increment. */
  nonce: integer('nonce').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  seedCreatedAt: timestamp('seed_created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Which wallet a row's money lives in. Both modes of the plugin (a seamless instance, e.g. HOUSE,
 * and a transfer one, e.g. HOUSET) may share one database: every session, round and pending call
 * is tagged so each instance serves, settles and retries only its own. Rows made before the
 * transfer mode existed are seamless (the column's default).
 */
export type HgWalletMode = 'seamless' | 'transfer';

/**
 * A page's session: the launch token was exchanged (platform `authenticate`) for the platform's
 * wallet session, which stays here on the server; the page holds only a random house token whose
 * SHA-256 is `tokenHash`. Idle sessions end with the platform's (30 minutes after the last call).
 */
export const hgSessions = pgTable(
  'hg_sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tokenHash: text('token_hash').notNull(),
    platformSessionId: text('platform_session_id').notNull(),
    playerId: text('player_id').notNull(),
    nickname: text('nickname').notNull(),
    currency: text('currency').notNull(),
    language: text('language').notNull(),
    gameCode: text('game_code').notNull(),
    walletMode: text('wallet_mode').$type<HgWalletMode>().notNull().default('seamless'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('hg_sessions_token_key').on(table.tokenHash),
    // The transfer wallet finds the player of a wallet call by the platform's session id.
    index('hg_sessions_platform_session_idx').on(table.platformSessionId),
  ],
);

export type HgRoundStatus =
  /** Debit sent, answer not yet known. */
  | 'debiting'
  /** Debited; a multi-step round (mines) waiting for the player. */
  | 'open'
  /** Outcome fixed, the final credit not yet confirmed (a retry job keeps sending it). */
  | 'crediting'
  | 'settled'
  /** The platform refused the debit: nothing moved. */
  | 'refused'
  /** The debit's answer never came: a rollback is being sent. */
  | 'rolling_back'
  | 'rolled_back';

/**
 * One round of one game. Amounts in minor units. The seeds' commitment, client seed and nonce are
 * kept with the round so that anyone can recompute it once `serverSeed` is revealed (filled in
 * when the player rotates that seed). `state` holds what the player must not see yet (mines'
 * positions); `detail` is the outcome shown to the player once the round is over.
 */
export const hgRounds = pgTable(
  'hg_rounds',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The protocol's roundId (random, unique per vendor). */
    roundId: text('round_id').notNull(),
    playerId: text('player_id').notNull(),
    gameCode: text('game_code').notNull(),
    currency: text('currency').notNull(),
    bet: bigint('bet', { mode: 'bigint' }).notNull(),
    win: bigint('win', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    status: text('status').$type<HgRoundStatus>().notNull(),
    inputs: jsonb('inputs').$type<Record<string, unknown>>().notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    state: jsonb('state').$type<Record<string, unknown>>(),
    /** Bumped by every step of a multi-step round: a step applies only to the version it read. */
    version: integer('version').notNull().default(0),
    serverSeedHash: text('server_seed_hash').notNull(),
    clientSeed: text('client_seed').notNull(),
    nonce: integer('nonce').notNull(),
    serverSeed: text('server_seed'),
    /** The platform's wallet session the round was played in (its later wallet calls name it). */
    platformSessionId: text('platform_session_id').notNull(),
    debitTransactionId: text('debit_transaction_id').notNull(),
    balanceAfter: bigint('balance_after', { mode: 'bigint' }),
    walletMode: text('wallet_mode').$type<HgWalletMode>().notNull().default('seamless'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('hg_rounds_round_key').on(table.roundId),
    index('hg_rounds_player_game_idx').on(table.playerId, table.gameCode, table.id),
    index('hg_rounds_seed_idx').on(table.playerId, table.serverSeedHash),
    // The transfer API's bet records: settled rounds of one wallet mode in settlement order.
    index('hg_rounds_records_idx')
      .on(table.walletMode, table.settledAt, table.id)
      .where(sql`${table.status} = 'settled'`),
  ],
);

export type HgPendingAction = 'credit' | 'rollback';
/** `refused`: the platform answered no (logged for the operator; retrying would not help). */
export type HgPendingStatus = 'pending' | 'done' | 'refused';

/**
 * A wallet call that must eventually reach the platform (a final credit, or the rollback of a
 * debit whose answer never came). Sent again with the same transactionId until the platform
 * answers: the protocol makes a replay harmless. `body` is the exact request body.
 */
export const hgPendingCalls = pgTable(
  'hg_pending_calls',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    transactionId: text('transaction_id').notNull(),
    action: text('action').$type<HgPendingAction>().notNull(),
    roundId: text('round_id').notNull(),
    body: jsonb('body').$type<Record<string, unknown>>().notNull(),
    status: text('status').$type<HgPendingStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    walletMode: text('wallet_mode').$type<HgWalletMode>().notNull().default('seamless'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('hg_pending_calls_transaction_key').on(table.transactionId),
    index('hg_pending_calls_due_idx').on(table.status, table.nextAttemptAt),
  ],
);

/**
 * Transfer mode only: the player's game balance kept by the house (the platform moves money in
 * and out with the transfer API). Made by the first deposit, in that deposit's currency. The
 * CHECK is the last guard against an overdraft; every update is also guarded in its WHERE.
 */
export const hgWallets = pgTable(
  'hg_wallets',
  {
    playerId: text('player_id').primaryKey(),
    currency: text('currency').notNull(),
    balance: bigint('balance', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('hg_wallets_balance_check', sql`${table.balance} >= 0`)],
);

export type HgWalletMoveKind = 'deposit' | 'withdraw' | 'debit' | 'credit' | 'rollback';
/**
 * - `applied`: the move was made (`amount` may be 0: a lost round, a rollback with nothing to undo);
 * - `refused`: answered with a definite refusal, remembered so a replay gets it again;
 * - `rolled_back`: a debit undone since (its replay answers TRANSACTION_ROLLED_BACK);
 * - `tombstone`: a debit whose rollback came first: the row holds its transactionId so the debit,
 *   if it ever comes, is refused.
 */
export type HgWalletMoveStatus = 'applied' | 'refused' | 'rolled_back' | 'tombstone';

/** A remembered refusal: HTTP status and the envelope's fields (INSUFFICIENT_FUNDS, ROUND_CLOSED). */
export interface HgWalletRefusal {
  status: number;
  code: string;
  message: string;
}

/**
 * Every call that moved (or was refused to move) a transfer-mode wallet, keyed by its
 * transactionId: the idempotency record of the transfer API (deposit, withdraw) and of the local
 * game wallet (debit, credit, rollback). A replay is answered from the row: `requestHash` must
 * match (else DUPLICATE_TRANSACTION); an applied move answers its `balanceAfter` (and its `id` as
 * the platformTransactionId when money moved); a refused one answers its stored `refusal`. Rounds
 * are read from the rows of their `roundId`.
 */
export const hgWalletMoves = pgTable(
  'hg_wallet_moves',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    transactionId: text('transaction_id').notNull(),
    playerId: text('player_id').notNull(),
    kind: text('kind').$type<HgWalletMoveKind>().notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    status: text('status').$type<HgWalletMoveStatus>().notNull(),
    balanceAfter: bigint('balance_after', { mode: 'bigint' }),
    /** SHA-256 of the action and the canonical body; null for a tombstone (any body is refused). */
    requestHash: text('request_hash'),
    refusal: jsonb('refusal').$type<HgWalletRefusal>(),
    roundId: text('round_id'),
    /** A rollback: the debit it undoes. */
    referenceTransactionId: text('reference_transaction_id'),
    /** A credit: true settles its round. */
    final: boolean('final'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('hg_wallet_moves_transaction_key').on(table.transactionId),
    index('hg_wallet_moves_round_idx').on(table.roundId),
    index('hg_wallet_moves_player_idx').on(table.playerId, table.id),
  ],
);
