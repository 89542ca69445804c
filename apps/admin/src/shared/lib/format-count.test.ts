import { describe, expect, it } from 'vitest';
import { formatCount } from './format.ts';

describe("the back office's figures", () => {
  it('groups counts in English with Latin digits, as the pages wrote them before', () => {
    for (const value of [0, 7, 999, 1_000, 12_345, 1_234_567, -4_200]) {
      expect(formatCount(value)).toBe(value.toLocaleString('en'));
    }
    expect(formatCount(12_345)).toBe('12,345');
  });

  it('writes a rate with its decimals', () => {
    expect(formatCount(12.5, 2)).toBe('12.50');
    expect(formatCount(0.25, 2)).toBe((0.25).toFixed(2));
    expect(formatCount(2_500 / 100, 2)).toBe('25.00');
  });
});
