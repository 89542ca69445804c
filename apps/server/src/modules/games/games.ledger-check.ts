import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { rowsOf } from '../ledger/ledger.service.ts';

/** A vendor round whose stake or win differs from the ledger's postings (null: nothing on that side). */
export interface RoundOffLedger {
  vendorCode: string;
  roundId: string;
  memberId: number;
  walletKind: string;
  betAmount: bigint | null;
  ledgerBet: bigint | null;
  winAmount: bigint | null;
  ledgerWin: bigint | null;
}

/**
 * The vendor rounds whose figures differ from the ledger (sql/games_rounds_off_ledger.sql): the
 * round records the betting record, ranks and agents' wages read, checked against the postings that
 * moved the money. Empty when they agree. At most `limit` rows.
 */
export async function roundsOffLedger(db: Database, limit = 20): Promise<RoundOffLedger[]> {
  const rows = rowsOf<{
    vendor_code: string;
    round_id: string;
    member_id: string;
    wallet_kind: string;
    bet_amount: string | null;
    ledger_bet: string | null;
    win_amount: string | null;
    ledger_win: string | null;
  }>(await db.execute(sql`select * from games_rounds_off_ledger(${limit}::integer)`));
  const amount = (value: string | null) => (value === null ? null : BigInt(value));
  return rows.map((row) => ({
    vendorCode: row.vendor_code,
    roundId: row.round_id,
    memberId: Number(row.member_id),
    walletKind: row.wallet_kind,
    betAmount: amount(row.bet_amount),
    ledgerBet: amount(row.ledger_bet),
    winAmount: amount(row.win_amount),
    ledgerWin: amount(row.ledger_win),
  }));
}

/** One line per round, for a console: "VENDOR/round member 7 main: stake 100 vs ledger 50, …". */
export function formatRoundsOffLedger(rounds: RoundOffLedger[]): string {
  const shown = (value: bigint | null) => (value === null ? 'none' : String(value));
  return rounds
    .map(
      (round) =>
        `${round.vendorCode}/${round.roundId} member ${round.memberId} ${round.walletKind}: stake ${shown(
          round.betAmount,
        )} vs ledger ${shown(round.ledgerBet)}, win ${shown(round.winAmount)} vs ledger ${shown(round.ledgerWin)}`,
    )
    .join('\n');
}
