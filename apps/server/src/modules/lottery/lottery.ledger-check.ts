import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { rowsOf } from '../ledger/ledger.service.ts';

/** What is wrong with a bet's figures against the ledger (sql/lottery_bets_off_ledger.sql). */
export type BetOffLedgerProblem = 'stake' | 'settlement' | 'unposted' | 'payout' | 'no_bet';

/** Bets (or a lottery entry without one) whose stake or settled win differs from the postings. */
export interface BetsOffLedger {
  problem: BetOffLedgerProblem;
  /** The placement or settlement entry compared (null: the bet has none). */
  entryId: number | null;
  memberId: number;
  /** The bets of that entry and member (empty: an entry no bet names). */
  betIds: number[];
  /** The entry's kind in the ledger (null: no such posting). */
  entryKind: string | null;
  /** What the bets say: stakes, or payouts and refunds (null: no bet). */
  recorded: bigint | null;
  /** What the entry moved on the member's wallet (null: nothing); for `payout`, stake × odds × hits. */
  ledger: bigint | null;
}

/**
 * The lottery bets whose figures differ from the ledger (sql/lottery_bets_off_ledger.sql): the
 * stakes and payouts the betting record, profit and loss and agents' wages read, checked against
 * the placement, settlement, void and cancel postings that moved the money. Empty when they agree.
 * At most `limit` rows.
 */
export async function betsOffLedger(db: Database, limit = 20): Promise<BetsOffLedger[]> {
  const rows = rowsOf<{
    problem: BetOffLedgerProblem;
    entry_id: string | null;
    member_id: string;
    bet_ids: string[] | null;
    entry_kind: string | null;
    recorded: string | null;
    ledger: string | null;
  }>(
    await db.execute(sql`select problem, entry_id::text, member_id::text, bet_ids::text[], entry_kind,
        recorded::text, ledger::text
      from lottery_bets_off_ledger(${limit}::integer)`),
  );
  const amount = (value: string | null) => (value === null ? null : BigInt(value));
  return rows.map((row) => ({
    problem: row.problem,
    entryId: row.entry_id === null ? null : Number(row.entry_id),
    memberId: Number(row.member_id),
    betIds: (row.bet_ids ?? []).map(Number),
    entryKind: row.entry_kind,
    recorded: amount(row.recorded),
    ledger: amount(row.ledger),
  }));
}

/** One line per problem, for a console: "stake: entry 12 member 7 bets 40: recorded 2000 vs ledger 1000 (bet)". */
export function formatBetsOffLedger(problems: BetsOffLedger[]): string {
  const shown = (value: bigint | number | string | null) => (value === null ? 'none' : String(value));
  return problems
    .map((problem) => {
      const bets = problem.betIds.join(',');
      switch (problem.problem) {
        case 'payout':
          return `payout: bet ${bets} member ${problem.memberId}: payout ${shown(problem.recorded)} vs stake × odds × hits ${shown(problem.ledger)}`;
        case 'unposted':
          return `unposted: bet ${bets} member ${problem.memberId}: ${shown(problem.recorded)} to pay or refund, no settlement entry`;
        case 'no_bet':
          return `no_bet: entry ${shown(problem.entryId)} (${shown(problem.entryKind)}) member ${problem.memberId}: moved ${shown(problem.ledger)}, no bet names it`;
        case 'stake':
        case 'settlement':
          return `${problem.problem}: entry ${shown(problem.entryId)} member ${problem.memberId} bets ${bets}: recorded ${shown(
            problem.recorded,
          )} vs ledger ${shown(problem.ledger)} (${shown(problem.entryKind)})`;
      }
    })
    .join('\n');
}
