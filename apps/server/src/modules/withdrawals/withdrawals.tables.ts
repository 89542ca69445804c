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
    /**
     * A payout by a provider's API (issue 37, item 4): the provider's transaction id (bKash's
     * trxID), the proof of that payout. Null for a payout made by hand.
     */
    payoutReference: text('payout_reference'),
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

/**
 * Payouts sent by a provider's disbursement API (bKash B2C; docs/payments.md "Payouts by bKash
 * B2C"), one row per attempt, written in its own committed transaction BEFORE the provider is
 * called, so that no call is ever made that we have no record of. `sending` until the provider's
 * answer is written; then `paid` (the withdrawal is paid out through the one pay-out path),
 * `failed` (the provider moved nothing: a new attempt may be sent or the payout made by hand) or
 * `uncertain` (no answer, or one that does not say: money may have left). A `sending` row whose
 * `stale_at` has passed (the server stopped mid-call) counts as uncertain. While a withdrawal has a
 * `sending` or `uncertain` attempt nothing else pays it out or releases it, until an operator other
 * than the sender resolves the attempt as paid (with the provider's transaction id) or not paid.
 */
export const withdrawalPayoutAttempts = pgTable(
  'withdrawal_payout_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    withdrawalId: bigint('withdrawal_id', { mode: 'number' }).notNull(),
    method: text('method', { enum: ['bkash_b2c'] }).notNull(),
    /** This attempt's reference at the provider (bKash merchantInvoiceNumber): `wd-<withdrawal>-<n>`. */
    reference: text('reference').notNull(),
    currency: text('currency').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    /** The wallet paid to (bKash receiverMSISDN), as sent. */
    receiver: text('receiver').notNull(),
    status: text('status', { enum: ['sending', 'uncertain', 'paid', 'failed'] })
      .notNull()
      .default('sending'),
    /** The provider's transaction id (bKash trxID) of the payout, once known. */
    transactionId: text('transaction_id'),
    /** What the provider answered, or why it is not known (codes and texts, never secrets). */
    outcome: text('outcome'),
    sentBy: text('sent_by').notNull(),
    sentById: integer('sent_by_id').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    /** After this a `sending` attempt has outlived every deadline of its calls: it counts as uncertain. */
    staleAt: timestamp('stale_at', { withTimezone: true }).notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    resolvedBy: text('resolved_by'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    note: text('note'),
  },
  (table) => [
    uniqueIndex('withdrawal_payout_attempts_reference_key').on(table.method, table.reference),
    // One attempt at a time, and at most one paid: a second send (a double click, a replay, two
    // operators at once) finds this index even if it got past the row lock's check.
    uniqueIndex('withdrawal_payout_attempts_open_key')
      .on(table.withdrawalId)
      .where(sql`${table.status} in ('sending', 'uncertain', 'paid')`),
    // One provider transaction pays one withdrawal.
    uniqueIndex('withdrawal_payout_attempts_transaction_key')
      .on(table.method, table.transactionId)
      .where(sql`${table.transactionId} is not null`),
    index('withdrawal_payout_attempts_withdrawal_idx').on(table.withdrawalId, table.id),
    index('withdrawal_payout_attempts_status_idx').on(table.status, table.staleAt),
  ],
);
