import { addDays, dayKey, periodStart, startOfDayKey } from '@khela/contract/business-day';

/**
 * The period choices of the agent centre's pages (team overview, reports, wages). Days are the
 * brand's (whitelabel timeZone), cut at its midnight as the server cuts them, so a day on a chart is
 * the same day as in the wage lines. The server takes at most 92 days in one period.
 */
export const agentPeriods = ['today', 'yesterday', 'week', 'month', 'lastMonth'] as const;
export type AgentPeriod = (typeof agentPeriods)[number];

export const agentPeriodLabelKeys: Record<AgentPeriod, string> = {
  today: 'period_today',
  yesterday: 'ag_period_yesterday',
  week: 'period_7_days',
  month: 'ag_period_this_month',
  lastMonth: 'ag_period_last_month',
};

/** The period as ms since epoch, `to` exclusive (the calls' `from` and `to`), in the brand's days. */
export function agentPeriodRange(
  period: AgentPeriod,
  now: number,
  zone: string,
): { from: number; to: number } {
  const today = dayKey(now, zone);
  const at = (key: string) => startOfDayKey(key, zone);
  const monthStart = periodStart('month', now, zone);
  switch (period) {
    case 'today':
      return { from: at(today), to: at(addDays(today, 1)) };
    case 'yesterday':
      return { from: at(addDays(today, -1)), to: at(today) };
    case 'week':
      return { from: at(addDays(today, -6)), to: at(addDays(today, 1)) };
    case 'month':
      return { from: monthStart, to: at(addDays(today, 1)) };
    case 'lastMonth':
      return { from: periodStart('month', monthStart - 1, zone), to: monthStart };
  }
}
