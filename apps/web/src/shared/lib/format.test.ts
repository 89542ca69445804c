import { describe, expect, it } from 'vitest';
import {
  formatAmountText,
  formatDate,
  formatDateTime,
  formatMoney,
  formatNumber,
  toBengaliDigits,
} from './format.ts';

const at = new Date(2026, 2, 5, 7, 8, 9).getTime();

describe('format helpers', () => {
  it('writes announcement dates as YYYY-MM-DD HH:mm:ss, in Bengali digits only when the brand asks', () => {
    expect(formatDateTime(at, { language: 'EN', bengaliDigits: true })).toBe('2026-03-05 07:08:09');
    expect(formatDateTime(at, { language: 'BN', bengaliDigits: false })).toBe('2026-03-05 07:08:09');
    expect(formatDateTime(at, { language: 'BN', bengaliDigits: true })).toBe('২০২৬-০৩-০৫ ০৭:০৮:০৯');
  });

  it('groups numbers per language (Bengali lakh grouping) and switches digits by the brand setting', () => {
    expect(formatNumber(12345678, { language: 'EN', bengaliDigits: false })).toBe('12,345,678');
    expect(formatNumber(12345678, { language: 'BN', bengaliDigits: false })).toBe('1,23,45,678');
    expect(formatNumber(12345678, { language: 'BN', bengaliDigits: true })).toBe('১,২৩,৪৫,৬৭৮');
    expect(formatNumber(1234.5, { language: 'VI', bengaliDigits: true }, 2)).toBe('1.234,50');
  });

  it('writes money with the brand symbol and precision', () => {
    expect(formatMoney(1234.5, { language: 'EN', bengaliDigits: false, symbol: '৳', precision: 2 })).toBe(
      '৳1,234.50',
    );
  });

  it('formats API amounts (decimal strings) exactly, beyond what a float holds', () => {
    const options = { language: 'EN', bengaliDigits: false } as const;
    expect(formatAmountText('1234567.50', options, 2)).toBe('1,234,567.50');
    expect(formatAmountText('90071992547409.93', options, 2)).toBe('90,071,992,547,409.93');
    expect(formatAmountText('-40.00', { language: 'BN', bengaliDigits: true }, 2)).toBe('-৪০.০০');
  });

  it('writes dates in words per language', () => {
    expect(formatDate(at, { language: 'EN', bengaliDigits: false })).toBe('Mar 5, 2026');
    expect(formatDate(at, { language: 'JA', bengaliDigits: false })).toBe('2026/03/05');
    expect(toBengaliDigits('2026')).toBe('২০২৬');
  });
});
