import { describe, expect, it } from 'vitest';
import {
  addDays,
  dayKey,
  formatWallTime,
  isTimeZone,
  nextPeriod,
  periodEnd,
  periodOf,
  periodStart,
  previousPeriod,
  startOfDayKey,
  zoneLabel,
} from './business-day.ts';

const HOUR = 3_600_000;
const at = (iso: string) => Date.parse(iso);
const iso = (ms: number) => new Date(ms).toISOString();

describe('business days in the brand zone', () => {
  it('cuts Dhaka days at Dhaka midnight (18:00 UTC)', () => {
    const lateOnThe5th = at('2026-12-05T17:30:00Z'); // 23:30 Dhaka
    const earlyOnThe6th = at('2026-12-05T18:30:00Z'); // 00:30 Dhaka
    expect(dayKey(lateOnThe5th, 'Asia/Dhaka')).toBe('2026-12-05');
    expect(dayKey(earlyOnThe6th, 'Asia/Dhaka')).toBe('2026-12-06');
    expect(periodOf('day', lateOnThe5th, 'Asia/Dhaka')).toEqual({
      from: at('2026-12-04T18:00:00Z'),
      to: at('2026-12-05T18:00:00Z'),
    });
    expect(periodStart('day', earlyOnThe6th, 'Asia/Dhaka')).toBe(at('2026-12-05T18:00:00Z'));
    expect(startOfDayKey('2026-12-06', 'Asia/Dhaka')).toBe(at('2026-12-05T18:00:00Z'));
    expect(formatWallTime(at('2026-12-05T23:40:00Z'), 'Asia/Dhaka')).toBe('2026-12-06 05:40');
  });

  it('has a 23-hour day in spring and a 25-hour day in autumn in Europe/London', () => {
    const spring = periodOf('day', at('2026-03-29T12:00:00Z'), 'Europe/London');
    expect(iso(spring.from)).toBe('2026-03-29T00:00:00.000Z');
    expect(iso(spring.to)).toBe('2026-03-29T23:00:00.000Z');
    expect(spring.to - spring.from).toBe(23 * HOUR);
    const autumn = periodOf('day', at('2026-10-25T12:00:00Z'), 'Europe/London');
    expect(iso(autumn.from)).toBe('2026-10-24T23:00:00.000Z');
    expect(iso(autumn.to)).toBe('2026-10-26T00:00:00.000Z');
    expect(autumn.to - autumn.from).toBe(25 * HOUR);
    expect(nextPeriod('day', autumn.from, 'Europe/London').from).toBe(autumn.to);
    expect(previousPeriod('day', autumn.to, 'Europe/London')).toEqual(autumn);
  });

  it('keeps hours an hour long across a change, and the repeated hour apart', () => {
    const zone = 'Europe/London';
    // 01:00 BST then 01:00 GMT: two hours with the same clock hour.
    const first = periodOf('hour', at('2026-10-25T00:30:00Z'), zone);
    const second = periodOf('hour', at('2026-10-25T01:30:00Z'), zone);
    expect(iso(first.from)).toBe('2026-10-25T00:00:00.000Z');
    expect(first.to).toBe(second.from);
    expect(second.to - second.from).toBe(HOUR);
    // The hour skipped in spring: 00:00 GMT is followed by 02:00 BST.
    expect(periodEnd('hour', at('2026-03-29T00:10:00Z'), zone)).toBe(at('2026-03-29T01:00:00Z'));
  });

  it('follows a 45- and 30-minute offset for hours and days', () => {
    const kathmandu = periodOf('hour', at('2026-12-05T10:20:00Z'), 'Asia/Kathmandu'); // 16:05 local
    expect(iso(kathmandu.from)).toBe('2026-12-05T10:15:00.000Z');
    expect(iso(kathmandu.to)).toBe('2026-12-05T11:15:00.000Z');
    expect(iso(periodStart('day', at('2026-12-05T10:20:00Z'), 'Asia/Kolkata'))).toBe(
      '2026-12-04T18:30:00.000Z',
    );
    expect(iso(periodStart('hour', at('2026-12-05T10:20:00Z'), 'Asia/Kolkata'))).toBe(
      '2026-12-05T09:30:00.000Z',
    );
  });

  it('cuts weeks from Monday, half-months and months', () => {
    const zone = 'Asia/Dhaka';
    const sunday = at('2026-12-06T10:00:00Z'); // Sunday 16:00 Dhaka
    expect(dayKey(periodStart('week', sunday, zone), zone)).toBe('2026-11-30');
    expect(iso(periodEnd('week', sunday, zone))).toBe('2026-12-06T18:00:00.000Z');
    expect(periodOf('halfMonth', at('2026-12-10T00:00:00Z'), zone)).toEqual({
      from: at('2026-11-30T18:00:00Z'),
      to: at('2026-12-15T18:00:00Z'),
    });
    expect(iso(periodEnd('halfMonth', at('2026-12-20T00:00:00Z'), zone))).toBe('2026-12-31T18:00:00.000Z');
    expect(iso(periodStart('month', at('2026-12-31T19:00:00Z'), zone))).toBe('2026-12-31T18:00:00.000Z');
    // A month across London's autumn change.
    const october = periodOf('month', at('2026-10-15T00:00:00Z'), 'Europe/London');
    expect(iso(october.from)).toBe('2026-09-30T23:00:00.000Z');
    expect(iso(october.to)).toBe('2026-11-01T00:00:00.000Z');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('knows zones by their IANA name and names them with their offset', () => {
    expect(isTimeZone('Asia/Dhaka')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone("UTC'; drop table x; --")).toBe(false);
    expect(zoneLabel('Asia/Dhaka', at('2026-12-05T00:00:00Z'))).toBe('Asia/Dhaka (GMT+6)');
    expect(zoneLabel('Asia/Kathmandu', at('2026-12-05T00:00:00Z'))).toBe('Asia/Kathmandu (GMT+5:45)');
    expect(zoneLabel('Europe/London', at('2026-12-05T00:00:00Z'))).toBe('Europe/London (GMT)');
  });
});
