import { describe, expect, it } from 'vitest';
import { translator } from './i18n.ts';
import { summarize } from './summaries.ts';
import { setPageDigits } from './money.ts';

describe('round summaries', () => {
  it('counts the paying lines in the singular and the plural, in either language', () => {
    const en = translator('en');
    const bn = translator('bn');
    const classic = (count: number) => ({ lineWins: Array.from({ length: count }, (_, line) => ({ line })) });
    expect(summarize('classic3x3', classic(1), en, 'en')).toBe('1 line ✓');
    expect(summarize('classic3x3', classic(2), en, 'en')).toBe('2 lines ✓');
    expect(summarize('classic3x3', classic(0), en, 'en')).toBe('');
    // In the site's digits: Latin unless the launch asked for Bengali ones.
    expect(summarize('classic3x3', classic(1), bn, 'bn')).toBe('1 লাইন ✓');
    setPageDigits('beng');
    expect(summarize('classic3x3', classic(1), bn, 'bn')).toBe('১ লাইন ✓');
    setPageDigits(undefined);
    expect(summarize('video5x3', { base: classic(1) }, en, 'en')).toBe('1 line ✓');
    expect(
      summarize(
        'video5x3',
        { base: classic(3), freeSpins: Array.from({ length: 10 }, () => ({})) },
        en,
        'en',
      ),
    ).toBe('3 lines ✓ · 10 free spins, wins × 2');
  });
});
