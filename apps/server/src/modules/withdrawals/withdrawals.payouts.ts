import { and, count, eq, sql } from 'drizzle-orm';
import {
  bdMobilePattern,
  type PayoutAttempt,
  type PayoutMethod,
  type PayoutWalletProvider,
  type Withdrawal,
} from '@khela/contract';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { isUniqueViolation } from '../../db/pg-errors.ts';
import { formatAmount, parseAmount } from '../ledger/money.ts';
import { walletChanged } from '../wallet/wallet.events.ts';
import type { OperatorAuditHook, WalletActor } from '../wallet/wallet.service.ts';
import { accountsById } from './withdrawals.accounts.ts';
import {
  isStale,
  refuseWhilePayoutOpen,
  toPayoutAttempt,
  type PayoutAttemptRow,
} from './withdrawals.payout-attempts.ts';
import {
  lockWithdrawal,
  lockWithdrawalIn,
  withdrawalView,
  type WithdrawSettings,
  type WithdrawalRow,
} from './withdrawals.requests.ts';
import { payOutLocked } from './withdrawals.review.ts';
import { withdrawalPayoutAttempts } from './withdrawals.tables.ts';

/**
 * Payouts by a provider's disbursement API (issue 37, item 4: bKash B2C), in two phases so that a
 * payout can never be sent twice (docs/payments.md, "Payouts by bKash B2C"):
 *
 * 1. Under the withdrawal's row lock, every rule is checked (pending, approved, the insider
 *    controls, a wallet of the provider, the provider's limits, no attempt open) and an attempt is
 *    written `sending` with its own reference, and COMMITTED, before the provider is called.
 * 2. The provider's answer is written in a second transaction: a clear success (completed, with
 *    our amount, wallet and reference, confirmed by a search of its transaction id where the
 *    provider answers it) pays the withdrawal out through the one pay-out path (payOutLocked: the
 *    same ledger posting as a manual payout, keyed by the withdrawal); a refusal that means nothing
 *    moved fails the attempt (another may be sent, or the payout made by hand); anything else
 *    leaves it `uncertain`.
 *
 * A `sending` or `uncertain` attempt holds the withdrawal: no other attempt (a unique index), no
 * manual payout and no rejection until an operator other than the sender resolves it from the
 * provider's portal (paid with its transaction id, which the provider is asked about, or not paid).
 * A crash between the call and the second write leaves `sending`, which counts as uncertain once
 * its deadline has passed.
 */

/** The answer of one payout call, in the provider's terms mapped to ours. */
export type PayoutOutcome =
  | { kind: 'completed'; transactionId: string; amount: string; receiver: string; reference: string }
  /** The provider refused it in a way that means nothing moved. */
  | { kind: 'refused'; code: string; message: string }
  /** The payout call was never made. */
  | { kind: 'not-sent'; reason: string }
  | { kind: 'uncertain'; reason: string };

export interface PayoutTransaction {
  transactionId: string;
  status: string;
  amount: string;
  receiver: string;
}

/**
 * A provider's disbursement API as withdrawals use it (built by the composition root from the
 * provider's adapter: payout-rails.ts).
 */
export interface PayoutRail {
  method: PayoutMethod;
  walletProvider: PayoutWalletProvider;
  /** The provider's name for people ("bKash"). */
  name: string;
  /** The brand's limits and the longest one call may take; null while it is not set up. */
  setup(): Promise<{ minAmount: string; maxAmount: string; callMs: number } | null>;
  /** One payout call; never throws (whatever goes wrong is an outcome). */
  pay(payout: { reference: string; amount: string; receiver: string }): Promise<PayoutOutcome>;
  /** The provider's record of a transaction; null when it has none; throws when it does not answer. */
  lookUp(transactionId: string): Promise<PayoutTransaction | null>;
}

export interface PayoutAnswer {
  withdrawal: Withdrawal;
  attempt: PayoutAttempt;
}

/** Calls one attempt may make (token grants, the payout, a retry after a refused token). */
const callsPerAttempt = 4;
/** Slack on top of the calls' deadlines before a `sending` attempt counts as uncertain. */
const staleSlackSeconds = 60;

