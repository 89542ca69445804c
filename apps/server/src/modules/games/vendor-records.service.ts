import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { TransferRecord } from '@khela/contract';
import type { Env } from '../../config/env.ts';
import type { Database } from '../../db/database.ts';
import { gameRounds, games, vendorConnections, vendorRecordCursors } from './games.tables.ts';
import { callTransferApi, type TransferConnection } from './vendor-transfer-client.ts';

/**
 * The bet records of transfer-mode vendors (docs/vendor-protocol.md, "Bet records"). Such a vendor
 * plays rounds against its own game wallet, so the platform never sees a bet or a win; it reads the
 * settled rounds through the vendor's signed records call, page by page after a stored cursor, and
 * keeps each one in `game_rounds` like a seamless round, so that the betting record, profit and
 * loss, ranks and agents' team figures show it. No money moves here: the game wallet's transfers
 * moved it, and booked the results played between them (vendor-transfers.service.ts).
 *
 * - Once: a round is kept by (vendor, round id); a page read twice stores nothing the second time.
 * - Nothing lost: a page's rounds and the cursor after it are written in one transaction, so a pull
 *   that dies anywhere resumes from the last page stored. The cursor moves only when its row still
 *   holds the cursor this pull read from (two pulls at once store a page once and move on once).
 * - A page the platform cannot place (a game not in the catalogue yet, a player id that is not a
 *   member's) is not stored and the cursor stays before it: the pull stops there, with the reason
 *   kept in `vendor_record_cursors.last_error`, and tries again on the next run (after the next
 *   catalogue sync). A page without a trustworthy answer (no answer, unsigned, refused) likewise.
 */

type RecordsEnv = Pick<Env, 'VENDOR_TIMEOUT_MS'> & Partial<Pick<Env, 'PORT'>>;

export interface RecordsContext {
  db: Database;
  env: RecordsEnv;
}

/** Records asked for in one call. */
export const recordsPageSize = 200;
/** Pages read from one vendor in one run at most; the rest waits for the next run. */
export const recordsPagesPerRun = 25;

/** What one pull did for one vendor (kept as the job run's output). */
export interface RecordsPull {
  vendorCode: string;
  /** Records the vendor served in this pull. */
  read: number;
  /** Rounds kept that were not kept before. */
  stored: number;
  /** The pull read to the vendor's last record. */
  reachedEnd: boolean;
  error?: string;
}

type GameRoundInsert = typeof gameRounds.$inferInsert;

/** member_id is an integer column: a player id beyond it is no member of ours. */
const maxMemberId = 2_147_483_647;

/** Every enabled transfer-mode vendor (or only `vendorCode`), in code order. */
async function recordVendors(db: Database, vendorCode?: string): Promise<TransferConnection[]> {
  return db
    .select({
      vendorCode: vendorConnections.vendorCode,
      apiBaseUrl: vendorConnections.apiBaseUrl,
      walletSecret: vendorConnections.walletSecret,
    })
    .from(vendorConnections)
    .where(
      and(
        eq(vendorConnections.enabled, true),
        eq(vendorConnections.walletMode, 'transfer'),
        vendorCode === undefined ? undefined : eq(vendorConnections.vendorCode, vendorCode),
      ),
    )
    .orderBy(asc(vendorConnections.vendorCode));
}

/**
 * Reads the new bet records of every transfer-mode vendor into `game_rounds` (the
 * `vendor-records` job). A vendor that fails does not stop the others.
 */
export async function pullVendorRecords(
  context: RecordsContext,
  options: { vendorCode?: string; pageSize?: number; maxPages?: number } = {},
): Promise<RecordsPull[]> {
  const pulls: RecordsPull[] = [];
  for (const vendor of await recordVendors(context.db, options.vendorCode)) {
    pulls.push(
      await pullFromVendor(context, vendor, {
        pageSize: options.pageSize ?? recordsPageSize,
        maxPages: options.maxPages ?? recordsPagesPerRun,
      }),
    );
  }
  return pulls;
}

