import { describe, expect, it } from 'vitest';
import { roundGameText, roundIdText } from './activity-tab.tsx';

describe("a member's rounds in words", () => {
  it('names the game, its vendor and category, and a lottery bet as a bet', () => {
    // Before: "TCG_SEA · ELOTT" and "L320".
    expect(roundGameText({ gameName: 'Fast 1 minute', vendorName: 'Fast Lottery', gameType: 'ELOTT' })).toBe(
      'Fast 1 minute · Fast Lottery · E-lottery',
    );
    expect(roundGameText({ gameName: null, vendorName: 'Khela Tables', gameType: 'NEW' })).toBe(
      'Khela Tables · NEW',
    );
    expect(roundIdText({ roundId: 'L320', vendor: 'TCG_SEA' })).toBe('Lottery bet 320');
    expect(roundIdText({ roundId: 'L320', vendor: 'KHELA' })).toBe('L320');
  });
});