function railOf(rails: readonly PayoutRail[], method: PayoutMethod): PayoutRail {
  const rail = rails.find((candidate) => candidate.method === method);
  if (!rail) {
    throw new AppError('FEATURE_DISABLED', {
      issues: [{ field: 'method', reason: `${method} is not set up for this brand` }],
    });
  }
  return rail;
}

/** The provider's amount as ours (minor units), or null when it is not an amount. */
function minorOf(amount: string, precision: number): bigint | null {
  try {
    return parseAmount(amount, { precision });
  } catch {
    return null;
  }
}

async function answerOf(
  db: Database,
  row: WithdrawalRow,
  attempt: PayoutAttemptRow,
  precision: number,
): Promise<PayoutAnswer> {
  return {
    withdrawal: await withdrawalView(db, row, precision),
    attempt: toPayoutAttempt(attempt, precision),
  };
}

/**
 * The pay-out of a withdrawal whose attempt a provider paid: the one pay-out path, on the
 * withdrawal still pending (an open attempt held it; anything else is a broken invariant, rolled
 * back, so the attempt stays as it was and is resolved by a person).
 */
async function payOutByProvider(
  tx: Database,
  options: {
    settings: WithdrawSettings;
    actor: WalletActor;
    current: WithdrawalRow;
    reference: { method: PayoutMethod; transactionId: string };
  },
): Promise<WithdrawalRow> {
  const { current } = options;
  if (current.status !== 'pending') {
    throw new AppError('INTERNAL', {
      detail: `withdrawal ${current.id} is ${current.status} under an open attempt`,
    });
  }
  return payOutLocked(tx, { ...options, reason: current.reason });
}

/**
 * What the provider's answer says happened, checked against what we sent; `completed` is then
 * confirmed with the provider's record of the transaction where it answers.
 */
async function judge(
  rail: PayoutRail,
  attempt: PayoutAttemptRow,
  outcome: PayoutOutcome,
  precision: number,
): Promise<{ status: 'paid' | 'failed' | 'uncertain'; transactionId: string | null; outcome: string }> {
  switch (outcome.kind) {
    case 'refused':
      return {
        status: 'failed',
        transactionId: null,
        outcome: `refused: ${outcome.code} ${outcome.message}`.trim(),
      };
    case 'not-sent':
      return { status: 'failed', transactionId: null, outcome: `not sent: ${outcome.reason}` };
    case 'uncertain':
      return { status: 'uncertain', transactionId: null, outcome: outcome.reason };
    case 'completed': {
      const differs = [
        outcome.reference !== attempt.reference ? `reference ${outcome.reference}` : null,
        outcome.receiver !== attempt.receiver ? `wallet ${outcome.receiver}` : null,
        minorOf(outcome.amount, precision) !== attempt.amount ? `amount ${outcome.amount}` : null,
      ].filter((item) => item !== null);
      const id = outcome.transactionId;
      if (differs.length > 0) {
        return {
          status: 'uncertain',
          transactionId: id,
          outcome: `completed with another ${differs.join(', ')}`,
        };
      }
      let found: PayoutTransaction | null;
      try {
        found = await rail.lookUp(id);
      } catch {
        // The payout's own answer was clear; the confirmation is only where the provider answers.
        return { status: 'paid', transactionId: id, outcome: `completed ${id} (search did not answer)` };
      }
      if (!found) {
        return {
          status: 'uncertain',
          transactionId: id,
          outcome: `completed ${id}, which its search does not find`,
        };
      }
      if (
        found.status !== 'Completed' ||
        found.receiver !== attempt.receiver ||
        minorOf(found.amount, precision) !== attempt.amount
      ) {
        return {
          status: 'uncertain',
          transactionId: id,
          outcome: `completed ${id}, which its search reads as ${found.status} ${found.amount} to ${found.receiver}`,
        };
      }
      return { status: 'paid', transactionId: id, outcome: `completed ${id}, confirmed by search` };
    }
  }
}

