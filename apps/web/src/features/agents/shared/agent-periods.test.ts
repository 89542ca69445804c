import { describe, expect, it } from 'vitest';
import { agentPeriodRange } from './agent-periods.ts';

describe('agentPeriodRange', () => {
  const now = Date.UTC(2026, 0, 3, 15, 30); // 3 January 2026, 15:30 UTC (21:30 in Dhaka)
  const day = (y: number, m: number, d: number) => Date.UTC(y, m, d);
  /** Midnight in Dhaka (UTC+6) of a date: 18:00 UTC the day before. */
  const dhaka = (y: number, m: number, d: number) => Date.UTC(y, m, d) - 6 * 3_600_000;

  it("cuts days at the brand's midnight, the end exclusive", () => {
    expect(agentPeriodRange('today', now, 'Asia/Dhaka')).toEqual({
      from: dhaka(2026, 0, 3),
      to: dhaka(2026, 0, 4),
    });
    expect(agentPeriodRange('yesterday', now, 'Asia/Dhaka')).toEqual({
      from: dhaka(2026, 0, 2),
      to: dhaka(2026, 0, 3),
    });
    expect(agentPeriodRange('week', now, 'Asia/Dhaka')).toEqual({
      from: dhaka(2025, 11, 28),
      to: dhaka(2026, 0, 4),
    });
    // 19:00 UTC is already the 4th in Dhaka.
    expect(agentPeriodRange('today', Date.UTC(2026, 0, 3, 19), 'Asia/Dhaka').from).toBe(dhaka(2026, 0, 4));
    expect(agentPeriodRange('today', now, 'UTC')).toEqual({ from: day(2026, 0, 3), to: day(2026, 0, 4) });
  });

  it('takes this month so far and the whole of last month, across a year', () => {
    expect(agentPeriodRange('month', now, 'Asia/Dhaka')).toEqual({
      from: dhaka(2026, 0, 1),
      to: dhaka(2026, 0, 4),
    });
    expect(agentPeriodRange('lastMonth', now, 'Asia/Dhaka')).toEqual({
      from: dhaka(2025, 11, 1),
      to: dhaka(2026, 0, 1),
    });
    expect(agentPeriodRange('lastMonth', now, 'UTC')).toEqual({
      from: day(2025, 11, 1),
      to: day(2026, 0, 1),
    });
  });
});
