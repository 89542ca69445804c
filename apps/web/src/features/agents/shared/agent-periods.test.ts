import { describe, expect, it } from 'vitest';
import { agentPeriodRange } from './agent-periods.ts';

describe('agentPeriodRange', () => {
  const now = Date.UTC(2026, 0, 3, 15, 30); // 3 January 2026, 15:30 UTC
  const day = (y: number, m: number, d: number) => Date.UTC(y, m, d);

  it('cuts days at midnight UTC, the end exclusive', () => {
    expect(agentPeriodRange('today', now)).toEqual({ from: day(2026, 0, 3), to: day(2026, 0, 4) });
    expect(agentPeriodRange('yesterday', now)).toEqual({ from: day(2026, 0, 2), to: day(2026, 0, 3) });
    expect(agentPeriodRange('week', now)).toEqual({ from: day(2025, 11, 28), to: day(2026, 0, 4) });
  });

  it('takes this month so far and the whole of last month, across a year', () => {
    expect(agentPeriodRange('month', now)).toEqual({ from: day(2026, 0, 1), to: day(2026, 0, 4) });
    expect(agentPeriodRange('lastMonth', now)).toEqual({ from: day(2025, 11, 1), to: day(2026, 0, 1) });
  });
});
