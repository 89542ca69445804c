import type { WageKind } from '@khela/contract';
import type { AgentCentrePageKey } from '../../../shared/config/centre-pages.ts';
import { requestTypeFields, useConsolidated } from './agent-api.ts';

/** The wage page of each contract kind (spec 2 agent centre menu). */
const wagePageOfKind = {
  daily: 'agentDailyWages2',
  hourly: 'agentHourSalary',
  realtime: 'agentRealtimeSalary',
  dividend: 'agentDividendRecordCopy2',
} as const satisfies Record<WageKind, AgentCentrePageKey>;

/**
 * The agent centre menu's badges (spec 3 consolidated contract info): 1 on the wage page of each
 * kind whose request (new or termination) waits for my answer. Asked only while `enabled` (the
 * panel open for a logged-in agent).
 */
export function useAgentRequestBadges(enabled: boolean): Partial<Record<AgentCentrePageKey, number>> {
  const { data } = useConsolidated(enabled);
  if (!data) return {};
  const badges: Partial<Record<AgentCentrePageKey, number>> = {};
  for (const kind of Object.keys(wagePageOfKind) as WageKind[]) {
    if (data[requestTypeFields[kind]] !== null) badges[wagePageOfKind[kind]] = 1;
  }
  return badges;
}
