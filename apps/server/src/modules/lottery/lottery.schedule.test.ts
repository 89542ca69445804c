import { describe, expect, it } from 'vitest';
import { lotteryGameDefinitions } from './lottery.games.ts';
import { drawsAfter, ictDateOf, ictWeekdayOf, lotteryTimeZone } from './lottery.schedule.ts';

const gameOf = (code: string) => {
  const game = lotteryGameDefinitions.find((candidate) => candidate.gameCode === code);
  if (!game) throw new Error(`no game ${code}`);
  return game;
};
/** An instant given in ICT (UTC+7). */
const ict = (text: string) => new Date(`${text}+07:00`);

describe('the lottery timetable (Asia/Ho_Chi_Minh)', () => {
  it('agrees with the zone data of Intl on dates and weekdays', () => {
    const format = new Intl.DateTimeFormat('en-CA', {
      timeZone: lotteryTimeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      weekday: 'short',
    });
    const weekdays = { Sun: 1, Mon: 2, Tue: 3, Wed: 4, Thu: 5, Fri: 6, Sat: 7 } as const;
    for (let ms = Date.UTC(2026, 0, 1); ms < Date.UTC(2027, 0, 1); ms += 7 * 3_600_000 + 13 * 60_000) {
      const parts = Object.fromEntries(
        format.formatToParts(new Date(ms)).map((part) => [part.type, part.value]),
      );
      expect(ictDateOf(ms)).toBe(`${parts.year}-${parts.month}-${parts.day}`);
      expect(ictWeekdayOf(ms)).toBe(weekdays[parts.weekday as keyof typeof weekdays]);
    }
  });

  it('numbers fast draws by their slot of the ICT day, across midnight', () => {
    const draws = drawsAfter(gameOf('FAST_1'), ict('2026-11-26T23:57:30'), { count: 5 });
    expect(draws.map((draw) => draw.numero)).toEqual([
      '202611261439',
      '202611261440',
      '202611270001',
      '202611270002',
      '202611270003',
    ]);
    const midnight = draws[2]!;
    expect(midnight.drawAt).toEqual(ict('2026-11-27T00:00:00'));
    expect(midnight.drawDate).toBe('2026-11-27');
    // Opened at the previous slot's draw, locked 5 s before its own.
    expect(midnight.openAt).toEqual(ict('2026-11-26T23:59:00'));
    expect(midnight.lockAt).toEqual(ict('2026-11-26T23:59:55'));
    // Midnight ICT is 17:00 UTC.
    expect(midnight.drawAt.toISOString()).toBe('2026-11-26T17:00:00.000Z');
  });

  it('lists every fast draw up to the horizon, at least the count, strictly after now', () => {
    const now = ict('2026-11-26T10:05:00');
    const five = drawsAfter(gameOf('FAST_5'), now, { count: 2, until: ict('2026-11-26T10:20:00') });
    expect(five.map((draw) => draw.numero)).toEqual(['202611260123', '202611260124', '202611260125']);
    expect(five[0]!.drawAt).toEqual(ict('2026-11-26T10:10:00'));
    expect(five[0]!.lockAt).toEqual(ict('2026-11-26T10:09:30'));
    const three = drawsAfter(gameOf('FAST_3'), now, { count: 2 });
    expect(three.map((draw) => draw.drawAt)).toEqual([
      ict('2026-11-26T10:06:00'),
      ict('2026-11-26T10:09:00'),
    ]);
    expect(three[0]!.lockAt).toEqual(ict('2026-11-26T10:05:45'));
  });

  it('draws the north every day at 18:15, locked 10 minutes before', () => {
    const draws = drawsAfter(gameOf('MB'), ict('2026-11-26T18:15:00'), { count: 2 });
    expect(draws.map((draw) => draw.numero)).toEqual(['202611270001', '202611280001']);
    expect(draws[0]!.drawAt).toEqual(ict('2026-11-27T18:15:00'));
    expect(draws[0]!.lockAt).toEqual(ict('2026-11-27T18:05:00'));
    expect(draws[0]!.openAt).toEqual(ict('2026-11-26T18:15:00'));
    const before = drawsAfter(gameOf('MB'), ict('2026-11-26T18:14:59'), { count: 1 });
    expect(before[0]!.numero).toBe('202611260001');
  });

  it('draws a station only on its weekdays: TP.HCM on Mondays and Saturdays at 16:15', () => {
    expect(gameOf('HCM').drawDayOfWeek).toBe('2,7');
    // Thursday 26 November 2026.
    const draws = drawsAfter(gameOf('HCM'), ict('2026-11-26T12:00:00'), { count: 4 });
    expect(draws.map((draw) => draw.drawAt)).toEqual([
      ict('2026-11-28T16:15:00'),
      ict('2026-11-30T16:15:00'),
      ict('2026-12-05T16:15:00'),
      ict('2026-12-07T16:15:00'),
    ]);
    expect(draws.map((draw) => ictWeekdayOf(draw.drawAt.getTime()))).toEqual([7, 2, 7, 2]);
    // The Monday draw opens at the Saturday one.
    expect(draws[1]!.openAt).toEqual(ict('2026-11-28T16:15:00'));
    expect(draws[1]!.numero).toBe('202611300001');
  });

  it('draws central stations at 17:15 on theirs (Đà Nẵng: Wednesday and Saturday)', () => {
    const draws = drawsAfter(gameOf('DA_NANG'), ict('2026-11-26T12:00:00'), { count: 2 });
    expect(draws.map((draw) => draw.drawAt)).toEqual([
      ict('2026-11-28T17:15:00'),
      ict('2026-12-02T17:15:00'),
    ]);
  });

  it('has every station of the week (south 22 draws, central 17, each game once)', () => {
    const codes = lotteryGameDefinitions.map((game) => game.gameCode);
    expect(new Set(codes).size).toBe(codes.length);
    const drawsOf = (region: string) =>
      lotteryGameDefinitions
        .filter((game) => game.region === region)
        .reduce((sum, game) => sum + game.drawDayOfWeek.split(',').length, 0);
    expect(drawsOf('south')).toBe(22);
    expect(drawsOf('central')).toBe(17);
  });
});
