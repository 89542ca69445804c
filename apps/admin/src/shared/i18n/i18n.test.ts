import { describe, expect, it } from 'vitest';
import { catalogue, fill, mergeCatalogues, t } from './i18n.ts';
import { errorCatalogue } from '@khela/contract';

describe('the back office texts', () => {
  it('fills placeholders and reads an unknown key back as itself', () => {
    expect(fill('Hello {{name}}, {{ other }}', { name: 'A' })).toBe('Hello A, {{ other }}');
    expect(t('shell_home_title', { name: 'Ana' })).toBe('Welcome, Ana');
    expect(t('A sentence already translated.')).toBe('A sentence already translated.');
  });

  it("merges the areas' catalogues under the shell's (the shell's key wins)", () => {
    const merged = mergeCatalogues({ shell_x: 'shell' }, [
      { players_a: 'a', shell_x: 'area' },
      { money_b: 'b' },
    ]);
    expect(merged).toEqual({ shell_x: 'shell', players_a: 'a', money_b: 'b' });
  });

  it('has a sentence for every error code of the contract', () => {
    const missing = Object.values(errorCatalogue)
      .map((entry) => entry.message)
      .filter((key) => !Object.hasOwn(catalogue, key));
    expect(missing).toEqual([]);
  });

  it('has a text for every shell key the code uses', async () => {
    const sources = import.meta.glob<string>('../../**/*.{ts,tsx}', { query: '?raw', import: 'default' });
    const used = new Set<string>();
    for (const [file, load] of Object.entries(sources)) {
      if (file.includes('.test.') || file.includes('/areas/')) continue;
      for (const match of (await load()).matchAll(/'(shell_[a-z_]+)'/g)) used.add(match[1]!);
    }
    expect([...used].filter((key) => !Object.hasOwn(catalogue, key))).toEqual([]);
  });
});