/**
 * Sends an approved withdrawal to its wallet by the provider's API (`method`); see the file's
 * comment for the two phases. Answers the withdrawal and the attempt as they ended: a refusal or an
 * uncertain outcome is an answer, not an error (the attempt is on record either way). Errors, with
 * nothing recorded and nothing sent: NOT_FOUND, CONFLICT (not pending, an attempt open),
 * WITHDRAWAL_NOT_APPROVED, the insider controls' refusal (`guard`), FEATURE_DISABLED (not set up),
 * VALIDATION_FAILED (not a wallet of that provider, or its number is not a wallet number),
 * AMOUNT_OUT_OF_RANGE (the provider's limits).
 */
export async function sendWithdrawalPayout(
  db: Database,
  options: {
    settings: WithdrawSettings;
    actor: WalletActor;
    operatorId: number;
    rails: readonly PayoutRail[];
    body: { withdrawalId: number; method: PayoutMethod };
    audit?: OperatorAuditHook;
    guard?: (tx: Database, current: WithdrawalRow) => Promise<void>;
  },
): Promise<PayoutAnswer> {
  const { settings, actor, body } = options;
  const precision = settings.currencyPrecision;
  const rail = railOf(options.rails, body.method);
  const setup = await rail.setup();
  if (!setup) {
    throw new AppError('FEATURE_DISABLED', {
      issues: [{ field: 'method', reason: `${rail.name} payouts are not set up for this brand` }],
    });
  }

  // Phase 1: the attempt, committed before anything is sent.
  let attempt: PayoutAttemptRow;
  try {
    attempt = await db.transaction(async (tx) => {
      const current = await lockWithdrawalIn(tx, body.withdrawalId, 'pending', {
        conflict: (status) => `already ${status}`,
      });
      if (current.approvedBy === null) {
        throw new AppError('WITHDRAWAL_NOT_APPROVED', {
          issues: [{ field: 'withdrawalId', reason: 'approve the withdrawal before it is paid out' }],
        });
      }
      await refuseWhilePayoutOpen(tx, current.id);
      const account = (await accountsById(tx, [current.accountId])).get(current.accountId);
      if (!account || account.kind !== 'ewallet' || account.walletProvider !== rail.walletProvider) {
        throw new AppError('VALIDATION_FAILED', {
          issues: [{ field: 'method', reason: `the payout account is not a ${rail.name} wallet` }],
        });
      }
      if (!bdMobilePattern.test(account.accountNumber)) {
        throw new AppError('VALIDATION_FAILED', {
          issues: [
            {
              field: 'withdrawalId',
              reason: 'the payout account is not a wallet number (01[3-9] + 8 digits)',
            },
          ],
        });
      }
      if (current.currency !== 'BDT') {
        throw new AppError('VALIDATION_FAILED', {
          issues: [{ field: 'withdrawalId', reason: `${rail.name} pays taka only, not ${current.currency}` }],
        });
      }
      const min = parseAmount(setup.minAmount, { precision });
      const max = parseAmount(setup.maxAmount, { precision });
      if (current.amount < min || current.amount > max) {
        throw new AppError('AMOUNT_OUT_OF_RANGE', {
          issues: [
            { field: 'amount', reason: `${rail.name} pays out ${setup.minAmount} to ${setup.maxAmount}` },
          ],
          value: { min: setup.minAmount, max: setup.maxAmount },
        });
      }
      // The insider controls of a disbursement (issue 35): the sender decides the payout.
      await options.guard?.(tx, current);
      const [previous] = await tx
        .select({ attempts: count() })
        .from(withdrawalPayoutAttempts)
        .where(eq(withdrawalPayoutAttempts.withdrawalId, current.id));
      const [created] = await tx
        .insert(withdrawalPayoutAttempts)
        .values({
          withdrawalId: current.id,
          method: rail.method,
          reference: `wd-${current.id}-${(previous?.attempts ?? 0) + 1}`,
          currency: current.currency,
          amount: current.amount,
          receiver: account.accountNumber,
          sentBy: actor.name,
          sentById: options.operatorId,
          staleAt: sql`now() + make_interval(secs => ${Math.ceil((setup.callMs * callsPerAttempt) / 1000) + staleSlackSeconds})`,
        })
        .returning();
      if (!created) throw new AppError('INTERNAL');
      await options.audit?.(tx, {
        action: 'withdrawal.payout-send',
        targetKind: 'withdrawal',
        targetId: current.id,
        before: { status: current.status, approvedBy: current.approvedBy },
        after: {
          attempt: created.id,
          method: created.method,
          reference: created.reference,
          status: 'sending',
        },
        reason: null,
      });
      return created;
    });
  } catch (error) {
    if (
      isUniqueViolation(error, 'withdrawal_payout_attempts_open_key') ||
      isUniqueViolation(error, 'withdrawal_payout_attempts_reference_key')
    ) {
      throw new AppError('CONFLICT', {
        issues: [{ field: 'withdrawalId', reason: 'another payout attempt was just sent' }],
      });
    }
    throw error;
  }

  // The call. Nothing is held open meanwhile: the attempt row itself holds the withdrawal.
  let outcome: PayoutOutcome;
  try {
    outcome = await rail.pay({
      reference: attempt.reference,
      amount: formatAmount(attempt.amount, precision),
      receiver: attempt.receiver,
    });
  } catch (error) {
    outcome = { kind: 'uncertain', reason: error instanceof Error ? error.message : 'the call failed' };
  }
  const verdict = await judge(rail, attempt, outcome, precision);

  // Phase 2: the answer, and for a payout, the pay-out through the one path.
  const result = await db.transaction(async (tx) => {
    const current = await lockWithdrawal(tx, attempt.withdrawalId);
    if (!current) throw new AppError('INTERNAL', { detail: `withdrawal ${attempt.withdrawalId} is gone` });
    const [answered] = await tx
      .update(withdrawalPayoutAttempts)
      .set({
        status: verdict.status,
        transactionId: verdict.transactionId,
        outcome: verdict.outcome,
        answeredAt: sql`now()`,
      })
      // Only from `sending`: an operator may have resolved it meanwhile (past its deadline).
      .where(and(eq(withdrawalPayoutAttempts.id, attempt.id), eq(withdrawalPayoutAttempts.status, 'sending')))
      .returning();
    if (!answered) {
      const [now] = await tx
        .select()
        .from(withdrawalPayoutAttempts)
        .where(eq(withdrawalPayoutAttempts.id, attempt.id));
      return { row: current, attempt: now ?? attempt, paid: false };
    }
    const row =
      verdict.status === 'paid' && verdict.transactionId
        ? await payOutByProvider(tx, {
            settings,
            actor,
            current,
            reference: { method: rail.method, transactionId: verdict.transactionId },
          })
        : current;
    await options.audit?.(tx, {
      action: 'withdrawal.payout-answer',
      targetKind: 'withdrawal',
      targetId: current.id,
      before: { attempt: attempt.id, status: 'sending' },
      after: {
        attempt: attempt.id,
        status: verdict.status,
        transactionId: verdict.transactionId,
        outcome: verdict.outcome,
        withdrawal: row.status,
      },
      reason: null,
    });
    return { row, attempt: answered, paid: verdict.status === 'paid' };
  });
  if (result.paid) walletChanged(db, result.row.memberId);
  return answerOf(db, result.row, result.attempt, precision);
}

