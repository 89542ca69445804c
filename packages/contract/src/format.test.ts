import { describe, expect, it } from 'vitest';
import {
  currencySign,
  formatDateTime,
  formatMinorMoney,
  formatMoney,
  formatMoneyText,
  formatMomentWithZone,
  inPageDigits,
  pluralCategory,
} from './format.ts';

const latin = { language: 'BN', bengaliDigits: false } as const;
const bengali = { language: 'BN', bengaliDigits: true } as const;

describe('the one formatting layer', () => {
  it('writes money with the sign before the number and the minus before the sign, in the brand digits', () => {
    expect(formatMoney(985.13, { ...latin, symbol: '৳', precision: 2 })).toBe('৳985.13');
    expect(formatMoney(985.13, { ...bengali, symbol: '৳', precision: 2 })).toBe('৳৯৮৫.১৩');
    expect(formatMoneyText('-40.00', { ...latin, symbol: '৳', precision: 2 })).toBe('-৳40.00');
    expect(formatMinorMoney(-4_000n, { ...latin, symbol: '৳', precision: 2 })).toBe('-৳40.00');
    expect(formatMinorMoney(5, { ...latin, symbol: '৳', precision: 2 })).toBe('৳0.05');
    expect(
      formatMinorMoney(123_456_789, { language: 'EN', bengaliDigits: true, symbol: '₫', precision: 0 }),
    ).toBe('₫123,456,789');
    expect(currencySign('BDT')).toBe('৳');
    expect(currencySign('XYZ')).toBe('XYZ');
  });

  it("turns a Bengali text's digits into the brand's choice", () => {
    expect(inPageDigits('গত ৩০ দিন', latin)).toBe('গত 30 দিন');
    expect(inPageDigits('গত ৩০ দিন', bengali)).toBe('গত ৩০ দিন');
    // Latin digits in a catalogue text may be a name (SHA-256): kept unless asked for all.
    expect(inPageDigits('SHA-256', bengali)).toBe('SHA-256');
    expect(inPageDigits('05:40', bengali, true)).toBe('০৫:৪০');
  });

  it("writes moments on the brand's clock in one digit system, the zone named where asked", () => {
    const at = Date.UTC(2026, 11, 6, 0, 4);
    const options = { ...latin, timeZone: 'Asia/Dhaka' };
    expect(formatDateTime(at, options)).toBe('2026-12-06 06:04:00');
    const words = formatMomentWithZone(at, options);
    expect(words).not.toMatch(/[\u09e6-\u09ef]/);
    expect(words).toMatch(/GMT\s?\+6/);
    expect(formatMomentWithZone(at, { ...bengali, timeZone: 'Asia/Dhaka' })).not.toMatch(/[0-9]/);
  });

  it("takes plural categories from Intl's rules of the language", () => {
    expect(pluralCategory(1, 'EN')).toBe('one');
    expect(pluralCategory(2, 'EN')).toBe('other');
    expect(pluralCategory(1, 'JA')).toBe('other');
  });
});
