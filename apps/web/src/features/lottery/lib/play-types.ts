import { selectionRules, type PlayType } from '@khela/contract/lottery-draw';
import { choiceKeys, playTypeHelpKeys } from './texts.ts';

/** How a play type's selection is picked on screen. */
export type PickerKind = 'grid100' | 'digits10' | 'choice' | 'typed';

export function pickerKindOf(playType: PlayType): PickerKind {
  switch (playType) {
    case 'lo2':
    case 'de':
    case 'dau_g8':
    case 'duoi_db':
    case 'xien2':
    case 'xien3':
    case 'xien4':
      return 'grid100';
    case 'dau':
    case 'duoi':
    case 'sum':
      return 'digits10';
    case 'big_small':
    case 'odd_even':
      return 'choice';
    case 'lo3':
    case 'lo4':
    case 'ba_cang':
    case 'xiu_chu':
      return 'typed';
  }
}

/** The choices of a big/small or odd/even bet. */
export function choicesOf(playType: PlayType): string[] {
  return playType === 'big_small' ? ['big', 'small'] : playType === 'odd_even' ? ['odd', 'even'] : [];
}

/** Digits of a typed selection (lô 3 số, 3 càng, xỉu chủ: 3; lô 4 số: 4). */
export function typedDigitsOf(playType: PlayType): number {
  return playType === 'lo4' ? 4 : 3;
}

/** Numbers one xiên bet takes together (2–4), or null for the other types (one number a bet). */
export function xienSizeOf(playType: PlayType): number | null {
  const perBet = selectionRules[playType].perBet;
  return perBet > 1 ? perBet : null;
}

/**
 * The text keys of a play type's name (the contract's playTypeNameKey: with the game's region, the
 * name the region's market uses, lô being bao lô in the centre and south) and its one-line rule
 * (docs/lottery.md).
 */
export { playTypeNameKey } from '@khela/contract/lottery-names';
export function playTypeHelpKey(playType: PlayType): string {
  return playTypeHelpKeys[playType];
}

/** The text key of a big/small/odd/even choice. */
export function choiceKey(choice: string): string {
  return choiceKeys[choice] ?? choice;
}

/** Does a selection typed by hand fit the play type's rule (pattern of lottery-draw.ts)? */
export function isValidSelection(playType: PlayType, text: string): boolean {
  return selectionRules[playType].pattern.test(text);
}
