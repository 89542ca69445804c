/**
 * Business days are the brand's days (docs/design.md, Money): wages, dividends, reports and the
 * "today" of every page are cut in the brand's time zone (settings `timeZone`, an IANA name), not
 * at UTC midnight. This is the one place that cuts them, for the server and the web alike.
 *
 * Only Intl is used (no time zone library): Node and every browser we serve carry the IANA
 * database, and the arithmetic below needs nothing but "what does the wall clock in zone Z show at
 * instant t". Days are therefore 23 or 25 hours long across a DST change, and hours follow a zone's
 * 30- or 45-minute offset (Asia/Kolkata, Asia/Kathmandu). Instants are epoch milliseconds.
 */

/** The demo brand's zone and the default of a fresh site. */
export const defaultTimeZone = 'Asia/Dhaka';

/** The periods business figures are cut by (dividends: D day, W week from Monday, H half-month, M month). */
export type PeriodUnit = 'hour' | 'day' | 'week' | 'halfMonth' | 'month';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/**
 * True when `zone` is an IANA time zone name this runtime knows. The name is also held to the
 * characters IANA names use, because the server writes the brand's zone into SQL text (the same
 * expression in SELECT and GROUP BY) and must never write anything else there.
 */
export function isTimeZone(zone: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The wall clock of `zone` at `instant`. */
export interface WallTime {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

export function wallTime(instant: number, zone: string): WallTime {
  const wall: WallTime = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const part of formatterOf(zone).formatToParts(new Date(instant))) {
    if (part.type in wall) wall[part.type as keyof WallTime] = Number(part.value);
  }
  return wall;
}

/** A wall time read as if it were UTC: the arithmetic form of a wall time. */
function wallMs(wall: Pick<WallTime, 'year' | 'month' | 'day'> & Partial<WallTime>): number {
  return Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour ?? 0, wall.minute ?? 0, wall.second ?? 0);
}

/** The zone's offset from UTC at `instant`, in milliseconds (Dhaka +6 h: 21_600_000). */
export function zoneOffset(instant: number, zone: string): number {
  const whole = Math.floor(instant / 1000) * 1000;
  return wallMs(wallTime(whole, zone)) - whole;
}

/**
 * The first instant whose wall clock in `zone` shows `wall` or later. A wall time that happens
 * twice (the hour repeated in autumn) is its first occurrence; one that never happens (skipped in
 * spring; a midnight skipped by a zone that changes at 00:00) is the moment the clock jumps over it.
 */
