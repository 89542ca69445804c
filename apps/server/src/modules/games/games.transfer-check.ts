import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { rowsOf } from '../ledger/ledger.service.ts';
import { gameRounds, vendorConnections, vendorRecordCursors, vendorTransfers } from './games.tables.ts';

/**
 * Transfer-mode vendors' rounds against their game wallets (sql/games_transfer_rounds_off_wallets.sql):
 * per member and vendor, transfers in − transfers out − the balance the vendor reported at a
 * transfer must equal stake − win of the rounds its bet records say were played before it, and the
 * rounds after the last transfer cannot have lost more than the wallet held. Rounds a vendor (or
 * whoever holds its signing secret) made up to swell a team's betting are caught there unless their
 * results cancel out (docs/wallet.md).
 */

/**
 * How far the vendor's clock and ours may be apart: a round settled this close to a transfer may
 * be on either side of it (that transfer is skipped; the next one covers it).
 */
export const transferCheckMargin = '2 seconds';
/**
 * A transfer is checked once the records were read to the end this long after it: every round the
 * vendor settled before it is served by then (the house serves a round 5 s after it settled).
 */
export const transferCheckDelay = '1 minute';

/** The start of `vendor_record_cursors.last_error` when the vendor-records job found rounds off the wallets. */
export const offWalletsMarker = 'rounds off the game wallets:';

export type TransferRoundsRule = 'at_transfer' | 'after_last_transfer';

/** A member's rounds at a transfer-mode vendor that its game wallet's money does not account for. */
export interface TransferRoundsOffWallet {
  vendorCode: string;
  memberId: number;
  rule: TransferRoundsRule;
  /** The transfer checked at (after_last_transfer: the last one; null: the member made none). */
  transferId: string | null;
  transferAt: Date | null;
  /** Up to the transfer, from the ledger (after_last_transfer: in = what transfers still pending may add). */
  transfersIn: bigint;
  transfersOut: bigint;
  /** The game wallet's balance the vendor reported at the transfer (0: none). */
  vendorBalance: bigint;
  /** The game results the ledger booked up to the transfer (win +); null for after_last_transfer. */
  ledgerResult: bigint | null;
  rounds: number;
  roundsBet: bigint;
  roundsWin: bigint;
}

/** Every problem found (at most `limit`), for one vendor and some members, or all of them. */
export async function transferRoundsOffWallets(
  db: Database,
  options: { vendorCode?: string; memberIds?: readonly number[]; limit?: number } = {},
): Promise<TransferRoundsOffWallet[]> {
  const memberIds =
    options.memberIds === undefined ? null : `{${options.memberIds.map((id) => Math.trunc(id)).join(',')}}`;
  const rows = rowsOf<{
    vendor_code: string;
    member_id: string;
    rule: TransferRoundsRule;
    transfer_id: string | null;
    transfer_at: string | Date | null;
    transfers_in: string;
    transfers_out: string;
    vendor_balance: string;
    ledger_result: string | null;
    rounds: string;
    rounds_bet: string;
    rounds_win: string;
  }>(
    await db.execute(sql`select vendor_code, member_id::text, rule, transfer_id, transfer_at,
        transfers_in::text, transfers_out::text, vendor_balance::text, ledger_result::text,
        rounds::text, rounds_bet::text, rounds_win::text
      from games_transfer_rounds_off_wallets(${options.vendorCode ?? null}::text, ${memberIds}::integer[],
        ${transferCheckMargin}::interval, ${transferCheckDelay}::interval, ${options.limit ?? 20}::integer)`),
  );
  return rows.map((row) => ({
    vendorCode: row.vendor_code,
    memberId: Number(row.member_id),
    rule: row.rule,
    transferId: row.transfer_id,
    transferAt: row.transfer_at === null ? null : new Date(row.transfer_at),
    transfersIn: BigInt(row.transfers_in),
    transfersOut: BigInt(row.transfers_out),
    vendorBalance: BigInt(row.vendor_balance),
    ledgerResult: row.ledger_result === null ? null : BigInt(row.ledger_result),
    rounds: Number(row.rounds),
    roundsBet: BigInt(row.rounds_bet),
    roundsWin: BigInt(row.rounds_win),
  }));
}

/** One line per member, for a console or the cursor's last_error. */
export function formatTransferRoundsOffWallets(problems: TransferRoundsOffWallet[]): string {
  return problems
    .map((problem) => {
      const rounds = `${problem.rounds} rounds staked ${problem.roundsBet} and won ${problem.roundsWin} (net ${
        problem.roundsBet - problem.roundsWin
      })`;
      if (problem.rule === 'at_transfer') {
        return `${problem.vendorCode} member ${problem.memberId} at transfer ${problem.transferId}: in ${
          problem.transfersIn
        } − out ${problem.transfersOut} − vendor balance ${problem.vendorBalance} = ${
          problem.transfersIn - problem.transfersOut - problem.vendorBalance
        } (ledger results ${problem.ledgerResult}), but ${rounds} before it`;
      }
      return `${problem.vendorCode} member ${problem.memberId} after ${
        problem.transferId === null ? 'no transfer' : `transfer ${problem.transferId}`
      }: the game wallet held ${problem.vendorBalance} (+ ${problem.transfersIn} pending), but ${rounds}`;
    })
    .join('\n');
}

/** A transfer-mode vendor's records state before a pull (what the check after it compares with). */
export interface RecordsCheckpoint {
  /** The highest game_rounds id before the pull: rounds above it were stored by the pull. */
  lastRoundId: number;
  vendors: Map<string, { pulledAt: Date | null; lastError: string | null }>;
}

