import { and, eq } from 'drizzle-orm';
import type { BonusApplication } from '@khela/contract';
import type { Database } from '../../db/database.ts';
import { formatAmount } from '../ledger/money.ts';
import type { SiteSettings } from '../settings/settings.schema.ts';
import { bonusApplications } from './promotions.tables.ts';

/**
 * A member's application as the member sees it (the offer's `application`, the apply call's
 * answer). Apart from application.service.ts so that the offer (bonus.service.ts) reads it without
 * the two services importing each other.
 */

export type ApplicationRow = typeof bonusApplications.$inferSelect;

export function applicationOut(
  settings: Pick<SiteSettings, 'currencyPrecision'>,
  row: ApplicationRow,
): BonusApplication {
  return {
    id: row.id,
    promotionId: row.promotionId,
    state: row.state,
    amount: formatAmount(row.amount, settings.currencyPrecision),
    comment: row.comment,
    imageCount: row.imageCount,
    submittedAt: row.submittedAt.getTime(),
    decidedAt: row.decidedAt?.getTime() ?? null,
    // The operator's reason is the member's to read when it says why the bonus was refused; an
    // approval's note stays in the back office.
    reason: row.state === 'rejected' ? row.decisionReason : null,
  };
}

/** The member's application of the promotion in the rule period `periodKey`, if any. */
export async function memberApplication(
  db: Database,
  settings: Pick<SiteSettings, 'currencyPrecision'>,
  key: { memberId: number; promotionId: number; periodKey: string },
): Promise<BonusApplication | null> {
  const [row] = await db
    .select()
    .from(bonusApplications)
    .where(
      and(
        eq(bonusApplications.memberId, key.memberId),
        eq(bonusApplications.promotionId, key.promotionId),
        eq(bonusApplications.periodKey, key.periodKey),
      ),
    );
  return row ? applicationOut(settings, row) : null;
}
