/// <reference lib="dom" />
import {
  CLASSIC3X3_LINES,
  CLASSIC3X3_PAYTABLE,
  CLASSIC3X3_REELS,
  CLASSIC3X3_ROWS,
} from '../../maths/classic3x3.ts';
import { windowAt, type LineWin } from '../../maths/slot-reels.ts';
import {
  VIDEO5X3_FREE_SPINS,
  VIDEO5X3_FREE_SPIN_MULTIPLIER,
  VIDEO5X3_LINES,
  VIDEO5X3_LINE_PAYS,
  VIDEO5X3_REELS,
  VIDEO5X3_ROWS,
  VIDEO5X3_SCATTER_PAYS,
} from '../../maths/video5x3.ts';
import { duration, h, replace, sleep, trustedSvg, type Motion } from '../dom.ts';
import type { GameView, ViewContext } from '../game-view.ts';
import type { TextKey } from '../i18n.ts';
import { symbolSvgs } from '../symbols.ts';

interface SlotSpinDetail {
  stops: number[];
  grid: string[][];
  lineWins: LineWin[];
  freeSpinsAwarded?: number;
  scatters?: number;
}

interface SlotSetup {
  reels: readonly (readonly string[])[];
  rows: number;
  lines: readonly (readonly number[])[];
  rules: TextKey;
  paytable(context: ViewContext): Node;
}

function symbolCell(context: ViewContext, symbol: string): HTMLElement {
  const cell = h('div', {
    class: 'hg-cell',
    role: 'img',
    'aria-label': context.t(`symbol_${symbol}` as TextKey),
  });
  cell.appendChild(trustedSvg(symbolSvgs[symbol] ?? ''));
  return cell;
}

/** A slot machine view: reels that spin to the stops the server drew, winning lines lit. */
function slotView(context: ViewContext, setup: SlotSetup): GameView {
  const reelCount = setup.reels.length;
  const grid = h('div', {
    class: `hg-reels hg-reels-${reelCount}`,
    role: 'group',
    'aria-label': context.t('lines', { count: setup.lines.length }),
  });
  const caption = h('p', { class: 'hg-slot-caption', 'aria-live': 'polite' });
  const stage = h('div', { class: 'hg-slot' }, grid, caption);
  const columns: HTMLElement[] = [];

  function drawColumn(reel: number, symbols: readonly string[]) {
    const column = columns[reel];
    if (column)
      replace(
        column,
        symbols.map((symbol) => symbolCell(context, symbol)),
      );
  }

  for (let reel = 0; reel < reelCount; reel += 1) {
    const column = h('div', { class: 'hg-reel' });
    columns.push(column);
    grid.appendChild(column);
  }
  const startStops = setup.reels.map((_, reel) => reel * 3);
  windowAt(setup.reels, startStops, setup.rows).forEach((symbols, reel) => drawColumn(reel, symbols));

  function light(lineWins: LineWin[]) {
    for (const win of lineWins) {
      const rows = setup.lines[win.line - 1];
      if (!rows) continue;
      for (let reel = 0; reel < win.count; reel += 1) {
        columns[reel]?.children[rows[reel] ?? 0]?.classList.add('hg-cell-win');
      }
    }
  }

  async function spinTo(spin: SlotSpinDetail, motion: Motion) {
    const frame = duration(70, motion);
    const frames = frame === 0 ? 0 : 8;
    for (let step = 0; step < frames + reelCount * 2 && frame > 0; step += 1) {
      for (let reel = 0; reel < reelCount; reel += 1) {
        const stopsAt = frames + reel * 2;
        if (step >= stopsAt) continue;
        const strip = setup.reels[reel] ?? [];
        const offset = (spin.stops[reel]! + strip.length - (stopsAt - step)) % strip.length;
        drawColumn(reel, windowAt([strip], [offset], setup.rows)[0] ?? []);
        columns[reel]?.classList.add('hg-reel-moving');
      }
      await sleep(frame);
    }
    spin.grid.forEach((symbols, reel) => {
      drawColumn(reel, symbols);
      columns[reel]?.classList.remove('hg-reel-moving');
    });
    light(spin.lineWins);
  }

  return {
    stage,
    controls: null,
    playLabel: 'spin',
    betLabel: 'bet',
    canAutoplay: true,
    prepare: (bet) => ({ bet, inputs: {} }),
    async present(round, motion) {
      const detail = (round.detail ?? {}) as Record<string, unknown>;
      caption.textContent = '';
      if ('base' in detail) {
        const base = detail.base as SlotSpinDetail;
        await spinTo(base, motion);
        const freeSpins = (detail.freeSpins ?? []) as SlotSpinDetail[];
        for (const [index, spin] of freeSpins.entries()) {
          caption.textContent = `${context.t('freeSpins', {
            count: freeSpins.length,
            multiplier: VIDEO5X3_FREE_SPIN_MULTIPLIER,
          })} · ${index + 1}/${freeSpins.length}`;
          await sleep(duration(500, motion));
          await spinTo(spin, motion);
        }
        if (base.scatters && base.scatters >= 3) {
          caption.textContent = `${context.t('scatterWin', { count: base.scatters })} · ${context.t(
            'freeSpins',
            {
              count: freeSpins.length,
              multiplier: VIDEO5X3_FREE_SPIN_MULTIPLIER,
            },
          )}`;
        }
      } else {
        await spinTo(detail as unknown as SlotSpinDetail, motion);
      }
      const wins =
        ('base' in detail ? (detail.base as SlotSpinDetail).lineWins : (detail.lineWins as LineWin[])) ?? [];
      if (wins.length > 0 && !caption.textContent) {
        caption.textContent = wins
          .map((win) =>
            context.t('lineWin', {
              line: win.line,
              count: win.count,
              symbol: context.t(`symbol_${win.symbol}` as TextKey),
            }),
          )
          .join(' · ');
      }
    },
    rules: () => h('div', null, h('p', null, context.t(setup.rules)), setup.paytable(context)),
  };
}

