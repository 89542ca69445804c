import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bytea } from '../../db/columns.ts';

/** The bank and e-wallet accounts a member binds for withdrawals; removal keeps the row. */
export const payoutAccounts = pgTable(
  'payout_accounts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberId: integer('member_id').notNull(),
    kind: text('kind', { enum: ['bank', 'ewallet'] }).notNull(),
    providerName: text('provider_name').notNull(),
    /**
     * An e-wallet's provider from the list (issue 37, item 4); `providerName` then holds its own
     * spelling. Null for a bank, and for an e-wallet bound before the list whose free-text name
     * matched none of them (migration 0041 mapped the ones it recognised).
     */
    walletProvider: text('wallet_provider', { enum: ['bkash', 'nagad', 'rocket', 'upay'] }),
    accountName: text('account_name').notNull(),
    accountNumber: text('account_number').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('payout_accounts_member_number_key')
      .on(table.memberId, table.kind, table.accountNumber)
      .where(sql`${table.removedAt} is null`),
  ],
);

/**
 * A withdrawal: requested (the amount moved to the member's hold wallet), rejected (released),
 * disbursed (paid out from the hold), then completed by the member's receipt, by silence past
 * `confirmBy`, or by the operator closing a dispute. Each ledger movement's entry id is kept.
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberId: integer('member_id').notNull(),
    accountId: bigint('account_id', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    status: text('status', { enum: ['pending', 'rejected', 'disbursed', 'completed', 'disputed'] })
      .notNull()
      .default('pending'),
    requestId: text('request_id').notNull(),
    requestHash: text('request_hash').notNull(),
    holdEntryId: bigint('hold_entry_id', { mode: 'number' }),
    releaseEntryId: bigint('release_entry_id', { mode: 'number' }),
    payoutEntryId: bigint('payout_entry_id', { mode: 'number' }),
    refundEntryId: bigint('refund_entry_id', { mode: 'number' }),
    refunded: bigint('refunded', { mode: 'bigint' }),
    receipt: text('receipt', { enum: ['full', 'partial', 'none', 'auto'] }),
    receivedAmount: bigint('received_amount', { mode: 'bigint' }),
    proofType: text('proof_type'),
    proof: bytea('proof'),
    reason: text('reason'),
    decidedBy: text('decided_by'),
    /** The back office's approval before the payout (issue 15); the row stays pending until paid. */
    approvedBy: text('approved_by'),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    /** The operator's proof of the payout (sent with the disbursement). */
    payoutProofType: text('payout_proof_type'),
    payoutProof: bytea('payout_proof'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    disbursedAt: timestamp('disbursed_at', { withTimezone: true }),
    confirmBy: timestamp('confirm_by', { withTimezone: true }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('withdrawals_member_request_key').on(table.memberId, table.requestId),
    index('withdrawals_member_idx').on(table.memberId, table.createdAt),
    index('withdrawals_status_idx').on(table.status, table.confirmBy),
  ],
);
