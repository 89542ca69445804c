import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { members } from './accounts.tables.ts';

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
