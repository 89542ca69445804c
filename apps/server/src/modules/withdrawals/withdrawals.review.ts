import { asc, eq, sql } from 'drizzle-orm';
import type { Withdrawal, WithdrawalStatus } from '@khela/contract';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { accountNamesOf } from '../accounts/member.service.ts';
import { clearingAddress, memberWalletAddress } from '../ledger/ledger.addresses.ts';
import { parseAmountField } from '../ledger/ledger.errors.ts';
import { getOrOpenMemberWallet, openAccount, postEntry, type PostedEntry } from '../ledger/ledger.service.ts';
import { formatAmount } from '../ledger/money.ts';
import type { SiteSettings } from '../settings/settings.schema.ts';
import { walletChanged } from '../wallet/wallet.events.ts';
import { decodeUpload } from '../../shared/images.ts';
import { recordWalletAudit, type OperatorAuditHook, type WalletActor } from '../wallet/wallet.service.ts';
import { withdrawals } from './withdrawals.tables.ts';
import {
  type PayoutRailInfo,
  latestPayoutAttempts,
  payoutMethodsFor,
  refuseWhilePayoutOpen,
  toPayoutAttempt,
} from './withdrawals.payout-attempts.ts';
import { accountsById } from './withdrawals.accounts.ts';
import {
  type WithdrawSettings,
  type WithdrawalRow,
  withdrawalView,
  lockWithdrawalIn,
  toWithdrawal,
} from './withdrawals.requests.ts';

/** The operator's side of withdrawals: the review queue, the decision, the resolution, the proof. */

/**
 * What the back office's insider controls see of a decision (issue 35): the rules are told once, on
 * back-office/money.withdrawal-guard.ts, which the composition root hands to withdrawalRoutes.
 */
export interface WithdrawalDecisionCheck {
  operator: { id: number; account: string };
  withdrawal: { id: number; memberId: number; amount: bigint; approvedBy: string | null };
  decision: 'approve' | 'reject' | 'disburse';
  settings: SiteSettings;
}

/** Where paid-out money leaves the books (the payout provider's clearing account). */
const payoutProvider = 'payout';

/**
 * The operator's queue: oldest first, with the member and the full account number to pay, the
 * latest payout attempt by a provider's API, and the APIs it can be sent by now (`rails`: the ones
 * the brand has set up).
 */
export async function listWithdrawalsForReview(
  db: Database,
  options: {
    settings: WithdrawSettings;
    query: { status: WithdrawalStatus; limit: number };
    rails?: readonly PayoutRailInfo[];
  },
) {
  const rows = await db
    .select()
    .from(withdrawals)
    .where(eq(withdrawals.status, options.query.status))
    .orderBy(asc(withdrawals.id))
    .limit(options.query.limit);
  const accounts = await accountsById(
    db,
    rows.map((row) => row.accountId),
  );
  const names = await accountNamesOf(db, [...new Set(rows.map((row) => row.memberId))]);
  const attempts = await latestPayoutAttempts(
    db,
    rows.map((row) => row.id),
  );
  const precision = options.settings.currencyPrecision;
  return rows.flatMap((row) => {
    const account = accounts.get(row.accountId);
    if (!account) return [];
    const attempt = attempts.get(row.id) ?? null;
    return [
      {
        ...toWithdrawal(row, account, precision),
        username: names.get(row.memberId) ?? '',
        fullAccountNumber: account.accountNumber,
        hasProof: row.proof !== null,
        approvedBy: row.approvedBy,
        hasPayoutProof: row.payoutProof !== null,
        payoutReference: row.payoutReference,
        payoutAttempt: attempt ? toPayoutAttempt(attempt, precision) : null,
        payoutMethods: payoutMethodsFor({ row, account, attempt, rails: options.rails ?? [] }),
      },
    ];
  });
}

async function auditMain(
  tx: Database,
  options: {
    actor: WalletActor;
    action: string;
    row: WithdrawalRow;
    posted: PostedEntry;
    amount: bigint;
    reason: string;
  },
) {
  const address = memberWalletAddress(options.row.memberId, 'main');
  const after = options.posted.postings.find((posting) => posting.address === address)?.balanceAfter ?? 0n;
  await recordWalletAudit(tx, {
    actor: options.actor,
    action: options.action,
    memberId: options.row.memberId,
    entryId: options.posted.entryId,
    currency: options.row.currency,
    amount: options.amount,
    after,
    reason: options.reason,
  });
}

/**
 * The operator's decision on a pending withdrawal: approve records who approved (it stays pending);
 * reject releases the hold back to the main wallet (audited); disburse, only once approved
 * (WITHDRAWAL_NOT_APPROVED), pays it out of the hold and starts the member's confirmation window.
 */
