import { sql } from 'drizzle-orm';
import type { PointKind } from '@khela/contract';
import type { Database } from '../../db/database.ts';
import { pgErrorOf } from '../../db/pg-errors.ts';
import { AppError } from '../../http/app-error.ts';
import { rowsOf } from '../ledger/ledger.service.ts';

/**
 * The points ledger from TypeScript (docs/loyalty.md "The points ledger"): every change of points
 * goes through `points_post_entry` (sql/points_post_entry.sql), the one posting path, in the
 * caller's transaction. A member's account is `member:<id>`; earned points come from
 * `system:issued`, converted points go to `system:converted`.
 */

export const ISSUED = 'system:issued';
export const CONVERTED = 'system:converted';
export const pointsAddressOf = (memberId: number) => `member:${memberId}`;

export interface PointsLeg {
  address: string;
  /** Whole points, signed: negative leaves the account. Never zero. */
  amount: bigint;
}

export interface PostPointsOptions {
  kind: PointKind;
  /** Unique per change: the same key with the same request answers the first entry. */
  idempotencyKey: string;
  legs: readonly PointsLeg[];
  /** Fields that make two calls with one key different requests (with the kind and the legs). */
  request?: Record<string, string | number | boolean | null>;
  remark?: string;
  metadata?: Record<string, unknown>;
}

export interface PostedPoints {
  entryId: number;
  reference: string;
  replayed: boolean;
  createdAt: Date;
  /** Per leg, the member account's balance right after (null for system legs and for a replay). */
  balancesAfter: (bigint | null)[];
}

/** KP001 (a member would go below zero) and KP002 (a key reused for another request), as the API says them. */
function translate(error: unknown): unknown {
  const database = pgErrorOf(error);
  if (database?.code === 'KP001') return new AppError('INSUFFICIENT_POINTS');
  if (database?.code === 'KP002') return new AppError('IDEMPOTENCY_MISMATCH');
  return error;
}

const arrayLiteral = (values: readonly string[]) => `{${values.map((value) => `"${value}"`).join(',')}}`;

/** Posts one balanced points entry (or answers the first one for a replayed key). */
export async function postPoints(db: Database, options: PostPointsOptions): Promise<PostedPoints> {
  for (const leg of options.legs) {
    if (!/^(member:[1-9][0-9]{0,8}|system:(issued|converted))$/.test(leg.address)) {
      throw new Error(`not a points address: ${leg.address}`);
    }
  }
  const addresses = arrayLiteral(options.legs.map((leg) => leg.address));
  const amounts = `{${options.legs.map((leg) => leg.amount.toString()).join(',')}}`;
  try {
    const [row] = rowsOf<{
      entryId: string;
      reference: string;
      replayed: boolean;
      balancesAfter: (string | null)[];
      createdAt: string;
    }>(
      await db.execute(sql`
        select p.entry_id::text as "entryId", p.reference, p.replayed,
               p.balances_after::text[] as "balancesAfter", to_json(p.created_at) #>> '{}' as "createdAt"
          from points_post_entry(${options.kind}, ${options.idempotencyKey},
                 ${JSON.stringify(options.request ?? null)}::jsonb, ${options.remark ?? ''},
                 ${JSON.stringify(options.metadata ?? {})}::jsonb, ${addresses}::text[], ${amounts}::bigint[]) p`),
    );
    if (!row) throw new Error('points_post_entry returned no row');
    return {
      entryId: Number(row.entryId),
      reference: row.reference,
      replayed: row.replayed,
      createdAt: new Date(row.createdAt),
      balancesAfter: row.balancesAfter.map((value) => (value === null ? null : BigInt(value))),
    };
  } catch (error) {
    throw translate(error);
  }
}

/** A member's points (0 before their first entry). */
export async function pointsBalanceOf(db: Database, memberId: number): Promise<bigint> {
  const [row] = rowsOf<{ balance: string }>(
    await db.execute(
      sql`select balance::text as balance from points_accounts where address = ${pointsAddressOf(memberId)}`,
    ),
  );
  return BigInt(row?.balance ?? '0');
}

export interface PointsDetailRow {
  reference: string;
  time: number;
  kind: PointKind;
  amount: bigint;
  balanceAfter: bigint;
  remark: string;
}

/** One page of a member's points entries, newest first, and how many there are. */
export async function listPointsDetail(
  db: Database,
  options: { memberId: number; kind?: PointKind | undefined; pageNo: number; pageSize: number },
): Promise<{ rows: PointsDetailRow[]; total: number }> {
  const kind = options.kind === undefined ? sql`true` : sql`e.kind = ${options.kind}`;
  const from = sql`
    from points_postings p
    join points_accounts a on a.id = p.account_id
    join points_entries e on e.id = p.entry_id
   where a.address = ${pointsAddressOf(options.memberId)} and ${kind}`;
  const rows = rowsOf<{
    reference: string;
    time: string;
    kind: PointKind;
    amount: string;
    balance_after: string;
    remark: string;
  }>(
    await db.execute(sql`
      select e.reference, (extract(epoch from e.created_at) * 1000)::bigint::text as time, e.kind,
             p.amount::text as amount, p.balance_after::text as balance_after, e.remark
        ${from}
       order by p.id desc
       limit ${options.pageSize} offset ${(options.pageNo - 1) * options.pageSize}`),
  );
  const [count] = rowsOf<{ total: number }>(await db.execute(sql`select count(*)::integer as total ${from}`));
  return {
    rows: rows.map((row) => ({
      reference: row.reference,
      time: Number(row.time),
      kind: row.kind,
      amount: BigInt(row.amount),
      balanceAfter: BigInt(row.balance_after),
      remark: row.remark,
    })),
    total: count?.total ?? 0,
  };
}
