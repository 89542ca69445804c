import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  pgView,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** The back office's switches on a vendor or game, kept over catalogue syncs (back-office site). */
export interface OperatorOverrides {
  enabled?: boolean;
  isHot?: boolean;
  sortOrder?: number;
  gameType?: string;
  classify?: string | null;
}

/**
 * Game vendors as the lobby shows them. Filled and synced from the vendor adapters
 * (catalogue-sync.ts); the header shows only the categories that have an enabled one
 * (game-menus.service.ts).
 */
export const gameVendors = pgTable('game_vendors', {
  vassalage: text('vassalage').primaryKey(),
  accountTypeId: integer('account_type_id').notNull(),
  displayName: text('display_name').notNull(),
  smallIcon: text('small_icon'),
  isHot: smallint('is_hot').notNull().default(0),
  gameType: text('game_type').notNull(),
  walletMode: text('wallet_mode').notNull().default('seamless'),
  launchKind: text('launch_kind').notNull().default('iframe'),
  /** The adapter (vendor_connections) that serves this lobby vendor's games and wallet calls. */
  vendorCode: text('vendor_code'),
  enabled: boolean('enabled').notNull().default(true),
  sortOrder: integer('sort_order').notNull().default(1000),
  /** What the operator set (enabled, isHot, sortOrder, gameType): the catalogue sync keeps it. */
  operatorOverrides: jsonb('operator_overrides')
    .$type<OperatorOverrides>()
    .notNull()
    .default(sql`'{}'::jsonb`),
});

/**
 * How a vendor is reached. One row per vendor adapter (the vendor rows of `game_vendors` say how
 * it shows in the lobby; this one says how the platform talks to it). The wallet secret signs the
 * vendor wallet protocol both ways (docs/vendor-protocol.md); it never leaves the server.
 */
export const vendorConnections = pgTable('vendor_connections', {
  /** The vendor code of the protocol (e.g. HOUSE); one connection may serve several lobby vendors. */
  vendorCode: text('vendor_code').primaryKey(),
  /** Base URL of the vendor's own API (game list, launch page). */
  apiBaseUrl: text('api_base_url').notNull(),
  /** Hex HMAC-SHA256 key shared with the vendor. */
  walletSecret: text('wallet_secret').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  /**
   * `seamless`: the vendor calls the platform's wallet for every bet and win. `transfer`: the vendor
   * keeps the player's game balance itself; the member moves money into and out of it
   * (GCS_walletTransfer), booked on the member's `vendor:<code>` sub-wallet.
   */
  walletMode: text('wallet_mode', { enum: ['seamless', 'transfer'] })
    .notNull()
    .default('seamless'),
  lastSyncAt: timestamp('last_sync_at', { withTimezone: true }),
  lastSyncError: text('last_sync_error'),
});

/**
 * The game catalogue, filled by syncing each vendor adapter's game list (never by hand). `nodeId`
 * is the id the web passes around (favourites, launch). Names per language; minimum bet in minor
 * units. A game missing from a vendor's latest list is disabled, not deleted, so records keep it.
 */
export const games = pgTable(
  'games',
  {
    nodeId: serial('node_id').primaryKey(),
    vassalage: text('vassalage').notNull(),
    vendorCode: text('vendor_code').notNull(),
    gameCode: text('game_code').notNull(),
    gameType: text('game_type').notNull(),
    /** Slot classify: SC, VP, JP, TG, AC, BG (null for non-slots). */
    classify: text('classify'),
    names: jsonb('names').$type<Record<string, string>>().notNull(),
    icon: text('icon'),
    minBet: bigint('min_bet', { mode: 'bigint' }).notNull(),
    lineNum: integer('line_num').notNull().default(0),
    isHot: smallint('is_hot').notNull().default(0),
    defaultPlayType: text('default_play_type'),
    /** Declared return to player in basis points (9600 = 96.00 %), shown on the paytable. */
    rtpBasisPoints: integer('rtp_basis_points'),
    /** Launch rule flags of spec 2 beyond the category (e.g. VASSALAGE popup list). */
    launchFlags: jsonb('launch_flags')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    enabled: boolean('enabled').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(1000),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
    /** What the operator set (enabled, isHot, sortOrder, gameType, classify): the sync keeps it. */
    operatorOverrides: jsonb('operator_overrides')
      .$type<OperatorOverrides>()
      .notNull()
      .default(sql`'{}'::jsonb`),
  },
  (table) => [
    uniqueIndex('games_vendor_code_key').on(table.vendorCode, table.gameCode),
    index('games_lobby_idx').on(table.gameType, table.vassalage, table.enabled, table.sortOrder),
  ],
);