function payRow(context: ViewContext, symbol: string, ...cells: (string | number)[]) {
  return h(
    'tr',
    null,
    h(
      'th',
      { scope: 'row' },
      h('span', { class: 'hg-pay-symbol' }, trustedSvg(symbolSvgs[symbol] ?? '')),
      ' ',
      context.t(`symbol_${symbol}` as TextKey),
    ),
    cells.map((cell) => h('td', null, String(cell))),
  );
}

export function classicSlotView(context: ViewContext): GameView {
  return slotView(context, {
    reels: CLASSIC3X3_REELS,
    rows: CLASSIC3X3_ROWS,
    lines: CLASSIC3X3_LINES,
    rules: 'slotRulesClassic',
    paytable: () =>
      h(
        'div',
        null,
        h('h3', null, context.t('paytable')),
        h('p', null, context.t('paysInLineBets', { lines: CLASSIC3X3_LINES.length })),
        h(
          'table',
          { class: 'hg-table' },
          h(
            'thead',
            null,
            h(
              'tr',
              null,
              h('th', { scope: 'col' }, ''),
              h('th', { scope: 'col' }, context.t('ofAKind', { count: 3 })),
            ),
          ),
          h(
            'tbody',
            null,
            (['SEVEN', 'BAR', 'BELL', 'PLUM', 'CHERRY'] as const).map((symbol) =>
              payRow(context, symbol, `× ${CLASSIC3X3_PAYTABLE.threeOfAKind[symbol]}`),
            ),
            h(
              'tr',
              null,
              h('th', { scope: 'row' }, context.t('twoCherries')),
              h('td', null, `× ${CLASSIC3X3_PAYTABLE.twoCherries}`),
            ),
            h(
              'tr',
              null,
              h('th', { scope: 'row' }, context.t('anyCherry')),
              h('td', null, `× ${CLASSIC3X3_PAYTABLE.oneCherry}`),
            ),
          ),
        ),
      ),
  });
}

export function videoSlotView(context: ViewContext): GameView {
  return slotView(context, {
    reels: VIDEO5X3_REELS,
    rows: VIDEO5X3_ROWS,
    lines: VIDEO5X3_LINES,
    rules: 'slotRulesVideo',
    paytable: () =>
      h(
        'div',
        null,
        h('h3', null, context.t('paytable')),
        h('p', null, context.t('paysInLineBets', { lines: VIDEO5X3_LINES.length })),
        h(
          'table',
          { class: 'hg-table' },
          h(
            'thead',
            null,
            h(
              'tr',
              null,
              h('th', { scope: 'col' }, ''),
              [3, 4, 5].map((count) => h('th', { scope: 'col' }, `${count}×`)),
            ),
          ),
          h(
            'tbody',
            null,
            Object.entries(VIDEO5X3_LINE_PAYS).map(([symbol, pays]) =>
              payRow(context, symbol, ...pays.map((pay) => `× ${pay}`)),
            ),
            payRow(context, 'SCATTER', ...VIDEO5X3_SCATTER_PAYS.map((pay) => `${pay} × ${context.t('bet')}`)),
          ),
        ),
        h(
          'p',
          null,
          context.t('freeSpins', { count: VIDEO5X3_FREE_SPINS, multiplier: VIDEO5X3_FREE_SPIN_MULTIPLIER }),
        ),
      ),
  });
}
