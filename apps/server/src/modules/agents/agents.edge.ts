import { REFERENCE_EDGE_BP, type ContractTerms } from '@khela/contract';

/**
 * Wages bounded by the house edge (issue 35 item 2; docs/agents.md "Bounded by the house edge").
 *
 * Every wage is a rate of the team's edge-weighted betting: each round's stake × its game's house
 * edge ÷ REFERENCE_EDGE_BP (the SQL of agent_wages_tiered and agent_wages_realtime). Betting with
 * the reference edge counts in full, dice (1 % edge) one fifth, a 96 % slot four fifths. A rate r
 * of edge-weighted betting then pays r ÷ reference edge of the house's expected win, whatever the
 * games: `edgeCostBp` is that share for one contract, and an agent's contracts of all kinds
 * together may not take more than the brand's `agentWages.edgeShare`.
 */
export { REFERENCE_EDGE_BP };

/** A percent of the brand's settings (50 → 5,000 basis points). */
export const percentToBp = (percent: number): number => Math.round(percent * 100);

/** The highest rate a contract can pay (basis points), and whether it applies to betting or to net loss. */
function highestRate(contract: ContractTerms): { bp: number; onLoss: boolean } {
  const bp = (percent: string) => Math.round(Number(percent) * 100);
  if (contract.kind === 'realtime') {
    return { bp: Math.max(bp(contract.terms.winRate), bp(contract.terms.lossRate)), onLoss: false };
  }
  const highest = Math.max(...contract.terms.tiers.map((tier) => bp(tier.rate)));
  return { bp: highest, onLoss: contract.kind === 'dividend' && contract.terms.basis === 'loss' };
}

/**
 * The share of the house's expected win (basis points of it) a contract can pay at most: a rate of
 * edge-weighted betting r → r × 10,000 ÷ REFERENCE_EDGE_BP; a dividend on the team's net loss
 * (bets − wins − wages) → its rate itself. Rounded up: a share is never understated.
 */
export function edgeCostBp(contract: ContractTerms): number {
  const { bp, onLoss } = highestRate(contract);
  return onLoss ? bp : Math.ceil((bp * 10_000) / REFERENCE_EDGE_BP);
}
