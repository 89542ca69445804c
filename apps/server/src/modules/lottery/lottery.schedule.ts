/**
 * The lottery's timetable maths (spec 9 weekday values, docs/lottery.md): pure functions of a
 * game's timetable and an instant. Every clock reading is in Asia/Ho_Chi_Minh, which has kept
 * UTC+7 without daylight saving since 1975, so a fixed offset is exact (the test compares it with
 * Intl's zone data).
 *
 * - Fast games draw every `intervalSeconds` counted from midnight ICT; the draw at midnight is the
 *   day's 0001, the next 0002, and so on. A numero opens at the previous slot's draw.
 * - Daily games draw at `drawTime` (HH:mm ICT) on the weekdays of `drawDayOfWeek` (Mon=2 … Sat=7,
 *   Sun=1); their numero is the draw's date + 0001, opened at the previous draw of the game.
 * Betting closes `lockSeconds` before each draw.
 */

export const lotteryTimeZone = 'Asia/Ho_Chi_Minh';
const offsetMs = 7 * 3_600_000;
const dayMs = 86_400_000;

export interface Timetable {
  intervalSeconds: number | null;
  /** HH:mm in ICT (daily games). */
  drawTime: string | null;
  /** Comma-separated weekday values, Mon=2 … Sun=1. */
  drawDayOfWeek: string;
  lockSeconds: number;
}

export interface ScheduledDraw {
  /** yyyymmdd (ICT date of the draw) + the day's 4-digit sequence. */
  numero: string;
  /** The draw's ICT date, yyyy-mm-dd (the `draw_date` column). */
  drawDate: string;
  openAt: Date;
  lockAt: Date;
  drawAt: Date;
}

/** Start (UTC ms) of the ICT day that contains `ms`. */
function ictDayStart(ms: number): number {
  return Math.floor((ms + offsetMs) / dayMs) * dayMs - offsetMs;
}

/** yyyy-mm-dd of the ICT day that contains `ms`. */
export function ictDateOf(ms: number): string {
  return new Date(ms + offsetMs).toISOString().slice(0, 10);
}

/** Spec 9 weekday value (Mon=2 … Sat=7, Sun=1) of the ICT day that contains `ms`. */
export function ictWeekdayOf(ms: number): number {
  return new Date(ms + offsetMs).getUTCDay() + 1;
}

function numeroOf(drawMs: number, sequence: number): string {
  return `${ictDateOf(drawMs).replaceAll('-', '')}${String(sequence).padStart(4, '0')}`;
}

function weekdaysOf(timetable: Timetable): Set<number> {
  return new Set(
    timetable.drawDayOfWeek
      .split(',')
      .map((value) => Number(value.trim()))
      .filter((value) => Number.isInteger(value) && value >= 1 && value <= 7),
  );
}

/** Minutes after midnight of an HH:mm text. */
function minutesOf(drawTime: string): number {
  const match = /^([01][0-9]|2[0-3]):([0-5][0-9])$/.exec(drawTime);
  if (!match) throw new RangeError(`draw time ${drawTime} is not HH:mm`);
  return Number(match[1]) * 60 + Number(match[2]);
}

function drawOf(openMs: number, drawMs: number, sequence: number, lockSeconds: number): ScheduledDraw {
  return {
    numero: numeroOf(drawMs, sequence),
    drawDate: ictDateOf(drawMs),
    openAt: new Date(openMs),
    lockAt: new Date(drawMs - lockSeconds * 1000),
    drawAt: new Date(drawMs),
  };
}

/** The draw times (UTC ms) of a daily game after `afterMs`, in order, `count` of them (within 8 weeks). */
function dailyDrawTimes(timetable: Timetable, drawTime: string, afterMs: number, count: number): number[] {
  const weekdays = weekdaysOf(timetable);
  const minutes = minutesOf(drawTime);
  const times: number[] = [];
  for (let day = ictDayStart(afterMs); times.length < count && day < afterMs + 56 * dayMs; day += dayMs) {
    const at = day + minutes * 60_000;
    if (at > afterMs && weekdays.has(ictWeekdayOf(day))) times.push(at);
  }
  return times;
}

/** The latest draw time of a daily game strictly before `beforeMs` (null when it has no weekday). */
function previousDailyDraw(timetable: Timetable, drawTime: string, beforeMs: number): number | null {
  const weekdays = weekdaysOf(timetable);
  const minutes = minutesOf(drawTime);
  for (let day = ictDayStart(beforeMs); day > beforeMs - 9 * dayMs; day -= dayMs) {
    const at = day + minutes * 60_000;
    if (at < beforeMs && weekdays.has(ictWeekdayOf(day))) return at;
  }
  return null;
}

/**
 * The draws of a game after `now` (draw time strictly later), earliest first: at least `count`,
 * and for a fast game every draw up to `until` as well.
 */
export function drawsAfter(
  timetable: Timetable,
  now: Date,
  options: { count: number; until?: Date },
): ScheduledDraw[] {
  const nowMs = now.getTime();
  if (timetable.intervalSeconds !== null) {
    const intervalMs = timetable.intervalSeconds * 1000;
    const untilMs = options.until?.getTime() ?? nowMs;
    const draws: ScheduledDraw[] = [];
    let day = ictDayStart(nowMs);
    let index = Math.floor((nowMs - day) / intervalMs) + 1;
    for (;;) {
      let drawMs = day + index * intervalMs;
      if (drawMs >= day + dayMs) {
        // The next ICT day starts its own numbering at its midnight.
        day += dayMs;
        index = 0;
        drawMs = day;
      }
      if (draws.length >= options.count && drawMs > untilMs) break;
      draws.push(drawOf(drawMs - intervalMs, drawMs, index + 1, timetable.lockSeconds));
      index += 1;
    }
    return draws;
  }
  if (timetable.drawTime === null) throw new RangeError('a game needs an interval or a draw time');
  const drawTime = timetable.drawTime;
  return dailyDrawTimes(timetable, drawTime, nowMs, options.count).map((drawMs) =>
    drawOf(previousDailyDraw(timetable, drawTime, drawMs) ?? nowMs, drawMs, 1, timetable.lockSeconds),
  );
}
