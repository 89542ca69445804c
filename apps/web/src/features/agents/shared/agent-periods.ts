/**
 * The period choices of the agent centre's pages (team overview, reports, wages). Days are cut at
 * midnight UTC, as the server cuts them (records.ts `recordTimeZone`), so a day on a chart is the
 * same day as in the wage lines. The server takes at most 92 days in one period.
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

const dayMs = 24 * 60 * 60 * 1000;

/** The period as ms since epoch, `to` exclusive (the calls' `from` and `to`). */
export function agentPeriodRange(period: AgentPeriod, now: number): { from: number; to: number } {
  const today = Math.floor(now / dayMs) * dayMs;
  const date = new Date(today);
  const monthStart = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
  switch (period) {
    case 'today':
      return { from: today, to: today + dayMs };
    case 'yesterday':
      return { from: today - dayMs, to: today };
    case 'week':
      return { from: today - 6 * dayMs, to: today + dayMs };
    case 'month':
      return { from: monthStart, to: today + dayMs };
    case 'lastMonth':
      return { from: Date.UTC(date.getUTCFullYear(), date.getUTCMonth() - 1, 1), to: monthStart };
  }
}
