import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { PayoutAttempt, PayoutMethod, PayoutWalletProvider } from '@khela/contract';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { formatAmount } from '../ledger/money.ts';
import type { AccountRow } from './withdrawals.accounts.ts';
import { withdrawalPayoutAttempts } from './withdrawals.tables.ts';
import type { WithdrawalRow } from './withdrawals.requests.ts';

/**
 * The payout attempts' rows as the rest of the module reads them: what holds a withdrawal, the
 * view the back office shows, and which provider APIs a withdrawal can be sent by now.
 */

export type PayoutAttemptRow = typeof withdrawalPayoutAttempts.$inferSelect;

/** What the review queue needs to know of a provider API the brand has set up. */
export interface PayoutRailInfo {
  method: PayoutMethod;
  /** The payout accounts it pays to. */
  walletProvider: PayoutWalletProvider;
}

/** Attempt states that hold a withdrawal: the provider may have paid it. */
export const openPayoutStatuses = ['sending', 'uncertain'] as const;

/** A `sending` attempt past its deadline: its call's answer was never written (the server stopped). */
export function isStale(row: Pick<PayoutAttemptRow, 'status' | 'staleAt'>, now = Date.now()): boolean {
  return row.status === 'sending' && row.staleAt.getTime() <= now;
}

/** The back office's view: a stale `sending` attempt shows as what it is treated as, uncertain. */
export function toPayoutAttempt(row: PayoutAttemptRow, precision: number): PayoutAttempt {
  const stale = isStale(row);
  return {
    attemptId: row.id,
    withdrawalId: row.withdrawalId,
    method: row.method,
    reference: row.reference,
    amount: formatAmount(row.amount, precision),
    currency: row.currency,
    receiver: row.receiver,
    status: stale ? 'uncertain' : row.status,
    transactionId: row.transactionId,
    outcome: stale
      ? (row.outcome ?? 'no answer was recorded: the server stopped during the call')
      : row.outcome,
    sentBy: row.sentBy,
    sentAt: row.sentAt.getTime(),
    resolvedBy: row.resolvedBy,
    resolvedAt: row.resolvedAt?.getTime() ?? null,
    note: row.note,
  };
}

/** Each withdrawal's newest attempt. */
export async function latestPayoutAttempts(
  db: Database,
  withdrawalIds: readonly number[],
): Promise<Map<number, PayoutAttemptRow>> {
  if (withdrawalIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([withdrawalPayoutAttempts.withdrawalId])
    .from(withdrawalPayoutAttempts)
    .where(inArray(withdrawalPayoutAttempts.withdrawalId, [...new Set(withdrawalIds)]))
    .orderBy(withdrawalPayoutAttempts.withdrawalId, desc(withdrawalPayoutAttempts.id));
  return new Map(rows.map((row) => [row.withdrawalId, row]));
}

/**
 * The provider APIs a withdrawal can be sent by now: pending and approved, no attempt open, and
 * its payout account a wallet of a provider the brand has set up.
 */
export function payoutMethodsFor(options: {
  row: WithdrawalRow;
  account: AccountRow;
  attempt: PayoutAttemptRow | null;
  rails: readonly PayoutRailInfo[];
}): PayoutMethod[] {
  const { row, account, attempt } = options;
  if (row.status !== 'pending' || row.approvedBy === null) return [];
  if (attempt && (openPayoutStatuses as readonly string[]).includes(attempt.status)) return [];
  return options.rails
    .filter((rail) => account.kind === 'ewallet' && account.walletProvider === rail.walletProvider)
    .map((rail) => rail.method);
}

/** CONFLICT when the withdrawal has a payout attempt that is sending or uncertain. */
export async function refuseWhilePayoutOpen(tx: Database, withdrawalId: number): Promise<void> {
  const [open] = await tx
    .select({ id: withdrawalPayoutAttempts.id, status: withdrawalPayoutAttempts.status })
    .from(withdrawalPayoutAttempts)
    .where(
      and(
        eq(withdrawalPayoutAttempts.withdrawalId, withdrawalId),
        inArray(withdrawalPayoutAttempts.status, [...openPayoutStatuses]),
      ),
    )
    .limit(1);
  if (open) {
    throw new AppError('CONFLICT', {
      issues: [
        {
          field: 'withdrawalId',
          reason: `payout attempt ${open.id} is ${open.status}: it may have paid, so it is resolved first`,
        },
      ],
    });
  }
}

/**
 * Marks `sending` attempts past their deadline uncertain (the job `withdrawal-payout-stale`): the
 * server stopped between recording the attempt and writing the provider's answer, so the money may
 * have left. Nothing else changes; an operator resolves them.
 */
export async function markStalePayoutAttempts(db: Database): Promise<number> {
  const marked = await db
    .update(withdrawalPayoutAttempts)
    .set({
      status: 'uncertain',
      outcome: sql`coalesce(${withdrawalPayoutAttempts.outcome}, 'no answer was recorded: the server stopped during the call')`,
    })
    .where(
      and(eq(withdrawalPayoutAttempts.status, 'sending'), lt(withdrawalPayoutAttempts.staleAt, sql`now()`)),
    )
    .returning({ id: withdrawalPayoutAttempts.id });
  return marked.length;
}
