import { afterEach, describe, expect, it } from 'vitest';
import { formatMoney as siteMoney } from '@khela/contract/format';
import { formatMoney, formatMultiplier, setPageDigits } from './money.ts';
import { translator } from './i18n.ts';

afterEach(() => setPageDigits(undefined));

describe("the game page's figures", () => {
  it("write money as the site's header does: the sign before the number, in the site's digits", () => {
    // Before: Intl's Bengali currency style, "৯৮৫.১৩৳" under a header showing "৳985.13".
    expect(formatMoney(98_513, 'BDT', 'bn')).toBe('৳985.13');
    expect(formatMoney(98_513, 'BDT', 'bn')).toBe(
      siteMoney(985.13, { language: 'BN', bengaliDigits: false, symbol: '৳', precision: 2 }),
    );
    expect(formatMoney(-4_000, 'BDT', 'en')).toBe('-৳40.00');
    setPageDigits('beng');
    expect(formatMoney(98_513, 'BDT', 'bn')).toBe('৳৯৮৫.১৩');
    expect(formatMoney(98_513, 'BDT', 'en')).toBe('৳985.13');
  });

  it('write the texts of a Bengali page in one digit system', () => {
    const bn = translator('bn');
    setPageDigits('latn');
    expect(formatMultiplier(2, 'bn')).toBe('2.00×');
    expect(bn('diceRolled', { roll: '12.50' })).not.toMatch(/[\u09e6-\u09ef]/);
    setPageDigits('beng');
    expect(formatMultiplier(2, 'bn')).toBe('২.০০×');
  });
});
