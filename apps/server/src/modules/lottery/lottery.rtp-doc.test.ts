import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { lotteryRegions, playTypes, playTypesOf, rtpText, type LotteryRegion } from '@khela/contract';
import { defaultOdds } from './lottery.games.ts';

/**
 * docs/lottery.md gives the default odds and RTP of every play type in every region in one table
 * (issue 36 item 7); this test computes each cell with lottery-rtp.ts from the odds the server writes
 * (defaultOdds) and fails when the doc differs, when a play type or region is missing, or when the
 * doc shows a play type where the region does not offer it.
 */
const doc = readFileSync(new URL('../../../../../docs/lottery.md', import.meta.url), 'utf8');

function docTable(): { regions: string[]; rows: Map<string, string[]> } {
  const lines = doc.split('\n');
  const head = lines.findIndex((line) => /^\| Play type \| North \| Fast \| Central \| South \|$/.test(line));
  if (head < 0)
    throw new Error('docs/lottery.md has no "| Play type | North | Fast | Central | South |" table');
  const regions = ['north', 'fast', 'central', 'south'];
  const rows = new Map<string, string[]>();
  for (const line of lines.slice(head + 2)) {
    if (!line.startsWith('|')) break;
    const cells = line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim());
    rows.set(cells[0] ?? '', cells.slice(1));
  }
  return { regions, rows };
}

/** "3.5 → 94.50 %": the odds as written (no trailing zeros) and the RTP rounded down to 0.01 %. */
function cellOf(region: LotteryRegion, playType: (typeof playTypes)[number]): string {
  const line = defaultOdds[region][playType];
  if (!playTypesOf(region).includes(playType) || !line) return '–';
  return `${line.odds} → ${rtpText(region, playType, Math.round(line.odds * 1000))} %`;
}

describe("docs/lottery.md's RTP table", () => {
  const { regions, rows } = docTable();

  it('lists every play type once, in every region', () => {
    expect([...rows.keys()].sort()).toEqual([...playTypes].sort());
    expect([...regions].sort()).toEqual([...lotteryRegions].sort());
  });

  it.each([...playTypes])('%s: the odds and RTP the code computes', (playType) => {
    const expected = regions.map((region) => cellOf(region as LotteryRegion, playType));
    expect(rows.get(playType)).toEqual(expected);
  });

  it('has default odds for every play type a region offers, and none it does not', () => {
    for (const region of lotteryRegions) {
      expect(Object.keys(defaultOdds[region]).sort(), region).toEqual([...playTypesOf(region)].sort());
    }
  });
});
