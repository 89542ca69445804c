import { addDays, dayKey, startOfDayKey } from '@khela/contract/business-day';

/** The period choices of the record pages (account record, betting record): days back from today. */
export const recordPeriodDays = { today: 0, week: 7, month: 30, all: null } as const;
export type RecordPeriod = keyof typeof recordPeriodDays;
export const recordPeriods = Object.keys(recordPeriodDays) as RecordPeriod[];
export const recordPeriodLabelKeys: Record<RecordPeriod, string> = {
  today: 'period_today',
  week: 'period_7_days',
  month: 'period_30_days',
  all: 'period_all',
};

/**
 * Where a period starts: the brand's midnight (whitelabel timeZone, as the server cuts days), that
 * many days back; undefined for all time.
 */
export function recordPeriodStart(period: RecordPeriod, now: number, zone: string): number | undefined {
  const days = recordPeriodDays[period];
  if (days === null) return undefined;
  return startOfDayKey(addDays(dayKey(now, zone), -days), zone);
}
