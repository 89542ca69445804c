import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { accountNamesOf } from '../accounts/member.service.ts';
import { agentContracts, memberTree } from './agents.tables.ts';

/** What the back office's player page reads of an agent (issue 15): team size and wage contracts. */
export async function agentOverviewForOperator(db: Database, agentId: number) {
  const [direct] = await db
    .select({ total: count() })
    .from(memberTree)
    .where(and(eq(memberTree.ancestorId, agentId), eq(memberTree.depth, 1)));
  const [team] = await db
    .select({ total: count() })
    .from(memberTree)
    .where(and(eq(memberTree.ancestorId, agentId), sql`${memberTree.depth} >= 1`));
  const contracts = await db
    .select()
    .from(agentContracts)
    .where(eq(agentContracts.memberId, agentId))
    .orderBy(desc(agentContracts.id))
    .limit(100);
  const payers = await accountNamesOf(db, [
    ...new Set(contracts.flatMap((row) => (row.uplineId === null ? [] : [row.uplineId]))),
  ]);
  return {
    directCount: Number(direct?.total ?? 0),
    teamCount: Number(team?.total ?? 0),
    contracts: contracts.map((row) => ({
      id: row.id,
      kind: row.kind,
      status: row.status,
      payer: row.uplineId === null ? null : (payers.get(row.uplineId) ?? String(row.uplineId)),
      maxRateBp: row.maxRateBp,
      terms: row.terms,
      createdAt: row.createdAt.getTime(),
      startedAt: row.startedAt?.getTime() ?? null,
      endedAt: row.endedAt?.getTime() ?? null,
    })),
  };
}