/** A member's saved games (spec: favourites toggled by add or remove). */
export const gameFavourites = pgTable(
  'game_favourites',
  {
    memberId: integer('member_id').notNull(),
    nodeId: integer('node_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.memberId, table.nodeId] })],
);

/**
 * A launch: the one-time token the vendor exchanges in `authenticate` for a wallet session. Only
 * the token's SHA-256 is kept. The session it opens is valid until `expiresAt` and is extended by
 * play; `launchedAt` also feeds the member's recent games.
 */
export const gameSessions = pgTable(
  'game_sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tokenHash: text('token_hash').notNull(),
    memberId: integer('member_id').notNull(),
    /**
     * The platform session (accounts `sessions.id`) the game was launched from. The wallet session
     * lives only while that one does: a logout, a password change or a disabled account ends the
     * game at once (docs/vendor-protocol.md, Sessions). Null only for rows made before this column;
     * such a session can no longer bet.
     */
    platformSessionId: bigint('platform_session_id', { mode: 'number' }),
    nodeId: integer('node_id').notNull(),
    vendorCode: text('vendor_code').notNull(),
    gameCode: text('game_code').notNull(),
    currency: text('currency').notNull(),
    /** Which wallet the session plays from: main, or trial for free-play accounts. */
    walletKind: text('wallet_kind', { enum: ['main', 'trial'] }).notNull(),
    language: text('language').notNull(),
    launchedAt: timestamp('launched_at', { withTimezone: true }).notNull().defaultNow(),
    /** The launch token must be exchanged before this. */
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }).notNull(),
    authenticatedAt: timestamp('authenticated_at', { withTimezone: true }),
    /** The wallet session (after authenticate) ends here unless play extends it. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('game_sessions_token_key').on(table.tokenHash),
    // Also how a member's live sessions are found to end them (game-sessions.service.ts). No index
    // holds expires_at or authenticated_at: with the table's fillfactor 80 (drizzle/0030) the token
    // exchange and the slide are HOT updates.
    index('game_sessions_recent_idx').on(table.memberId, table.launchedAt),
  ],
);

/**
 * A round of play as the platform saw it through the protocol: opened by the first debit, settled
 * by a credit marked final, or rolled back. Totals in minor units. `detail` is the vendor's
 * summary (outcome, provably-fair proof) for the betting record.
 */
/** The columns a round has both in `game_rounds` and in the `member_rounds` view (fresh builders each call). */
function roundColumns() {
  return {
    vendorCode: text('vendor_code').notNull(),
    roundId: text('round_id').notNull(),
    memberId: integer('member_id').notNull(),
    nodeId: integer('node_id').notNull(),
    gameType: text('game_type').notNull(),
    vassalage: text('vassalage').notNull(),
    currency: text('currency').notNull(),
    walletKind: text('wallet_kind', { enum: ['main', 'trial'] }).notNull(),
  };
}

export const gameRounds = pgTable(
  'game_rounds',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...roundColumns(),
    betAmount: bigint('bet_amount', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    winAmount: bigint('win_amount', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /**
     * The part of bet_amount drawn from the bonus wallet (bets draw cash first; docs/promotions.md):
     * the round's wins go to cash and bonus in the same proportion.
     */
    bonusBetAmount: bigint('bonus_bet_amount', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    status: text('status', { enum: ['open', 'settled', 'rolled_back'] })
      .notNull()
      .default('open'),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('game_rounds_vendor_round_key').on(table.vendorCode, table.roundId),
    index('game_rounds_member_idx').on(table.memberId, table.startedAt),
    // Partial: an open round is never looked up by its settlement time, so the debit that opens
    // it writes no entry here (issue 12); `settled_at >= …` and min() use the index as before.
    index('game_rounds_settled_idx')
      .on(table.settledAt)
      .where(sql`${table.settledAt} is not null`),
  ],
);

/**
 * Every wallet call a vendor made that moves (or tried to move) money, by the vendor's transaction
 * id: a replay answers `response` again and moves nothing. `entryId` is the journal entry it
 * posted (null for a refusal, which is remembered too so that a replay gets the same refusal).
 */
export const vendorTransactions = pgTable(
  'vendor_transactions',
  {
    vendorCode: text('vendor_code').notNull(),
    transactionId: text('transaction_id').notNull(),
    kind: text('kind', { enum: ['debit', 'credit', 'rollback'] }).notNull(),
    roundId: text('round_id').notNull(),
    memberId: integer('member_id').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    /** For a rollback: the transaction id of the debit it undoes. */
    referenceTransactionId: text('reference_transaction_id'),
    requestHash: text('request_hash').notNull(),
    entryId: bigint('entry_id', { mode: 'number' }),
    status: integer('status').notNull(),
    response: jsonb('response').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Keyed by the vendor's own id: no surrogate id and no index by round (nothing reads by it), so
  // a stored call writes one index entry (issue 12).
  (table) => [
    primaryKey({ name: 'vendor_transactions_key', columns: [table.vendorCode, table.transactionId] }),
  ],
);

export type VendorTransferStatus = 'pending' | 'done' | 'failed';

/**
 * A move of money between a member's main wallet and a transfer-mode vendor's wallet
 * (GCS_walletTransfer), by the platform's transfer id (sent to the vendor, which is idempotent by
 * it). `in`: the main wallet is debited into the member's vendor sub-wallet when the row is made,
 * then the vendor is asked to credit its wallet; `out`: the vendor is asked first, and the money
 * comes back to the main wallet once it said yes. While the vendor's answer is unknown the row
 * stays `pending` and a job sends the same call again. At most one pending transfer per member and
 * vendor (a partial unique index): the vendor's balance after each transfer then books the game
 * results played since the last one, without racing another transfer.
 */
export const vendorTransfers = pgTable(
  'vendor_transfers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    transferId: text('transfer_id').notNull(),
    memberId: integer('member_id').notNull(),
    vendorCode: text('vendor_code').notNull(),
    direction: text('direction', { enum: ['in', 'out'] }).notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull(),
    /** The member's request id (a retry of the same request finds this row). */
    requestId: text('request_id').notNull(),
    status: text('status').$type<VendorTransferStatus>().notNull().default('pending'),
    /** The vendor's refusal code of a failed transfer. */
    failureCode: text('failure_code'),
    /** The vendor wallet's balance right after the transfer (its answer). */
    vendorBalanceAfter: bigint('vendor_balance_after', { mode: 'bigint' }),
    attempts: integer('attempts').notNull().default(1),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('vendor_transfers_transfer_key').on(table.transferId),
    uniqueIndex('vendor_transfers_request_key').on(table.memberId, table.requestId),
    uniqueIndex('vendor_transfers_one_pending')
      .on(table.memberId, table.vendorCode)
      .where(sql`status = 'pending'`),
    index('vendor_transfers_due_idx').on(table.status, table.nextAttemptAt),
    index('vendor_transfers_member_idx').on(table.memberId, table.id),
  ],
);

/**
 * How far the platform has read a transfer-mode vendor's bet records (docs/vendor-protocol.md, "Bet
 * records"): the vendor's own cursor after the last page stored. It moves in the same transaction
 * as that page's rounds (into `game_rounds`, once by vendor and round id), so a pull that dies
 * between reading and storing loses nothing: the page is read again from the old cursor.
 */
export const vendorRecordCursors = pgTable('vendor_record_cursors', {
  vendorCode: text('vendor_code').primaryKey(),
  /** The vendor's cursor (opaque); null: from its first record. */
  cursor: text('cursor'),
  /** When a pull last read to the end of the vendor's records: they are this fresh. */
  pulledAt: timestamp('pulled_at', { withTimezone: true }),
  /** Why the last pull stopped short (no answer, a refusal, a record it could not place), or null. */
  lastError: text('last_error'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every round a member played: `game_rounds` and the lottery's bets as rounds of their catalogue
 * games (a view, drizzle/0016_lottery_money.sql). The betting record, profit and loss, popular games
 * and the rank boards read this; money calls write `game_rounds` and `lottery_bets`.
 */
export const memberRounds = pgView('member_rounds', {
  id: bigint('id', { mode: 'number' }).notNull(),
  ...roundColumns(),
  betAmount: bigint('bet_amount', { mode: 'bigint' }).notNull(),
  winAmount: bigint('win_amount', { mode: 'bigint' }).notNull(),
  status: text('status', { enum: ['open', 'settled', 'rolled_back'] }).notNull(),
  detail: jsonb('detail').$type<Record<string, unknown>>(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  settledAt: timestamp('settled_at', { withTimezone: true }),
}).existing();