async function pullFromVendor(
  context: RecordsContext,
  vendor: TransferConnection,
  options: { pageSize: number; maxPages: number },
): Promise<RecordsPull> {
  const { db } = context;
  const pull: RecordsPull = { vendorCode: vendor.vendorCode, read: 0, stored: 0, reachedEnd: false };
  await db.insert(vendorRecordCursors).values({ vendorCode: vendor.vendorCode }).onConflictDoNothing();
  for (let page = 0; page < options.maxPages; page += 1) {
    const [state] = await db
      .select({ cursor: vendorRecordCursors.cursor })
      .from(vendorRecordCursors)
      .where(eq(vendorRecordCursors.vendorCode, vendor.vendorCode));
    const cursor = state?.cursor ?? null;
    const answer = await callTransferApi(
      vendor,
      'records',
      { cursor, limit: options.pageSize },
      { port: context.env.PORT, timeoutMs: context.env.VENDOR_TIMEOUT_MS },
    );
    if (answer.kind !== 'ok') {
      const reason =
        answer.kind === 'refused'
          ? `refused: ${answer.code} ${answer.message}`
          : `no answer: ${answer.reason}`;
      return stopped(db, pull, reason);
    }
    const { records } = answer.value;
    // An empty page ends the pull whatever it says: asking again from the same cursor gains nothing.
    const more = answer.value.more && records.length > 0;
    if (records.length > 0 && answer.value.cursor === null) {
      return stopped(db, pull, 'a page of records without a cursor');
    }
    const rows = await roundsOf(db, vendor.vendorCode, records);
    if ('error' in rows) return stopped(db, pull, rows.error);
    const stored = await storePage(db, {
      vendorCode: vendor.vendorCode,
      from: cursor,
      // No cursor on an empty page: the vendor has nothing after ours, which stays.
      to: answer.value.cursor ?? cursor,
      rows: rows.rounds,
      reachedEnd: !more,
    });
    // Another pull moved the cursor first: it has this page; this one stops.
    if (stored === null) return pull;
    pull.read += records.length;
    pull.stored += stored;
    if (!more) {
      pull.reachedEnd = true;
      return pull;
    }
  }
  return pull;
}

/** The pull stops short: why, kept on the cursor's row (which does not move). */
async function stopped(db: Database, pull: RecordsPull, reason: string): Promise<RecordsPull> {
  const error = reason.slice(0, 500);
  await db
    .update(vendorRecordCursors)
    .set({ lastError: error, updatedAt: sql`now()` })
    .where(eq(vendorRecordCursors.vendorCode, pull.vendorCode));
  return { ...pull, error };
}

/**
 * The rounds of a page as `game_rounds` rows: each with its catalogue game (node id, category and
 * lobby vendor, as a seamless round takes them), or why the page cannot be placed.
 */
async function roundsOf(
  db: Database,
  vendorCode: string,
  records: TransferRecord[],
): Promise<{ rounds: GameRoundInsert[] } | { error: string }> {
  if (records.length === 0) return { rounds: [] };
  const codes = [...new Set(records.map((record) => record.gameCode))];
  const catalogue = new Map(
    (
      await db
        .select({
          gameCode: games.gameCode,
          nodeId: games.nodeId,
          gameType: games.gameType,
          vassalage: games.vassalage,
        })
        .from(games)
        .where(and(eq(games.vendorCode, vendorCode), inArray(games.gameCode, codes)))
    ).map((game) => [game.gameCode, game]),
  );
  const rounds: GameRoundInsert[] = [];
  for (const record of records) {
    const game = catalogue.get(record.gameCode);
    if (!game) return { error: `round ${record.roundId}: game ${record.gameCode} is not in the catalogue` };
    const memberId = Number(record.playerId);
    if (memberId > maxMemberId) return { error: `round ${record.roundId}: no member ${record.playerId}` };
    rounds.push({
      vendorCode,
      roundId: record.roundId,
      memberId,
      nodeId: game.nodeId,
      gameType: game.gameType,
      vassalage: game.vassalage,
      currency: record.currency,
      // A game wallet is filled from the main wallet only (GCS_walletTransfer).
      walletKind: 'main',
      betAmount: BigInt(record.bet),
      winAmount: BigInt(record.win),
      status: 'settled',
      detail: record.detail,
      startedAt: new Date(record.startedAt),
      settledAt: new Date(record.settledAt),
    });
  }
  return { rounds };
}

/**
 * One page in one transaction: its rounds (each once) and the cursor after it, only while the
 * cursor's row still holds `from`. Answers the rounds newly kept, or null when another pull had
 * moved the cursor (nothing written).
 */
async function storePage(
  db: Database,
  page: {
    vendorCode: string;
    from: string | null;
    to: string | null;
    rows: GameRoundInsert[];
    reachedEnd: boolean;
  },
): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ cursor: vendorRecordCursors.cursor })
      .from(vendorRecordCursors)
      .where(eq(vendorRecordCursors.vendorCode, page.vendorCode))
      .for('update');
    if (!locked || locked.cursor !== page.from) return null;
    const kept =
      page.rows.length === 0
        ? []
        : await tx
            .insert(gameRounds)
            .values(page.rows)
            .onConflictDoNothing({ target: [gameRounds.vendorCode, gameRounds.roundId] })
            .returning({ id: gameRounds.id });
    await tx
      .update(vendorRecordCursors)
      .set({
        cursor: page.to,
        lastError: null,
        updatedAt: sql`now()`,
        ...(page.reachedEnd ? { pulledAt: sql`now()` } : {}),
      })
      .where(eq(vendorRecordCursors.vendorCode, page.vendorCode));
    return kept.length;
  });
}
