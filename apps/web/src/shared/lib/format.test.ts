import { describe, expect, it } from 'vitest';
import {
  formatAmountText,
  formatDate,
  formatDateTime,
  formatMoney,
  formatNumber,
  formatTimeOfDay,
  formatZone,
  toBengaliDigits,
} from './format.ts';

// 07:08:09 in Dhaka (UTC+6): pages show the brand's clock, whatever the browser's zone.
const at = Date.UTC(2026, 2, 5, 1, 8, 9);
const tz = 'Asia/Dhaka';

describe('format helpers', () => {
  it('writes announcement dates as YYYY-MM-DD HH:mm:ss, in Bengali digits only when the brand asks', () => {
    expect(formatDateTime(at, { language: 'EN', bengaliDigits: true, timeZone: tz })).toBe(
      '2026-03-05 07:08:09',
    );
    expect(formatDateTime(at, { language: 'BN', bengaliDigits: false, timeZone: tz })).toBe(
      '2026-03-05 07:08:09',
    );
    expect(formatDateTime(at, { language: 'BN', bengaliDigits: true, timeZone: tz })).toBe(
      '২০২৬-০৩-০৫ ০৭:০৮:০৯',
    );
  });

  it('groups numbers per language (Bengali lakh grouping) and switches digits by the brand setting', () => {
    expect(formatNumber(12345678, { language: 'EN', bengaliDigits: false, timeZone: tz })).toBe('12,345,678');
    expect(formatNumber(12345678, { language: 'BN', bengaliDigits: false, timeZone: tz })).toBe(
      '1,23,45,678',
    );
    expect(formatNumber(12345678, { language: 'BN', bengaliDigits: true, timeZone: tz })).toBe('১,২৩,৪৫,৬৭৮');
    expect(formatNumber(1234.5, { language: 'VI', bengaliDigits: true, timeZone: tz }, 2)).toBe('1.234,50');
  });

  it('writes money with the brand symbol and precision', () => {
    expect(
      formatMoney(1234.5, { language: 'EN', bengaliDigits: false, timeZone: tz, symbol: '৳', precision: 2 }),
    ).toBe('৳1,234.50');
  });

  it('formats API amounts (decimal strings) exactly, beyond what a float holds', () => {
    const options = { language: 'EN', bengaliDigits: false, timeZone: tz } as const;
    expect(formatAmountText('1234567.50', options, 2)).toBe('1,234,567.50');
    expect(formatAmountText('90071992547409.93', options, 2)).toBe('90,071,992,547,409.93');
    expect(formatAmountText('-40.00', { language: 'BN', bengaliDigits: true, timeZone: tz }, 2)).toBe(
      '-৪০.০০',
    );
  });

  it('writes dates in words per language', () => {
    expect(formatDate(at, { language: 'EN', bengaliDigits: false, timeZone: tz })).toBe('Mar 5, 2026');
    expect(formatDate(at, { language: 'JA', bengaliDigits: false, timeZone: tz })).toBe('2026/03/05');
    expect(toBengaliDigits('2026')).toBe('২০২৬');
  });

  it("shows times on the brand's clock and names its zone", () => {
    const late = Date.UTC(2026, 11, 5, 23, 40); // 05:40 on the 6th in Dhaka
    expect(formatDateTime(late, { language: 'EN', bengaliDigits: false, timeZone: tz })).toBe(
      '2026-12-06 05:40:00',
    );
    expect(formatDateTime(late, { language: 'EN', bengaliDigits: false, timeZone: 'UTC' })).toBe(
      '2026-12-05 23:40:00',
    );
    expect(formatTimeOfDay(late, { language: 'BN', bengaliDigits: true, timeZone: tz })).toBe('০৫:৪০');
    expect(formatDate(late, { language: 'EN', bengaliDigits: false, timeZone: tz })).toBe('Dec 6, 2026');
    expect(formatZone({ language: 'EN', bengaliDigits: false, timeZone: tz }, late)).toBe(
      'Asia/Dhaka (GMT+6)',
    );
    expect(formatZone({ language: 'BN', bengaliDigits: true, timeZone: 'Asia/Kathmandu' }, late)).toBe(
      'Asia/Kathmandu (GMT+৫:৪৫)',
    );
  });
});
