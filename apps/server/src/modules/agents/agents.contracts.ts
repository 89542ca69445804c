import type { AgentContract } from '@khela/contract';
import type { Database } from '../../db/database.ts';

/**
 * The contracts of one account as `viewerId` sees them (active and pending first, then the rest,
 * newest first): for the downline detail of team management. The caller has checked that the
 * account is in the viewer's team (or is the viewer).
 */
export async function contractsOfMember(
  db: Database,
  memberId: number,
  viewerId: number,
): Promise<AgentContract[]> {
  void db;
  void memberId;
  void viewerId;
  throw new Error('contractsOfMember: written with the contracts (issue 14)');
}