export function instantOfWall(
  wall: Pick<WallTime, 'year' | 'month' | 'day'> & Partial<WallTime>,
  zone: string,
): number {
  const target = wallMs(wall);
  // At most one offset change lies within a day of any instant: the offsets a day either side are
  // the only two the answer can have.
  const before = target - zoneOffset(target - DAY, zone);
  const after = target - zoneOffset(target + DAY, zone);
  const candidates = [before, after]
    .filter((instant) => instant + zoneOffset(instant, zone) === target)
    .sort((a, b) => a - b);
  if (candidates.length > 0) return candidates[0]!;
  // A gap: find the jump between the two candidate instants (offsets change on whole seconds).
  let low = Math.min(before, after);
  let high = Math.max(before, after);
  while (high - low > 1000) {
    const middle = Math.floor((low + high) / 2000) * 1000;
    if (middle + zoneOffset(middle, zone) >= target) high = middle;
    else low = middle;
  }
  return high;
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** The brand's day (YYYY-MM-DD) that `instant` falls in. */
export function dayKey(instant: number, zone: string): string {
  const wall = wallTime(instant, zone);
  return `${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)}`;
}

/** The calendar day `days` after (or before) a YYYY-MM-DD key. */
export function addDays(key: string, days: number): string {
  const [year, month, day] = key.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** The first instant of the brand's day `key` (YYYY-MM-DD). */
export function startOfDayKey(key: string, zone: string): number {
  const [year, month, day] = key.split('-').map(Number) as [number, number, number];
  return instantOfWall({ year, month, day }, zone);
}

/** The start of the period of `unit` that holds `instant`, in `zone`. */
export function periodStart(unit: PeriodUnit, instant: number, zone: string): number {
  const wall = wallTime(instant, zone);
  switch (unit) {
    case 'hour': {
      // An hour is an hour: back to the last whole hour of the zone's clock. In a zone whose offset
      // is not whole hours (Kolkata +5:30) that is not a whole UTC hour.
      const start = Math.floor(instant / 1000) * 1000 - (wall.minute * 60 + wall.second) * 1000;
      // The clock jumped within this hour (a half-hour DST change): the hour starts at the jump.
      return zoneOffset(start, zone) === zoneOffset(instant, zone)
        ? start
        : instantOfWall({ ...wall, minute: 0, second: 0 }, zone);
    }
    case 'day':
      return instantOfWall({ year: wall.year, month: wall.month, day: wall.day }, zone);
    case 'week': {
      // Weeks start on Monday (spec 3 W: Monday to Sunday).
      const weekday = new Date(wallMs(wall)).getUTCDay();
      return instantOfWall({ year: wall.year, month: wall.month, day: wall.day - ((weekday + 6) % 7) }, zone);
    }
    case 'halfMonth':
      return instantOfWall({ year: wall.year, month: wall.month, day: wall.day <= 15 ? 1 : 16 }, zone);
    case 'month':
      return instantOfWall({ year: wall.year, month: wall.month, day: 1 }, zone);
  }
}

/** The start of the period after the one holding `instant`: the end (exclusive) of that period. */
export function periodEnd(unit: PeriodUnit, instant: number, zone: string): number {
  const start = periodStart(unit, instant, zone);
  const wall = wallTime(start, zone);
  switch (unit) {
    case 'hour':
      // The hour of the clock an hour later: one hour on, or less when the clock jumped by a
      // half hour within it.
      return periodStart('hour', start + HOUR, zone);
    case 'day':
      return instantOfWall({ year: wall.year, month: wall.month, day: wall.day + 1 }, zone);
    case 'week':
      return instantOfWall({ year: wall.year, month: wall.month, day: wall.day + 7 }, zone);
    case 'halfMonth':
      return wall.day < 16
        ? instantOfWall({ year: wall.year, month: wall.month, day: 16 }, zone)
        : instantOfWall({ year: wall.year, month: wall.month + 1, day: 1 }, zone);
    case 'month':
      return instantOfWall({ year: wall.year, month: wall.month + 1, day: 1 }, zone);
  }
}

/** The period of `unit` that holds `instant`: [from, to). */
export function periodOf(unit: PeriodUnit, instant: number, zone: string): { from: number; to: number } {
  return { from: periodStart(unit, instant, zone), to: periodEnd(unit, instant, zone) };
}

/** The period of `unit` after the one that holds `instant`. */
export function nextPeriod(unit: PeriodUnit, instant: number, zone: string): { from: number; to: number } {
  return periodOf(unit, periodEnd(unit, instant, zone), zone);
}

/** The period of `unit` before the one that holds `instant`. */
export function previousPeriod(
  unit: PeriodUnit,
  instant: number,
  zone: string,
): { from: number; to: number } {
  return periodOf(unit, periodStart(unit, instant, zone) - 1, zone);
}

/** "GMT+6", "GMT+5:45", "GMT" (the zone's offset at `instant`). */
export function offsetLabel(zone: string, instant: number): string {
  const minutes = Math.round(zoneOffset(instant, zone) / 60_000);
  if (minutes === 0) return 'GMT';
  const sign = minutes < 0 ? '-' : '+';
  const hours = Math.floor(Math.abs(minutes) / 60);
  const rest = Math.abs(minutes) % 60;
  return `GMT${sign}${hours}${rest === 0 ? '' : `:${pad(rest)}`}`;
}

/** "Asia/Dhaka (GMT+6)": how pages name the zone their times are in. */
export function zoneLabel(zone: string, instant: number): string {
  return `${zone} (${offsetLabel(zone, instant)})`;
}

/** "2026-12-05 23:40" (or with seconds): an instant on the brand's clock, as pages and reports show it. */
export function formatWallTime(instant: number, zone: string, options: { seconds?: boolean } = {}): string {
  const wall = wallTime(instant, zone);
  const time = `${pad(wall.hour)}:${pad(wall.minute)}${options.seconds ? `:${pad(wall.second)}` : ''}`;
  return `${dayKey(instant, zone)} ${time}`;
}
