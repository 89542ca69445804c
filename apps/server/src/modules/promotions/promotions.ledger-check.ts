import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { rowsOf } from '../ledger/ledger.service.ts';

/** A bonus whose record differs from the ledger's postings, or a bonus wallet left holding money. */
export interface BonusOffLedger {
  claimId: number | null;
  memberId: number;
  problem: string;
}

/**
 * The bonuses whose records differ from the ledger (sql/promotions_bonuses_off_ledger.sql): each
 * credited bonus against its grant entry, each ended one against its end entry, and bonus wallets
 * holding money with no bonus open. Empty when they agree. At most `limit` rows.
 */
export async function bonusesOffLedger(db: Database, limit = 20): Promise<BonusOffLedger[]> {
  const rows = rowsOf<{ claim_id: string | null; member_id: number; problem: string }>(
    await db.execute(sql`select * from promotions_bonuses_off_ledger(${limit}::integer)`),
  );
  return rows.map((row) => ({
    claimId: row.claim_id === null ? null : Number(row.claim_id),
    memberId: Number(row.member_id),
    problem: row.problem,
  }));
}

/** One line per problem, for a console: "bonus 12 of member 7: granted 1000 but …". */
export function formatBonusesOffLedger(problems: BonusOffLedger[]): string {
  return problems
    .map(
      (problem) =>
        `${problem.claimId === null ? 'bonus wallet' : `bonus ${problem.claimId}`} of member ${problem.memberId}: ${problem.problem}`,
    )
    .join('\n');
}
