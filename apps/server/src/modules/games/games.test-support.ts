import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { members } from '../accounts/accounts.tables.ts';
import { createOperatorSession } from '../accounts/operator-session.service.ts';
import { operators } from '../accounts/operators.tables.ts';
import { createSession } from '../accounts/session.service.ts';
import { gameRounds, gameVendors } from './games.tables.ts';

/**
 * An app whose game catalogue the test file owns: the demo seed's games and lobby vendors are
 * removed (the seed may bring its own one day) and these vendors put in their place. The general
 * limit per address is raised: the tests call from one address all the time.
 */
export async function appWithVendors(vendors: (typeof gameVendors.$inferInsert)[]): Promise<TestApp> {
  const sut = await buildTestApp({ env: { RATE_LIMIT_PER_MINUTE: '100000' } });
  await sut.db.execute(sql`delete from games`);
  await sut.db.execute(sql`delete from game_vendors`);
  await sut.db.insert(gameVendors).values(vendors);
  return sut;
}

/**
 * A member (or, with role `operator`, an operator in the operators' table) made straight in the
 * database, with a session token of the matching kind: no login call.
 */
export async function newMember(
  sut: TestApp,
  account: string,
  type = 0,
  role: 'player' | 'operator' = 'player',
): Promise<{ id: number; token: string }> {
  if (role === 'operator') {
    // An owner with the second step on (the back office requires both).
    const [operator] = await sut.db
      .insert(operators)
      .values({
        account,
        nickname: account,
        operatorRole: 'owner',
        totpSecret: 'KHELATESTOPERATORSECRETTOTPCODES',
      })
      .returning({ id: operators.id });
    if (!operator) throw new Error('operator not created');
    const token = await createOperatorSession({
      db: sut.db,
      env: sut.app.env,
      operatorId: operator.id,
      ip: null,
      userAgent: null,
    });
    return { id: operator.id, token };
  }
  const [member] = await sut.db
    .insert(members)
    .values({ account, nickname: account, type })
    .returning({ id: members.id });
  if (!member) throw new Error('member not created');
  const token = await createSession({
    db: sut.db,
    env: sut.app.env,
    memberId: member.id,
    site: 'member',
    ip: null,
    userAgent: null,
  });
  return { id: member.id, token };
}

let settledRounds = 0;

/**
 * A settled main-wallet round of a test vendor written straight into game_rounds (minor units,
 * BDT): what the reports, wages and rebate read, without playing it. `settledAt` may be SQL
 * (clock_timestamp()); the round starts then, or now when it is.
 */
export async function insertSettledRound(
  db: Database,
  round: { memberId: number; gameType: string; bet: bigint; win: bigint; settledAt: Date | SQL },
) {
  await db.insert(gameRounds).values({
    vendorCode: 'TEST',
    roundId: `test-round-${process.pid}-${++settledRounds}`,
    memberId: round.memberId,
    nodeId: 0,
    gameType: round.gameType,
    vassalage: 'TEST',
    currency: 'BDT',
    walletKind: 'main',
    betAmount: round.bet,
    winAmount: round.win,
    status: 'settled',
    startedAt: round.settledAt instanceof Date ? round.settledAt : new Date(),
    settledAt: round.settledAt,
  });
}

/**
 * The house edge (basis points) a round of a game outside the catalogue takes in `category`: the
 * category's edge from agent_game_edges, else the undeclared edge (what the rebate and the loyalty
 * points weigh such a round by).
 */
export async function categoryEdgeOf(db: Database, category: string, undeclaredBp = 100): Promise<bigint> {
  const [row] = (
    (await db.execute(
      sql`select edge_bp::text as edge from agent_game_edges(${undeclaredBp}::integer)
           where node_id is null and game_type = ${category}`,
    )) as unknown as { rows: { edge: string | null }[] }
  ).rows;
  return BigInt(row?.edge ?? undeclaredBp);
}