export async function decideWithdrawal(
  db: Database,
  options: {
    settings: WithdrawSettings;
    actor: WalletActor;
    body: {
      withdrawalId: number;
      decision: 'approve' | 'reject' | 'disburse';
      reason?: string | undefined;
      proof?: { contentType: 'image/png' | 'image/jpeg'; data: string } | undefined;
    };
    /** Records the change (before/after) in the same transaction (back-office audit). */
    audit?: OperatorAuditHook;
    /**
     * Insider controls (issue 35): may this operator take this decision on this withdrawal? Runs
     * on the locked row before anything changes and throws to refuse.
     */
    guard?: (tx: Database, current: WithdrawalRow) => Promise<void>;
  },
): Promise<Withdrawal> {
  const { settings, actor, body } = options;
  const precision = settings.currencyPrecision;
  const proof = body.decision === 'disburse' && body.proof ? decodeUpload(body.proof, 'proof') : null;
  const row = await db.transaction(async (tx) => {
    const current = await lockWithdrawalIn(tx, body.withdrawalId, 'pending', {
      conflict: (status) => `already ${status}`,
    });
    // Approve, then disburse: nothing is paid out that no operator approved (issue 35), whatever
    // the amount and whoever asks. Above `disburseSecondOperatorFrom` the guard also wants another
    // operator than the approver.
    if (body.decision === 'disburse' && current.approvedBy === null) {
      throw new AppError('WITHDRAWAL_NOT_APPROVED', {
        issues: [{ field: 'withdrawalId', reason: 'approve the withdrawal before it is paid out' }],
      });
    }
    // A payout sent by a provider's API whose outcome is not known yet may have paid: nothing else
    // pays it out or gives the money back until an operator resolves it (withdrawals.payouts.ts).
    if (body.decision !== 'approve') await refuseWhilePayoutOpen(tx, current.id);
    await options.guard?.(tx, current);
    const main = memberWalletAddress(current.memberId, 'main');
    const hold = memberWalletAddress(current.memberId, 'hold');
    const reason = body.reason?.trim() || null;
    const audited = async (after: WithdrawalRow) => {
      await options.audit?.(tx, {
        targetKind: 'withdrawal',
        targetId: current.id,
        before: stateOf(current, precision),
        after: stateOf(after, precision),
        reason,
      });
      return after;
    };
    if (body.decision === 'approve') {
      if (current.approvedBy !== null) {
        throw new AppError('CONFLICT', { issues: [{ field: 'withdrawalId', reason: 'already approved' }] });
      }
      const [approved] = await tx
        .update(withdrawals)
        .set({ approvedBy: actor.name, approvedAt: sql`now()`, reason })
        .where(eq(withdrawals.id, current.id))
        .returning();
      return audited(approved ?? current);
    }
    if (body.decision === 'reject') {
      const posted = await postEntry(tx, {
        kind: 'release',
        idempotencyKey: `withdraw-release:${current.id}`,
        postings: [
          { address: hold, amount: -current.amount },
          { address: main, amount: current.amount },
        ],
        metadata: { withdrawalId: current.id, reason },
      });
      await auditMain(tx, {
        actor,
        action: 'withdrawal_reject',
        row: current,
        posted,
        amount: current.amount,
        reason: reason ?? 'rejected',
      });
      const [rejected] = await tx
        .update(withdrawals)
        .set({
          status: 'rejected',
          releaseEntryId: posted.entryId,
          reason,
          decidedBy: actor.name,
          decidedAt: sql`now()`,
        })
        .where(eq(withdrawals.id, current.id))
        .returning();
      return audited(rejected ?? current);
    }
    const disbursed = await payOutLocked(tx, {
      settings,
      actor,
      current,
      reason,
      ...(proof ? { proof: { data: proof, contentType: body.proof?.contentType ?? null } } : {}),
    });
    return audited(disbursed ?? current);
  });
  walletChanged(db, row.memberId);
  return withdrawalView(db, row, precision);
}

/**
 * Pays out the locked, pending withdrawal `current`: the one pay-out posting (hold to the payout
 * clearing account, keyed `withdraw-payout:<id>`, so it can happen once) and the row disbursed,
 * with its confirmation window started. The manual disbursement and a payout by a provider's API
 * (withdrawals.payouts.ts) both end here; `reference` is the provider's transaction id.
 */
