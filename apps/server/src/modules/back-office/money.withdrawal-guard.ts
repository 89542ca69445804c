import { and, eq, gt, gte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { approvedDepositOf } from '../deposits/deposits.deciders.service.ts';
import { formatAmount, parseAmount } from '../ledger/money.ts';
import type { WithdrawalDecisionCheck } from '../withdrawals/withdrawals.service.ts';
import { moneyAdjustments } from './money.tables.ts';

/**
 * The insider controls on a withdrawal's decision (issue 35, item 1), handed to the withdrawals
 * module by the composition root (app.ts: withdrawals may not import the back office, which reads
 * them). Approve and disburse are refused with SECOND_APPROVER_REQUIRED when
 * - the deciding operator credited the member (asked or approved a credit adjustment) or approved
 *   one of the member's deposits within `creditorCoolingHours`;
 * - a disbursement of at least `disburseSecondOperatorFrom` was approved by the same operator.
 * An owner is held like anyone (no single person moves money out; docs/back-office-money.md).
 * Rejecting is always allowed (it moves money back to the member). A disbursement of a withdrawal
 * nobody approved is refused before this, by the withdrawals module (WITHDRAWAL_NOT_APPROVED).
 * The check's shape is the withdrawals module's WithdrawalDecisionCheck.
 */
export type WithdrawalDecisionGuard = (tx: Database, check: WithdrawalDecisionCheck) => Promise<void>;

/** The operator id an actor name (`account#id`) carries, or null. */
export function operatorIdOfActor(name: string | null): number | null {
  const match = /#(\d+)$/.exec(name ?? '');
  return match ? Number(match[1]) : null;
}

function refused(reason: string): AppError {
  return new AppError('SECOND_APPROVER_REQUIRED', { issues: [{ field: 'withdrawalId', reason }] });
}

/** Whether the operator credited the member, or approved their deposit, since `since`. */
export async function creditedRecently(
  db: Database,
  options: { operatorId: number; operatorName: string; memberId: number; since: Date },
): Promise<'adjustment' | 'deposit' | null> {
  const [adjusted] = await db
    .select({ id: moneyAdjustments.id })
    .from(moneyAdjustments)
    .where(
      and(
        eq(moneyAdjustments.memberId, options.memberId),
        eq(moneyAdjustments.status, 'approved'),
        gt(moneyAdjustments.amount, 0n),
        or(
          eq(moneyAdjustments.requestedById, options.operatorId),
          eq(moneyAdjustments.decidedById, options.operatorId),
        ),
        gte(sql`coalesce(${moneyAdjustments.decidedAt}, ${moneyAdjustments.requestedAt})`, options.since),
      ),
    )
    .limit(1);
  if (adjusted) return 'adjustment';
  const deposit = await approvedDepositOf(db, {
    memberId: options.memberId,
    decidedBy: options.operatorName,
    since: options.since,
  });
  return deposit ? 'deposit' : null;
}

export const withdrawalDecisionGuard: WithdrawalDecisionGuard = async (tx, check) => {
  const { operator, withdrawal, decision, settings } = check;
  if (decision === 'reject') return;
  const limits = settings.insiderControls;
  const precision = settings.currencyPrecision;
  if (limits.creditorCoolingHours > 0) {
    const since = new Date(Date.now() - limits.creditorCoolingHours * 3_600_000);
    const credited = await creditedRecently(tx, {
      operatorId: operator.id,
      operatorName: `${operator.account}#${operator.id}`,
      memberId: withdrawal.memberId,
      since,
    });
    if (credited) {
      throw refused(
        `you ${credited === 'deposit' ? "approved this member's deposit" : 'credited this member'} within ${limits.creditorCoolingHours} hours: another operator decides`,
      );
    }
  }
  const secondFrom = parseAmount(limits.disburseSecondOperatorFrom, { precision, allowZero: true });
  if (decision === 'disburse' && secondFrom > 0n && withdrawal.amount >= secondFrom) {
    const approverId = operatorIdOfActor(withdrawal.approvedBy);
    // No approver id (never approved, or an approval recorded without one) counts as this operator's.
    if (approverId === null || approverId === operator.id) {
      throw refused(
        `from ${formatAmount(secondFrom, precision)} another operator than the approver pays out`,
      );
    }
  }
};
