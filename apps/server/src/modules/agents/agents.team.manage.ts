import { accountTypes } from '@khela/contract';
import type { z } from 'zod';
import type { registerDownlineBodySchema } from '@khela/contract';
import type { Database } from '../../db/database.ts';
import { openDownlineAccount, setAccountStatus, type DownlineContext } from '../accounts/downline.service.ts';
import { getOrOpenMemberWallet } from '../ledger/ledger.service.ts';
import { periodStart } from '@khela/contract/business-day';
import { contractsOfMember } from './agents.contracts.ts';
import { downlineById, findInTeam, notInTeam, pathTo, teamFigures, type Money } from './agents.team.ts';

/**
 * Team management actions (registerCenter, downlineManagmentView): open a direct downline, one
 * downline's detail, disable or enable one. Each checks the account is in the caller's team first.
 */

type RegisterDownlineBody = z.output<typeof registerDownlineBodySchema>;

/**
 * agentRegisterDownline: a player or an agent (type 1 by default) directly under the caller, with
 * the brand's username and password rules; its main wallet is opened at once, as a deposit would.
 */
export async function registerDownline({
  context,
  agentId,
  money,
  body,
}: {
  context: DownlineContext;
  agentId: number;
  money: Money;
  body: RegisterDownlineBody;
}) {
  const { db } = context;
  const type = body.kind === 'agent' ? (body.agentType ?? accountTypes.agent1) : accountTypes.member;
  const created = await openDownlineAccount({ context, uplineId: agentId, body, type });
  await getOrOpenMemberWallet(db, {
    memberId: created.id,
    kind: 'main',
    currency: money.currency,
    precision: money.precision,
  });
  const downline = await downlineById(db, { agentId, memberId: created.id, money });
  if (!downline) throw new Error('the new downline is not in the team');
  return downline;
}

/** agentDownlineDetail: the account, its path from the caller, its team's figures this month, its contracts. */
export async function downlineDetail(
  db: Database,
  {
    agentId,
    username,
    money,
    now = Date.now(),
  }: { agentId: number; username: string; money: Money; now?: number },
) {
  const downline = await findInTeam(db, { agentId, username, money });
  if (!downline) throw notInTeam();
  // This month of the brand's calendar (settings timeZone).
  const start = new Date(periodStart('month', now, money.timeZone));
  const [path, month, contracts] = [
    await pathTo(db, { agentId, memberId: downline.id }),
    await teamFigures(db, { rootId: downline.id, period: { from: start.getTime(), to: now }, money }),
    await contractsOfMember(db, downline.id, agentId),
  ];
  return { downline, path, month: month.totals, contracts, currency: money.currency };
}

/** agentDownlineStatus: disable (its sessions end) or enable an account of the caller's team. */
export async function setDownlineStatus(
  db: Database,
  {
    agentId,
    money,
    body,
  }: { agentId: number; money: Money; body: { username: string; status: 'active' | 'disabled' } },
) {
  const downline = await findInTeam(db, { agentId, username: body.username, money });
  if (!downline) throw notInTeam();
  if (downline.status !== body.status) {
    await setAccountStatus(db, { memberId: downline.id, status: body.status });
  }
  return { ...downline, status: body.status };
}
