import { sql } from 'drizzle-orm';
import type { InsiderAlert } from '@khela/contract';
import type { Database } from '../../db/database.ts';
import { findOperatorById } from '../accounts/operator-login.service.ts';
import { listOperatorAudit } from '../audit/audit.service.ts';
import { rowsOf } from '../ledger/ledger.service.ts';
import { formatAmount, parseAmount } from '../ledger/money.ts';
import type { SiteSettings } from '../settings/settings.schema.ts';

/**
 * The alert list of the insider controls (issue 35, item 1): patterns worth a second look in the
 * last `days`. Computed from the adjustments, the withdrawals' published view and the audit trail
 * when asked (nothing stored): an operator's adjustments just under the four-eyes threshold (three
 * or more at 90 % of it or above), a member's withdrawal within 72 hours of an operator's credit,
 * and an operator's second step locked after wrong codes.
 */
export const alertRules = { nearShare: 0.9, nearCount: 3, withdrawWithinHours: 72 } as const;

export async function insiderAlerts(
  db: Database,
  options: { money: Pick<SiteSettings, 'currencyPrecision'>; threshold: string; days: number },
): Promise<{ items: InsiderAlert[] }> {
  const precision = options.money.currencyPrecision;
  const since = new Date(Date.now() - options.days * 86_400_000);
  const threshold = parseAmount(options.threshold, { precision, allowZero: true });
  const items: InsiderAlert[] = [];

  if (threshold > 0n) {
    const near = (threshold * BigInt(Math.round(alertRules.nearShare * 100))) / 100n;
    const rows = rowsOf<{ operator: string; count: number; total: string; at: Date | string }>(
      await db.execute(sql`
      select requested_by as operator, count(*)::int as count, sum(abs(amount))::text as total,
             max(requested_at) as at
        from money_adjustments
       where requested_at >= ${since.toISOString()}::timestamptz
         and abs(amount) >= ${near.toString()}::bigint and abs(amount) < ${threshold.toString()}::bigint
       group by requested_by_id, requested_by
      having count(*) >= ${alertRules.nearCount}`),
    );
    for (const row of rows) {
      items.push({
        kind: 'nearThreshold',
        at: new Date(row.at).getTime(),
        operator: row.operator,
        username: null,
        count: row.count,
        amount: formatAmount(BigInt(row.total), precision),
        adjustmentId: null,
        withdrawalId: null,
      });
    }
  }

  const credits = rowsOf<{
    adjustment_id: number;
    operator: string;
    username: string;
    withdrawal_id: number;
    amount: string;
    at: Date | string;
  }>(
    await db.execute(sql`
    select a.id as adjustment_id, coalesce(a.decided_by, a.requested_by) as operator, a.username,
           w.id as withdrawal_id, w.amount::text as amount, w.created_at as at
      from money_adjustments a
      join withdrawals_requests w on w.member_id = a.member_id
       and w.created_at >= coalesce(a.decided_at, a.requested_at)
       and w.created_at < coalesce(a.decided_at, a.requested_at)
                          + make_interval(hours => ${alertRules.withdrawWithinHours})
     where a.status = 'approved' and a.amount > 0
       and coalesce(a.decided_at, a.requested_at) >= ${since.toISOString()}::timestamptz
     order by w.created_at desc
     limit 200`),
  );
  for (const row of credits) {
    items.push({
      kind: 'adjustThenWithdraw',
      at: new Date(row.at).getTime(),
      operator: row.operator,
      username: row.username,
      count: 1,
      amount: formatAmount(BigInt(row.amount), precision),
      adjustmentId: Number(row.adjustment_id),
      withdrawalId: Number(row.withdrawal_id),
    });
  }

  const locks = await listOperatorAudit(db, {
    q: 'operator.secondStep.locked',
    from: since.toISOString().slice(0, 10),
    limit: 200,
  });
  for (const entry of locks.entries) {
    if (entry.action !== 'operator.secondStep.locked') continue;
    const after = (entry.after ?? {}) as { wrongCodes?: number };
    const locked = await findOperatorById(db, Number(entry.targetId));
    items.push({
      kind: 'secondStepLocked',
      at: entry.at,
      operator: locked?.account ?? `#${entry.targetId}`,
      username: null,
      count: typeof after.wrongCodes === 'number' ? after.wrongCodes : 0,
      amount: null,
      adjustmentId: null,
      withdrawalId: null,
    });
  }
  return { items: items.sort((a, b) => b.at - a.at) };
}
