import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * The demo brand shows Latin digits (whitelabel bengaliDigits false, docs/design.md): what the seed
 * writes for it in Bengali (help pages, announcements, lottery game names) has no Bengali digit, so a
 * Bengali page never shows "(১৮+)" beside "৳0.00" (issue 38: one digit system per screen).
 */
const seeded = [
  new URL('./content.seed-texts.ts', import.meta.url),
  new URL('./content.seed.ts', import.meta.url),
  new URL('../lottery/lottery.games.ts', import.meta.url),
];

describe("the demo brand's seeded Bengali texts", () => {
  it.each(seeded.map((url) => [url.pathname.split('/').slice(-2).join('/'), url] as const))(
    '%s writes Latin digits',
    (_name, url) => {
      const lines = readFileSync(url, 'utf8')
        .split('\n')
        .filter((line) => /[\u09e6-\u09ef]/.test(line));
      expect(lines).toEqual([]);
    },
  );
});
