import { sql } from 'drizzle-orm';
import type { BetProof, NumeroLeaves } from '@khela/contract';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { rowsOf } from '../ledger/ledger.service.ts';
import { numeroByCode } from './lottery.lobby.ts';
import { merklePathOf } from './lottery.merkle.ts';
import { betLeavesOf } from './lottery.numeros.ts';

/**
 * The bets digest in the open (issue 36, docs/lottery.md "Fairness"): a locked numero's Merkle
 * leaves, paged, for anyone to rebuild the root; and a member's own bet's inclusion proof.
 */

const stillOpen = () =>
  new AppError('CONFLICT', { issues: [{ field: 'numero', reason: 'betting still open' }] });

/** /lgw/vn/numeros/leaves: a page of the live bets' leaves of a numero whose betting has closed. */
export async function listNumeroLeaves(
  db: Database,
  query: { gameCode: string; numero: string; pageNo: number; pageSize: number },
): Promise<NumeroLeaves> {
  const { game, row } = await numeroByCode(db, query.gameCode, query.numero);
  if (row.status === 'open' || row.betsDigest === null) throw stillOpen();
  const betCount = row.betCount ?? 0;
  const leaves = rowsOf<{ bet_id: number | string; leaf: string }>(
    await db.execute(sql`
      select l.bet_id, encode(l.leaf, 'hex') as leaf
        from lottery_bet_leaves l
       where l.numero_id = ${row.id} and l.live
       order by l.bet_id
       limit ${query.pageSize} offset ${(query.pageNo - 1) * query.pageSize}`),
  );
  return {
    gameCode: game.gameCode,
    numero: row.numero,
    betsDigest: row.betsDigest,
    betCount,
    list: leaves.map((leaf) => ({ betId: Number(leaf.bet_id), leaf: leaf.leaf })),
    pageNo: query.pageNo,
    pageSize: query.pageSize,
    totalPages: Math.ceil(betCount / query.pageSize),
  };
}

/**
 * /lgw/vn/bets/proof: the caller's own bet's record, leaf and path to its numero's digest. Built
 * from the numero's leaves when asked (a lock-time cost, never settlement's).
 */
export async function betProofOf(
  db: Database,
  input: { memberId: number; betId: number },
): Promise<BetProof> {
  const [bet] = rowsOf<{
    numero_id: number | string;
    record: string;
    leaf: string;
    live: boolean;
    game_code: string;
    numero: string;
    status: string;
    bets_digest: string | null;
  }>(
    await db.execute(sql`
      select l.numero_id, l.record, encode(l.leaf, 'hex') as leaf, l.live,
             g.game_code, n.numero, n.status, n.bets_digest
        from lottery_bet_leaves l
        join lottery_numeros n on n.id = l.numero_id
        join lottery_games g on g.id = n.game_id
       where l.bet_id = ${input.betId} and l.member_id = ${input.memberId}`),
  );
  if (!bet) throw new AppError('NOT_FOUND', { issues: [{ field: 'betId', reason: 'no such bet of yours' }] });
  if (!bet.live) {
    throw new AppError('CONFLICT', {
      issues: [{ field: 'betId', reason: 'a cancelled bet is not in the digest' }],
    });
  }
  if (bet.status === 'open' || bet.bets_digest === null) throw stillOpen();
  const leaves = await betLeavesOf(db, Number(bet.numero_id));
  const index = leaves.findIndex((leaf) => leaf.toString('hex') === bet.leaf);
  if (index < 0) throw new Error(`bet ${input.betId} is missing from its numero's leaves`);
  return {
    betId: input.betId,
    gameCode: bet.game_code,
    numero: bet.numero,
    record: bet.record,
    leaf: bet.leaf,
    index,
    path: merklePathOf(leaves, index),
    betsDigest: bet.bets_digest,
  };
}
