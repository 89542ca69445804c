import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { members } from './accounts.tables.ts';
import { operators } from './operators.tables.ts';

export type MemberRow = typeof members.$inferSelect;

export async function findMemberByAccount(db: Database, account: string): Promise<MemberRow | null> {
  const [row] = await db
    .select()
    .from(members)
    .where(sql`lower(${members.account}) = lower(${account})`);
  return row ?? null;
}

export async function findMemberByMobile(db: Database, mobile: string): Promise<MemberRow | null> {
  const [row] = await db.select().from(members).where(eq(members.mobile, mobile));
  return row ?? null;
}

export async function findMemberById(db: Database, id: number): Promise<MemberRow | null> {
  const [row] = await db.select().from(members).where(eq(members.id, id));
  return row ?? null;
}

/** An active agent owning this invitation code. */
export async function findAgentByAffiliateCode(db: Database, code: string): Promise<MemberRow | null> {
  const [row] = await db
    .select()
    .from(members)
    .where(
      sql`lower(${members.affiliateCode}) = lower(${code}) and ${members.type} in (1, 2, 41, 42) and ${members.status} = 'active' and ${members.role} = 'player'`,
    );
  return row ?? null;
}

/**
 * Whether a username is taken by a member or an operator, in any case: names stay unique across
 * both tables, so a name in the audit trail or on a support call is one person, and nobody registers
 * as a player under an operator's name. (Two tables cannot share a unique index: each creation
 * checks here first, and each table's own unique index still decides a race within it.)
 */
export async function accountNameTaken(db: Database, account: string): Promise<boolean> {
  const result = await db.execute(sql`select exists (
      select 1 from ${members} where lower(${members.account}) = lower(${account})
      union all
      select 1 from ${operators} where lower(${operators.account}) = lower(${account})) as taken`);
  const rows = (result as unknown as { rows: { taken: boolean }[] }).rows;
  return rows[0]?.taken === true;
}