/**
 * An operator's resolution of an uncertain attempt (or one `sending` past its deadline), after
 * checking the provider's portal. Needs another operator than the sender (it decides whether money
 * left: SECOND_APPROVER_REQUIRED). `paid`: the transaction id is looked up at the provider and
 * must be a completed payout of this amount to this wallet (else VALIDATION_FAILED; the provider
 * not answering is VENDOR_UNAVAILABLE, nothing changed), and must settle no other attempt; the
 * withdrawal is then paid out through the one pay-out path. `not_paid`: the attempt fails and the
 * withdrawal is free again (another attempt, a manual payout, or a rejection). Audited.
 */
export async function resolveWithdrawalPayout(
  db: Database,
  options: {
    settings: WithdrawSettings;
    actor: WalletActor;
    operatorId: number;
    rails: readonly PayoutRail[];
    body: {
      attemptId: number;
      outcome: 'paid' | 'not_paid';
      transactionId?: string | undefined;
      note: string;
    };
    audit?: OperatorAuditHook;
  },
): Promise<PayoutAnswer> {
  const { settings, actor, body } = options;
  const precision = settings.currencyPrecision;
  const [seen] = await db
    .select()
    .from(withdrawalPayoutAttempts)
    .where(eq(withdrawalPayoutAttempts.id, body.attemptId));
  if (!seen) {
    throw new AppError('NOT_FOUND', { issues: [{ field: 'attemptId', reason: 'no such payout attempt' }] });
  }
  if (seen.sentById === options.operatorId) {
    throw new AppError('SECOND_APPROVER_REQUIRED', {
      issues: [{ field: 'attemptId', reason: 'another operator than the one who sent it resolves it' }],
    });
  }
  const transactionId = body.outcome === 'paid' ? (body.transactionId ?? '') : null;
  if (transactionId !== null) {
    const rail = railOf(options.rails, seen.method);
    let found: PayoutTransaction | null;
    try {
      found = await rail.lookUp(transactionId);
    } catch {
      throw new AppError('VENDOR_UNAVAILABLE', {
        issues: [{ field: 'transactionId', reason: `${rail.name} did not answer the search: try again` }],
      });
    }
    const wrong = !found
      ? `${rail.name} knows no transaction ${transactionId}`
      : found.status !== 'Completed'
        ? `${transactionId} is ${found.status}`
        : found.receiver !== seen.receiver
          ? `${transactionId} paid ${found.receiver}, not ${seen.receiver}`
          : minorOf(found.amount, precision) !== seen.amount
            ? `${transactionId} paid ${found.amount}, not ${formatAmount(seen.amount, precision)}`
            : null;
    if (wrong)
      throw new AppError('VALIDATION_FAILED', { issues: [{ field: 'transactionId', reason: wrong }] });
  }
  try {
    const result = await db.transaction(async (tx) => {
      const current = await lockWithdrawal(tx, seen.withdrawalId);
      const [attempt] = await tx
        .select()
        .from(withdrawalPayoutAttempts)
        .where(eq(withdrawalPayoutAttempts.id, seen.id))
        .for('update');
      if (!current || !attempt) throw new AppError('NOT_FOUND');
      if (attempt.status !== 'uncertain' && !isStale(attempt)) {
        throw new AppError('CONFLICT', {
          issues: [
            {
              field: 'attemptId',
              reason:
                attempt.status === 'sending' ? 'it is still being sent' : `it is ${attempt.status} already`,
            },
          ],
        });
      }
      const [resolved] = await tx
        .update(withdrawalPayoutAttempts)
        .set({
          status: transactionId === null ? 'failed' : 'paid',
          ...(transactionId === null ? {} : { transactionId }),
          resolvedBy: actor.name,
          resolvedAt: sql`now()`,
          note: body.note,
        })
        .where(eq(withdrawalPayoutAttempts.id, attempt.id))
        .returning();
      if (!resolved) throw new AppError('INTERNAL');
      const row =
        transactionId === null
          ? current
          : await payOutByProvider(tx, {
              settings,
              actor,
              current,
              reference: { method: attempt.method, transactionId },
            });
      await options.audit?.(tx, {
        action: 'withdrawal.payout-resolve',
        targetKind: 'withdrawal',
        targetId: current.id,
        before: {
          attempt: attempt.id,
          status: attempt.status,
          sentBy: attempt.sentBy,
          withdrawal: current.status,
        },
        after: { attempt: attempt.id, status: resolved.status, transactionId, withdrawal: row.status },
        reason: body.note,
      });
      return { row, attempt: resolved };
    });
    if (transactionId !== null) walletChanged(db, result.row.memberId);
    return answerOf(db, result.row, result.attempt, precision);
  } catch (error) {
    if (isUniqueViolation(error, 'withdrawal_payout_attempts_transaction_key')) {
      throw new AppError('CONFLICT', {
        issues: [{ field: 'transactionId', reason: `${transactionId} already settles another payout` }],
      });
    }
    throw error;
  }
}
