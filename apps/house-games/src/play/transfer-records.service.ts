import { and, asc, eq, isNotNull, lte, sql } from 'drizzle-orm';
import type { TransferErrorCode, TransferRecordsAnswer, TransferRecordsRequest } from '@khela/contract';
import type { HouseDatabase } from '../db/database.ts';
import { hgRounds } from '../db/tables.ts';
import type { TransferReply } from './transfer-funds.service.ts';

/*
 * The transfer API's bet records (docs/vendor-protocol.md, "Bet records"): the rounds played from
 * the game wallets, settled, oldest first, page by page after a cursor. The platform keeps them
 * for the member's betting record; no money moves with them (the transfers moved it).
 */

/**
 * A round is served once it settled this long ago. Rounds are stamped when their settlement is
 * written and seen by others only once it commits: a page read at T serves only rounds stamped
 * before T − delay, so a settlement still committing (stamped, not yet visible) cannot be passed
 * by the cursor and lost. Settlement transactions take milliseconds; 5 s is the margin.
 */
export const recordsSettleDelayMs = 5_000;

/**
 * The cursor: where the last served round sits in settlement order, as `<settled_at in Unix
 * microseconds>-<row id>` (the row id breaks ties of one microsecond). Opaque to the platform.
 */
const cursorPattern = /^([0-9]{1,17})-([0-9]{1,19})$/;

const settledMicros = sql<string>`(extract(epoch from ${hgRounds.settledAt}) * 1000000)::bigint::text`;

export async function transferRecords(
  db: HouseDatabase,
  request: TransferRecordsRequest,
  now = Date.now(),
): Promise<TransferReply<TransferRecordsAnswer>> {
  let after: { micros: string; id: string } | null = null;
  if (request.cursor !== null) {
    const match = cursorPattern.exec(request.cursor);
    if (!match) return refusal(400, 'BAD_REQUEST', 'cursor: not a cursor this vendor gave');
    after = { micros: match[1]!, id: match[2]! };
  }
  const rows = await db
    .select({
      id: hgRounds.id,
      roundId: hgRounds.roundId,
      playerId: hgRounds.playerId,
      gameCode: hgRounds.gameCode,
      currency: hgRounds.currency,
      bet: hgRounds.bet,
      win: hgRounds.win,
      detail: hgRounds.detail,
      serverSeedHash: hgRounds.serverSeedHash,
      clientSeed: hgRounds.clientSeed,
      nonce: hgRounds.nonce,
      startedAt: hgRounds.createdAt,
      settledAt: hgRounds.settledAt,
      micros: settledMicros,
    })
    .from(hgRounds)
    .where(
      and(
        eq(hgRounds.walletMode, 'transfer'),
        eq(hgRounds.status, 'settled'),
        isNotNull(hgRounds.settledAt),
        lte(hgRounds.settledAt, new Date(now - recordsSettleDelayMs)),
        after === null
          ? undefined
          : // Exact: whole microseconds from the epoch, no floating point on the way.
            sql`(${hgRounds.settledAt}, ${hgRounds.id}) > (timestamptz 'epoch' + ${after.micros}::bigint * interval '1 microsecond', ${after.id}::bigint)`,
      ),
    )
    .orderBy(asc(hgRounds.settledAt), asc(hgRounds.id))
    .limit(request.limit + 1);
  const page = rows.slice(0, request.limit);
  const last = page.at(-1);
  return {
    status: 200,
    body: {
      ok: true,
      records: page.map((row) => ({
        roundId: row.roundId,
        playerId: row.playerId,
        gameCode: row.gameCode,
        currency: row.currency,
        bet: Number(row.bet),
        win: Number(row.win),
        startedAt: row.startedAt.getTime(),
        // Not null: the query reads settled rounds only.
        settledAt: row.settledAt?.getTime() ?? row.startedAt.getTime(),
        // As a seamless round's final credit carries it: the outcome and its provably-fair inputs.
        detail: {
          game: row.gameCode,
          outcome: row.detail ?? null,
          fair: { serverSeedHash: row.serverSeedHash, clientSeed: row.clientSeed, nonce: row.nonce },
        },
      })),
      cursor: last ? `${last.micros}-${last.id}` : request.cursor,
      more: rows.length > request.limit,
    },
  };
}

function refusal(status: number, code: TransferErrorCode, message: string) {
  return { status, body: { ok: false as const, code, message } };
}
