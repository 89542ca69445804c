/// <reference lib="dom" />
import { DICE_MAX_WINNING_ROLLS, DICE_MIN_WINNING_ROLLS, diceWinningRolls } from '../../maths/dice.ts';
import { duration, h, sleep } from '../dom.ts';
import type { GameView, ViewContext } from '../game-view.ts';
import { formatMultiplier, formatNumber } from '../money.ts';

/** Dice: a target slider, under/over, and the roll shown on a 0–100 track. */
export function diceView(context: ViewContext): GameView {
  const { t, lang } = context;
  let direction: 'under' | 'over' = 'under';
  let target = 5000;

  const rollText = h('output', { class: 'hg-dice-roll', 'aria-live': 'polite' }, formatNumber(50, lang));
  const targetMark = h('span', { class: 'hg-dice-target' });
  const rollMark = h('span', { class: 'hg-dice-mark', hidden: true });
  const track = h(
    'div',
    { class: 'hg-dice-track', 'aria-hidden': 'true' },
    h('span', { class: 'hg-dice-win' }),
    targetMark,
    rollMark,
  );
  const stage = h('div', { class: 'hg-dice' }, rollText, track);

  const slider = h('input', {
    type: 'range',
    id: 'hg-dice-target',
    min: 100,
    max: 9899,
    step: 1,
    value: target,
    onInput: () => {
      target = Number(slider.value);
      update();
    },
  });
  const targetValue = h('output', { for: 'hg-dice-target', class: 'hg-value' });
  const chance = h('output', { class: 'hg-value' });
  const multiplier = h('output', { class: 'hg-value' });
  const under = h(
    'button',
    { type: 'button', class: 'hg-toggle', onClick: () => setDirection('under') },
    t('diceUnder'),
  );
  const over = h(
    'button',
    { type: 'button', class: 'hg-toggle', onClick: () => setDirection('over') },
    t('diceOver'),
  );

  function clampTarget() {
    // Keep the win chance within the game's 1 % … 98 %.
    const low = direction === 'under' ? DICE_MIN_WINNING_ROLLS : 9999 - DICE_MAX_WINNING_ROLLS;
    const high = direction === 'under' ? DICE_MAX_WINNING_ROLLS : 9999 - DICE_MIN_WINNING_ROLLS;
    slider.min = String(low);
    slider.max = String(high);
    target = Math.min(high, Math.max(low, target));
    slider.value = String(target);
  }

  function setDirection(next: 'under' | 'over') {
    direction = next;
    update();
  }

  function update() {
    clampTarget();
    const winning = diceWinningRolls(target, direction);
    under.setAttribute('aria-pressed', String(direction === 'under'));
    over.setAttribute('aria-pressed', String(direction === 'over'));
    targetValue.textContent = formatNumber(target / 100, lang);
    chance.textContent = `${formatNumber(winning / 100, lang)} %`;
    multiplier.textContent = formatMultiplier(9900 / winning, lang);
    const percent = target / 100;
    targetMark.style.left = `${percent}%`;
    const win = track.firstElementChild as HTMLElement;
    win.style.left = direction === 'under' ? '0' : `${percent}%`;
    win.style.width = direction === 'under' ? `${percent}%` : `${100 - percent}%`;
    context.changed();
  }

  const controls = h(
    'div',
    { class: 'hg-fields' },
    h('div', { class: 'hg-segmented', role: 'group', 'aria-label': t('diceTarget') }, under, over),
    h('label', { class: 'hg-field', for: 'hg-dice-target' }, h('span', null, t('diceTarget')), targetValue),
    slider,
    h(
      'div',
      { class: 'hg-stats' },
      h('span', null, t('winChance'), ' ', chance),
      h('span', null, t('multiplier'), ' ', multiplier),
    ),
  );
  update();

  return {
    stage,
    controls,
    playLabel: 'roll',
    betLabel: 'bet',
    canAutoplay: true,
    prepare: (bet) => ({ bet, inputs: { target, direction } }),
    async present(round, motion) {
      const detail = round.detail as { roll: number; won: boolean };
      const steps = duration(40, motion) === 0 ? 0 : 10;
      rollMark.hidden = false;
      for (let step = 1; step <= steps; step += 1) {
        // Eases towards the roll (no randomness needed for a flourish).
        const shown = Math.round((detail.roll * step) / steps);
        rollText.textContent = formatNumber(shown / 100, lang);
        rollMark.style.left = `${shown / 100}%`;
        await sleep(duration(40, motion));
      }
      rollText.textContent = formatNumber(detail.roll / 100, lang);
      rollMark.style.left = `${detail.roll / 100}%`;
      stage.classList.toggle('hg-won', detail.won);
      stage.classList.toggle('hg-lost', !detail.won);
    },
    rules: () => h('p', null, t('diceRules')),
  };
}
