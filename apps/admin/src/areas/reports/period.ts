import { reportMaxDays, reportPeriodDays } from '@khela/contract';
import { addDays, dayKey as brandDayKey, periodStart } from '@khela/contract/business-day';

/** The report period presets, in the brand's days (whitelabel timeZone: the reports' days). */
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

/** The calendar day a YYYY-MM-DD key names (a key is a name, not an instant: read as UTC on purpose). */
export const dayKey = (time: number) => new Date(time).toISOString().slice(0, 10);

/** The brand's days of a preset at `now` in `zone` (both ends included). */
export function presetPeriod(
  preset: Exclude<PeriodPreset, 'custom'>,
  zone: string,
  now = Date.now(),
): Period {
  const today = brandDayKey(now, zone);
  const monthStart = brandDayKey(periodStart('month', now, zone), zone);
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday':
      return { from: addDays(today, -1), to: addDays(today, -1) };
    case 'last7':
      return { from: addDays(today, -6), to: today };
    case 'last30':
      return { from: addDays(today, -29), to: today };
    case 'thisMonth':
      return { from: monthStart, to: today };
    case 'lastMonth': {
      const lastMonthEnd = addDays(monthStart, -1);
      return { from: `${lastMonthEnd.slice(0, 8)}01`, to: lastMonthEnd };
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
