import { reportMaxDays, reportPeriodDays } from '@khela/contract';

/** The report period presets (UTC days: the reports' days are UTC days). */
export const periodPresets = [
  'today',
  'yesterday',
  'last7',
  'last30',
  'thisMonth',
  'lastMonth',
  'custom',
] as const;
export type PeriodPreset = (typeof periodPresets)[number];

export interface Period {
  from: string;
  to: string;
}

const dayMs = 86_400_000;
export const dayKey = (time: number) => new Date(time).toISOString().slice(0, 10);

/** The days of a preset at `now` (both ends included). */
export function presetPeriod(preset: Exclude<PeriodPreset, 'custom'>, now = Date.now()): Period {
  const today = Math.floor(now / dayMs) * dayMs;
  const date = new Date(today);
  const monthStart = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
  switch (preset) {
    case 'today':
      return { from: dayKey(today), to: dayKey(today) };
    case 'yesterday':
      return { from: dayKey(today - dayMs), to: dayKey(today - dayMs) };
    case 'last7':
      return { from: dayKey(today - 6 * dayMs), to: dayKey(today) };
    case 'last30':
      return { from: dayKey(today - 29 * dayMs), to: dayKey(today) };
    case 'thisMonth':
      return { from: dayKey(monthStart), to: dayKey(today) };
    case 'lastMonth': {
      const lastMonthStart = Date.UTC(date.getUTCFullYear(), date.getUTCMonth() - 1, 1);
      return { from: dayKey(lastMonthStart), to: dayKey(monthStart - dayMs) };
    }
  }
}

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;

function isDay(value: string): boolean {
  if (!dayPattern.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return Number.isFinite(time) && dayKey(time) === value;
}

/** Why a custom period cannot be asked for (a text key), or null when it can. */
export function periodProblem(period: Period): string | null {
  if (!isDay(period.from) || !isDay(period.to)) return 'reports_period_bad_day';
  const days = reportPeriodDays(period.from, period.to);
  if (days < 1) return 'reports_period_reversed';
  if (days > reportMaxDays) return 'reports_period_too_long';
  return null;
}
