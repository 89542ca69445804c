import { describe, expect, it } from 'vitest';

const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../test/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

function importsOf(code: string): string[] {
  return [
    ...code.matchAll(/(?:import|export)[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g),
  ].map((match) => match[1] ?? match[2] ?? '');
}

/** Layers from STYLE.md (bulletproof-react): shared → features → app, never backwards. */
const forbidden: Record<string, RegExp> = {
  '../shared/': /(^|\/)(features|app)\//,
  '../features/': /(^|\/)app\//,
  '../locales/': /(^|\/)app\//,
};

describe('import flow', () => {
  it('keeps imports flowing shared → features → app', () => {
    const violations: string[] = [];
    for (const [file, code] of Object.entries(sources)) {
      const layer = Object.keys(forbidden).find((prefix) => file.startsWith(prefix));
      if (!layer) continue;
      for (const target of importsOf(code)) {
        if (target.startsWith('.') && forbidden[layer]?.test(target)) violations.push(`${file} → ${target}`);
      }
    }
    expect(violations).toEqual([]);
  });
});