/** Read before the vendor-records job pulls. */
export async function recordsCheckpoint(db: Database): Promise<RecordsCheckpoint> {
  const [last] = await db.select({ id: sql<string | null>`max(${gameRounds.id})::text` }).from(gameRounds);
  const cursors = await db
    .select({
      vendorCode: vendorRecordCursors.vendorCode,
      pulledAt: vendorRecordCursors.pulledAt,
      lastError: vendorRecordCursors.lastError,
    })
    .from(vendorRecordCursors);
  return {
    lastRoundId: Number(last?.id ?? 0),
    vendors: new Map(cursors.map(({ vendorCode, ...state }) => [vendorCode, state])),
  };
}

/**
 * The check after a vendor-records pull (the job): per transfer-mode vendor, the members whose
 * rounds the pull stored and whose transfers became checkable since the last pull (every member
 * while the vendor is flagged, so that a flag stays until the rounds and wallets agree). What it
 * finds is kept in `vendor_record_cursors.last_error` after the pull's own reason (marked
 * `offWalletsMarker`), and answered; a clean check takes its own flag away.
 */
export async function checkPulledTransferRounds(
  db: Database,
  before: RecordsCheckpoint,
): Promise<TransferRoundsOffWallet[]> {
  const vendors = await db
    .select({
      vendorCode: vendorRecordCursors.vendorCode,
      pulledAt: vendorRecordCursors.pulledAt,
      lastError: vendorRecordCursors.lastError,
    })
    .from(vendorRecordCursors)
    .innerJoin(vendorConnections, eq(vendorConnections.vendorCode, vendorRecordCursors.vendorCode))
    .where(eq(vendorConnections.walletMode, 'transfer'))
    .orderBy(vendorRecordCursors.vendorCode);
  const found: TransferRoundsOffWallet[] = [];
  for (const vendor of vendors) {
    const earlier = before.vendors.get(vendor.vendorCode);
    const flagged = earlier?.lastError?.includes(offWalletsMarker) === true;
    let memberIds: number[] | undefined;
    if (!flagged) {
      memberIds = await touchedMembers(db, {
        vendorCode: vendor.vendorCode,
        afterRoundId: before.lastRoundId,
        from: earlier?.pulledAt ?? null,
        to: vendor.pulledAt,
      });
      if (memberIds.length === 0) continue;
    }
    const problems = await transferRoundsOffWallets(db, { vendorCode: vendor.vendorCode, memberIds });
    const own = ownReason(vendor.lastError);
    const reason =
      problems.length > 0
        ? [own, `${offWalletsMarker} ${formatTransferRoundsOffWallets(problems).replaceAll('\n', '; ')}`]
            .filter((part) => part !== null)
            .join(' | ')
            .slice(0, 500)
        : own;
    if (reason !== vendor.lastError) {
      await db
        .update(vendorRecordCursors)
        .set({ lastError: reason })
        .where(eq(vendorRecordCursors.vendorCode, vendor.vendorCode));
    }
    found.push(...problems);
  }
  return found;
}

/**
 * A last_error as the site's vendor list shows it (Site → Games, which content operators read): the
 * pull's own reason, and only that rounds are off the game wallets, not whose or by how much (member
 * ids and amounts are Money's: the ledger check names them to finance).
 */
export function recordsErrorForSite(lastError: string | null): string | null {
  if (lastError === null || !lastError.includes(offWalletsMarker)) return lastError;
  const seeMoney = `${offWalletsMarker} see Money → Ledger check`;
  const own = ownReason(lastError);
  return own === null ? seeMoney : `${own} | ${seeMoney}`;
}

/** The pull's own reason in a last_error, without this check's part (null: none). */
function ownReason(lastError: string | null): string | null {
  if (lastError === null) return null;
  const at = lastError.indexOf(offWalletsMarker);
  if (at < 0) return lastError;
  const own = lastError.slice(0, at).replace(/ \| $/, '');
  return own.length > 0 ? own : null;
}

/**
 * The members whose figures a pull can have changed: rounds stored after `afterRoundId`, and done
 * transfers that became checkable between the pulls read to the end at `from` and `to` (done at
 * least margin + delay before `to`).
 */
async function touchedMembers(
  db: Database,
  options: { vendorCode: string; afterRoundId: number; from: Date | null; to: Date | null },
): Promise<number[]> {
  const played = await db
    .selectDistinct({ memberId: gameRounds.memberId })
    .from(gameRounds)
    .where(and(gt(gameRounds.id, options.afterRoundId), eq(gameRounds.vendorCode, options.vendorCode)));
  const members = new Set(played.map((row) => row.memberId));
  if (options.to !== null && options.to.getTime() !== options.from?.getTime()) {
    const waited = sql`${vendorTransfers.doneAt} + ${transferCheckMargin}::interval + ${transferCheckDelay}::interval`;
    const checkable = await db
      .selectDistinct({ memberId: vendorTransfers.memberId })
      .from(vendorTransfers)
      .where(
        and(
          eq(vendorTransfers.vendorCode, options.vendorCode),
          eq(vendorTransfers.status, 'done'),
          sql`${waited} <= ${options.to.toISOString()}::timestamptz`,
          options.from === null ? undefined : sql`${waited} > ${options.from.toISOString()}::timestamptz`,
        ),
      );
    for (const row of checkable) members.add(row.memberId);
  }
  return [...members].sort((left, right) => left - right);
}
