/// <reference lib="dom" />
import type { RoundView } from './api.ts';
import type { Motion } from './dom.ts';
import type { TextKey, Translate } from './i18n.ts';

/** What the page shell gives a game's view. */
export interface ViewContext {
  t: Translate;
  lang: string;
  /** Money in the player's currency (minor units in). */
  money(minor: number): string;
  /** The bet selector's value: the stake, or for the tables the chip. */
  bet(): number;
  /** The view's own choices changed (chips placed…): the shell redraws the total and buttons. */
  changed(): void;
  /** Sends a step of the open round (mines); the shell shows errors and the result. */
  step(action: Record<string, unknown>): Promise<void>;
}

/** One game's part of the page: its stage, its own controls, and how it shows a round. */
export interface GameView {
  stage: HTMLElement;
  /** Choices above the play button (target, mines count…), or null. */
  controls: HTMLElement | null;
  playLabel: TextKey;
  /** The tables use the bet selector as a chip value. */
  betLabel: 'bet' | 'chip';
  canAutoplay: boolean;
  /** The next round's request, or why it cannot be played yet. */
  prepare(bet: number): { bet: number; inputs: Record<string, unknown> } | { problem: TextKey };
  /** Shows a round's outcome (animated unless motion is reduced). */
  present(round: RoundView, motion: Motion): Promise<void>;
  /** Multi-step games: shows an open round and what the play button does meanwhile. */
  showOpen?(round: RoundView): void;
  openAction?(round: RoundView): { label: string; action: Record<string, unknown> } | null;
  rules(): Node;
}