export async function payOutLocked(
  tx: Database,
  options: {
    settings: WithdrawSettings;
    actor: WalletActor;
    current: WithdrawalRow;
    reason: string | null;
    proof?: { data: Buffer; contentType: string | null };
    reference?: { method: string; transactionId: string };
  },
): Promise<WithdrawalRow> {
  const { settings, actor, current } = options;
  const precision = settings.currencyPrecision;
  const hold = memberWalletAddress(current.memberId, 'hold');
  const clearing = clearingAddress(payoutProvider, current.currency);
  await openAccount(tx, { address: clearing, currency: current.currency, precision });
  const posted = await postEntry(tx, {
    kind: 'withdrawal',
    idempotencyKey: `withdraw-payout:${current.id}`,
    postings: [
      { address: hold, amount: -current.amount },
      { address: clearing, amount: current.amount },
    ],
    metadata: {
      withdrawalId: current.id,
      operator: actor.name,
      ...(options.reference
        ? { method: options.reference.method, transactionId: options.reference.transactionId }
        : {}),
    },
  });
  const [disbursed] = await tx
    .update(withdrawals)
    .set({
      status: 'disbursed',
      payoutEntryId: posted.entryId,
      reason: options.reason,
      decidedBy: actor.name,
      decidedAt: sql`now()`,
      disbursedAt: sql`now()`,
      confirmBy: sql`now() + make_interval(mins => ${settings.wallet.autoReceiveMinutes})`,
      ...(options.proof
        ? { payoutProof: options.proof.data, payoutProofType: options.proof.contentType }
        : {}),
      ...(options.reference ? { payoutReference: options.reference.transactionId } : {}),
    })
    .where(eq(withdrawals.id, current.id))
    .returning();
  return disbursed ?? current;
}

/**
 * Closes a dispute: what did not arrive (at most the amount less what the member says arrived)
 * goes back to the main wallet from the payout clearing account, audited; "0" closes it without
 * a refund. Either way the withdrawal is completed and final.
 */
export async function resolveWithdrawal(
  db: Database,
  options: {
    settings: WithdrawSettings;
    actor: WalletActor;
    body: { withdrawalId: number; refund: string; reason: string };
    audit?: OperatorAuditHook;
  },
): Promise<Withdrawal> {
  const { settings, actor, body } = options;
  const precision = settings.currencyPrecision;
  const refund = parseAmountField(body.refund, { field: 'refund', precision, allowZero: true });
  const row = await db.transaction(async (tx) => {
    const current = await lockWithdrawalIn(tx, body.withdrawalId, 'disputed');
    const ceiling = current.amount - (current.receivedAmount ?? 0n);
    if (refund > ceiling) {
      throw new AppError('VALIDATION_FAILED', {
        issues: [{ field: 'refund', reason: `at most ${formatAmount(ceiling, precision)}` }],
      });
    }
    let refundEntryId: number | null = null;
    if (refund > 0n) {
      const main = await getOrOpenMemberWallet(tx, {
        memberId: current.memberId,
        kind: 'main',
        currency: current.currency,
        precision,
      });
      const posted = await postEntry(tx, {
        kind: 'adjustment',
        idempotencyKey: `withdraw-refund:${current.id}`,
        postings: [
          { address: clearingAddress(payoutProvider, current.currency), amount: -refund },
          { address: main.address, amount: refund },
        ],
        metadata: { withdrawalId: current.id, reason: body.reason },
      });
      refundEntryId = posted.entryId;
      await auditMain(tx, {
        actor,
        action: 'withdrawal_refund',
        row: current,
        posted,
        amount: refund,
        reason: body.reason,
      });
    }
    const [resolved] = await tx
      .update(withdrawals)
      .set({
        status: 'completed',
        refunded: refund,
        refundEntryId,
        reason: body.reason,
        decidedBy: actor.name,
        resolvedAt: sql`now()`,
      })
      .where(eq(withdrawals.id, current.id))
      .returning();
    await options.audit?.(tx, {
      targetKind: 'withdrawal',
      targetId: current.id,
      before: stateOf(current, precision),
      after: { ...stateOf(resolved ?? current, precision), refundEntryId },
      reason: body.reason,
    });
    return resolved ?? current;
  });
  walletChanged(db, row.memberId);
  return withdrawalView(db, row, precision);
}

/** What the audit trail keeps of a withdrawal, before and after a decision. */
function stateOf(row: WithdrawalRow, precision: number) {
  return {
    status: row.status,
    memberId: row.memberId,
    amount: formatAmount(row.amount, precision),
    currency: row.currency,
    approvedBy: row.approvedBy,
    decidedBy: row.decidedBy,
    reason: row.reason,
    refunded: row.refunded === null ? null : formatAmount(row.refunded, precision),
    payoutProof: row.payoutProof !== null,
    payoutReference: row.payoutReference,
  };
}

export async function getWithdrawalProof(
  db: Database,
  withdrawalId: number,
  kind: 'receipt' | 'payout' = 'receipt',
): Promise<{ contentType: 'image/png' | 'image/jpeg'; data: string }> {
  const [row] = await db
    .select(
      kind === 'payout'
        ? { proof: withdrawals.payoutProof, proofType: withdrawals.payoutProofType }
        : { proof: withdrawals.proof, proofType: withdrawals.proofType },
    )
    .from(withdrawals)
    .where(eq(withdrawals.id, withdrawalId));
  const contentType = row?.proofType;
  if (!row?.proof || (contentType !== 'image/png' && contentType !== 'image/jpeg')) {
    throw new AppError('NOT_FOUND', { issues: [{ field: 'withdrawalId', reason: 'no proof' }] });
  }
  return { contentType, data: row.proof.toString('base64') };
}
