import { sql } from 'drizzle-orm';
import type { BetProof, NumeroLeaves } from '@khela/contract';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { rowsOf } from '../ledger/ledger.service.ts';
import { numeroByCode } from './lottery.lobby.ts';
import { bufferOf, merkleLevelsOf, merklePathInLevels, merkleRootOfLevels } from './lottery.merkle.ts';

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
 * A locked numero's Merkle tree, kept per numero (issue 36: a proof used to read and hash every leaf
 * of its numero again). Once a numero is locked its leaves never change (a cancel is closed before
 * the lock, a void keeps its bets in the digest), so the tree built once serves every later proof:
 * the bet's own row, a binary search of its id and one sibling per level. Bounded by bytes (a
 * 10^6-bet numero's tree is about 72 MB), least recently used out first; concurrent first proofs of
 * a numero build it once. Each instance keeps its own.
 */
interface NumeroTree {
  /** The live bets' ids in leaf order (bet id order). */
  betIds: Float64Array;
  levels: Buffer[];
  bytes: number;
}

const defaultTreeBytes = 256 * 1024 * 1024;

class ProofTreeCache {
  private trees = new Map<number, Promise<NumeroTree>>();
  private sizes = new Map<number, number>();
  private maxBytes = defaultTreeBytes;
  private builds = 0;

  /** The tree of a numero whose digest is `digest`: kept, or built from its leaves (checked against it). */
  treeOf(db: Database, numeroId: number, digest: string): Promise<NumeroTree> {
    const kept = this.trees.get(numeroId);
    if (kept) {
      // Most recently used last.
      this.trees.delete(numeroId);
      this.trees.set(numeroId, kept);
      return kept;
    }
    const building = this.build(db, numeroId, digest);
    this.trees.set(numeroId, building);
    building.then(
      (tree) => this.admit(numeroId, building, tree.bytes),
      () => this.forget(numeroId, building),
    );
    return building;
  }

  private async build(db: Database, numeroId: number, digest: string): Promise<NumeroTree> {
    this.builds += 1;
    const [row] = rowsOf<{ leaves: unknown; bet_ids: string | null }>(
      await db.execute(sql`
        select coalesce(string_agg(l.leaf, ''::bytea order by l.bet_id), ''::bytea) as leaves,
               string_agg(l.bet_id::text, ',' order by l.bet_id) as bet_ids
          from lottery_bet_leaves l
         where l.numero_id = ${numeroId} and l.live`),
    );
    const levels = merkleLevelsOf(bufferOf(row?.leaves));
    if (merkleRootOfLevels(levels) !== digest) {
      throw new Error(`numero ${numeroId}: its leaves do not give its bets digest`);
    }
    const betIds = Float64Array.from((row?.bet_ids ?? '').split(',').filter(Boolean), Number);
    const bytes = levels.reduce((sum, level) => sum + level.length, 0) + betIds.byteLength;
    return { betIds, levels, bytes };
  }

  /** Keeps a built tree within the byte bound, dropping the least recently used (or this one). */
  private admit(numeroId: number, building: Promise<NumeroTree>, bytes: number): void {
    if (this.trees.get(numeroId) !== building) return;
    this.sizes.set(numeroId, bytes);
    let total = [...this.sizes.values()].reduce((sum, size) => sum + size, 0);
    for (const [oldest] of [...this.trees]) {
      if (total <= this.maxBytes) break;
      // A tree still being built is not counted yet: it stays.
      if (!this.sizes.has(oldest)) continue;
      total -= this.sizes.get(oldest) ?? 0;
      this.forget(oldest);
    }
  }

  private forget(numeroId: number, building?: Promise<NumeroTree>): void {
    if (building && this.trees.get(numeroId) !== building) return;
    this.trees.delete(numeroId);
    this.sizes.delete(numeroId);
  }

  /** Tests: empties the cache (and its counters), optionally with another byte bound. */
  clear(options: { maxBytes?: number } = {}): void {
    this.trees.clear();
    this.sizes.clear();
    this.builds = 0;
    this.maxBytes = options.maxBytes ?? defaultTreeBytes;
  }

  /** Trees built since the last clear, and the numeros whose tree is kept. */
  stats(): { builds: number; numeros: number; bytes: number } {
    return {
      builds: this.builds,
      numeros: this.sizes.size,
      bytes: [...this.sizes.values()].reduce((sum, size) => sum + size, 0),
    };
  }
}

export const proofTreeCache = new ProofTreeCache();

/** The place of `betId` in the ascending ids, or -1. */
function indexOf(betIds: Float64Array, betId: number): number {
  let low = 0;
  let high = betIds.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const value = betIds[middle]!;
    if (value === betId) return middle;
    if (value < betId) low = middle + 1;
    else high = middle - 1;
  }
  return -1;
}

/**
 * /lgw/vn/bets/proof: the caller's own bet's record, leaf and path to its numero's digest, read from
 * the numero's tree (proofTreeCache: built once from the numero's leaves after the lock, a lock-time
 * cost, never settlement's).
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
  const tree = await proofTreeCache.treeOf(db, Number(bet.numero_id), bet.bets_digest);
  const index = indexOf(tree.betIds, input.betId);
  if (index < 0 || tree.levels[0]!.subarray(index * 32, index * 32 + 32).toString('hex') !== bet.leaf) {
    throw new Error(`bet ${input.betId} is missing from its numero's leaves`);
  }
  return {
    betId: input.betId,
    gameCode: bet.game_code,
    numero: bet.numero,
    record: bet.record,
    leaf: bet.leaf,
    index,
    path: merklePathInLevels(tree.levels, index),
    betsDigest: bet.bets_digest,
  };
}
