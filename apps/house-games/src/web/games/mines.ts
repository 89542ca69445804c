/// <reference lib="dom" />
import { MINES_TILES } from '../../maths/mines.ts';
import { h, trustedSvg } from '../dom.ts';
import type { RoundView } from '../api.ts';
import type { GameView, ViewContext } from '../game-view.ts';
import { formatMultiplier } from '../money.ts';

const gemSvg =
  '<svg viewBox="0 0 40 40" width="100%" height="100%" focusable="false"><path d="M8 15l6-7h12l6 7-12 17z" fill="#26c6da" stroke="#00838f"/><path d="M8 15h24M14 8l6 24 6-24" stroke="#00838f" fill="none"/></svg>';
const mineSvg =
  '<svg viewBox="0 0 40 40" width="100%" height="100%" focusable="false"><circle cx="19" cy="22" r="11" fill="#263238"/><path d="M26 14l4-4" stroke="#ff7043" stroke-width="3"/><circle cx="15" cy="18" r="3" fill="#78909c"/></svg>';

interface MinesOpenView {
  mines: number;
  revealed: number[];
  safeReveals: number;
  multiplier: number;
  nextMultiplier: number;
}

/** Mines: a 5 × 5 board of buttons; the round stays open on the server between clicks. */
export function minesView(context: ViewContext): GameView {
  const { t, lang } = context;
  let mineCount = 3;
  let isOpen = false;
  let pending = false;

  const info = h('p', { class: 'hg-mines-info', 'aria-live': 'polite' }, t('minesPick'));
  const tiles: HTMLButtonElement[] = [];
  const board = h('div', { class: 'hg-mines-board', role: 'group', 'aria-label': t('minesCount') });
  for (let tile = 0; tile < MINES_TILES; tile += 1) {
    const button = h('button', {
      type: 'button',
      class: 'hg-tile',
      disabled: true,
      'aria-label': `${t('tile', { n: tile + 1 })}, ${t('tileHidden')}`,
      onClick: () => void reveal(tile),
    });
    tiles.push(button);
    board.appendChild(button);
  }
  const stage = h('div', { class: 'hg-mines' }, board, info);

  const select = h(
    'select',
    {
      id: 'hg-mines-count',
      onChange: () => {
        mineCount = Number(select.value);
        context.changed();
      },
    },
    Array.from({ length: 24 }, (_, index) =>
      h('option', { value: index + 1, selected: index + 1 === mineCount }, String(index + 1)),
    ),
  );
  const controls = h(
    'div',
    { class: 'hg-fields' },
    h('label', { class: 'hg-field', for: 'hg-mines-count' }, h('span', null, t('minesCount')), select),
  );

  async function reveal(tile: number) {
    if (!isOpen || pending) return;
    pending = true;
    tiles[tile]?.classList.add('hg-tile-pending');
    try {
      await context.step({ reveal: tile });
    } finally {
      pending = false;
      tiles[tile]?.classList.remove('hg-tile-pending');
    }
  }

  function paint(tile: number, kind: 'hidden' | 'safe' | 'mine', isHit = false) {
    const button = tiles[tile];
    if (!button) return;
    button.replaceChildren();
    button.className = `hg-tile hg-tile-${kind}${isHit ? ' hg-tile-hit' : ''}`;
    if (kind !== 'hidden') button.appendChild(trustedSvg(kind === 'mine' ? mineSvg : gemSvg));
    const label = kind === 'hidden' ? t('tileHidden') : kind === 'mine' ? t('tileMine') : t('tileSafe');
    button.setAttribute('aria-label', `${t('tile', { n: tile + 1 })}, ${label}`);
  }

  return {
    stage,
    controls,
    playLabel: 'start',
    betLabel: 'bet',
    canAutoplay: false,
    prepare: (bet) => ({ bet, inputs: { mines: mineCount } }),
    showOpen(round: RoundView) {
      const view = round.detail as unknown as MinesOpenView;
      isOpen = true;
      select.disabled = true;
      tiles.forEach((button, tile) => {
        const isRevealed = view.revealed.includes(tile);
        paint(tile, isRevealed ? 'safe' : 'hidden');
        button.disabled = isRevealed;
      });
      info.textContent =
        view.safeReveals === 0
          ? t('minesPick')
          : `${formatMultiplier(view.multiplier, lang)} · ${t('minesNext', { value: formatMultiplier(view.nextMultiplier, lang) })}`;
    },
    openAction(round: RoundView) {
      const view = round.detail as unknown as MinesOpenView;
      if (view.safeReveals === 0) return null;
      const amount = Math.floor(round.stake * view.multiplier);
      return { label: t('cashOut', { amount: context.money(amount) }), action: { cashout: true } };
    },
    async present(round) {
      const detail = round.detail as {
        layout: number[];
        revealed: number[];
        hitMine: boolean;
        multiplier: number;
      };
      isOpen = false;
      select.disabled = false;
      const hit = detail.hitMine ? detail.revealed[detail.revealed.length - 1] : undefined;
      tiles.forEach((button, tile) => {
        const isMineTile = detail.layout.includes(tile);
        paint(tile, isMineTile ? 'mine' : 'safe', tile === hit);
        if (!detail.revealed.includes(tile)) button.classList.add('hg-tile-dim');
        button.disabled = true;
      });
      info.textContent = detail.hitMine ? t('minesHit') : formatMultiplier(detail.multiplier, lang);
    },
    rules: () => h('p', null, t('minesRules')),
  };
}
