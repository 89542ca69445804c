import { sql } from 'drizzle-orm';
import type { ContractTerms } from '@khela/contract';
import type { Database } from '../../db/database.ts';
import { checkTerms } from './agents.contracts.ts';

/**
 * The demo agent's platform contracts (docs/demo-accounts.md): all four kinds, modest rates. Rates
 * of edge-weighted betting (docs/agents.md "Bounded by the house edge"): together they may take
 * 0.8 % + 0.1 % + 0.5 % of betting at the reference edge of 5 % (28 % of the house's expected win)
 * plus 10 % of the net loss: 38 %, within the default share of 50 % (agents.edge.test.ts).
 */
export const demoAgentContracts: ContractTerms[] = [
  {
    kind: 'daily',
    terms: {
      tiers: [
        { teamBet: '100', activeMembers: 1, rate: '0.5' },
        { teamBet: '10000', activeMembers: 3, rate: '0.8' },
      ],
    },
  },
  { kind: 'hourly', terms: { tiers: [{ teamBet: '100', activeMembers: 1, rate: '0.1' }] } },
  { kind: 'realtime', terms: { winRate: '0.25', lossRate: '0.5', singleBet: '1' } },
  {
    kind: 'dividend',
    terms: { basis: 'loss', period: 'W', tiers: [{ teamBet: '1000', activeMembers: 1, rate: '10' }] },
  },
];

/** Gives `account` (a top agent) the demo contracts, active now; nothing when it has any already. */
export async function seedDemoAgentContracts(
  db: Database,
  account: string,
  precision: number,
): Promise<void> {
  for (const contract of demoAgentContracts) {
    const { maxBp } = checkTerms(contract, precision);
    await db.execute(sql`insert into agent_contracts (kind, member_id, upline_id, status, terms, max_rate_bp, started_at)
      select ${contract.kind}, m.id, null, 'active', ${JSON.stringify(contract)}::jsonb, ${maxBp}, now()
        from accounts_members m where m.account = ${account}
      on conflict do nothing`);
  }
}
