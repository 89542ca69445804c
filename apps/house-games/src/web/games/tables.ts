/// <reference lib="dom" />
import { BACCARAT_RTP } from '../../maths/baccarat.ts';
import { RED_NUMBERS } from '../../maths/roulette.ts';
import { duration, h, replace, sleep } from '../dom.ts';
import type { GameView, ViewContext } from '../game-view.ts';
import type { TextKey } from '../i18n.ts';
import { formatPercent } from '../money.ts';

/*
 * The two RNG tables. Chips: the bet selector is the chip value; every tap on a betting spot adds
 * one chip there, undo takes the last one back, the round's bet is the sum of the chips.
 */

interface Chips<Spot> {
  add(spot: Spot, amount: number): void;
  undo(): void;
  clear(): void;
  total(): number;
  amountOn(spot: Spot): number;
  entries(): [Spot, number][];
}

function chips<Spot>(): Chips<Spot> {
  const placed: [Spot, number][] = [];
  return {
    add: (spot, amount) => void placed.push([spot, amount]),
    undo: () => void placed.pop(),
    clear: () => void placed.splice(0),
    total: () => placed.reduce((sum, [, amount]) => sum + amount, 0),
    amountOn: (spot) => placed.reduce((sum, [where, amount]) => (where === spot ? sum + amount : sum), 0),
    entries() {
      const sums = new Map<Spot, number>();
      for (const [spot, amount] of placed) sums.set(spot, (sums.get(spot) ?? 0) + amount);
      return [...sums.entries()];
    },
  };
}

function chipButtons(context: ViewContext, onChange: () => void, board: Chips<unknown>) {
  return h(
    'div',
    { class: 'hg-chip-actions' },
    h(
      'button',
      { type: 'button', class: 'hg-secondary', onClick: () => (board.undo(), onChange()) },
      context.t('undo'),
    ),
    h(
      'button',
      { type: 'button', class: 'hg-secondary', onClick: () => (board.clear(), onChange()) },
      context.t('clearBets'),
    ),
  );
}

const wheelOrder = [
  0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14, 31, 9, 22,
  18, 29, 7, 28, 12, 35, 3, 26,
];

type RouletteSpot =
  | `straight:${number}`
  | `dozen:${1 | 2 | 3}`
  | `column:${1 | 2 | 3}`
  | 'red'
  | 'black'
  | 'odd'
  | 'even'
  | 'low'
  | 'high';

function rouletteBetOf(spot: RouletteSpot, amount: number): Record<string, unknown> {
  const [kind, value] = spot.split(':');
  if (kind === 'straight') return { kind, numbers: [Number(value)], amount };
  if (kind === 'dozen' || kind === 'column') return { kind, index: Number(value), amount };
  return { kind, amount };
}

const colorClass = (number: number) =>
  number === 0 ? 'hg-green' : RED_NUMBERS.has(number) ? 'hg-red' : 'hg-black';

export function rouletteView(context: ViewContext): GameView {
  const { t } = context;
  const board = chips<RouletteSpot>();
  const ball = h('output', { class: 'hg-roulette-ball hg-green', 'aria-live': 'polite' }, '0');
  const strip = h('div', { class: 'hg-roulette-strip', 'aria-hidden': 'true' });
  const stage = h('div', { class: 'hg-roulette' }, ball, strip);
  const spots = new Map<RouletteSpot, HTMLButtonElement>();

  function spot(key: RouletteSpot, label: string, className: string, accessible: string, style?: string) {
    const button = h(
      'button',
      {
        type: 'button',
        class: `hg-spot ${className}`,
        style,
        'aria-label': accessible,
        onClick: () => {
          board.add(key, context.bet());
          redraw();
        },
      },
      h('span', null, label),
      h('span', { class: 'hg-spot-chip' }),
    );
    spots.set(key, button);
    return button;
  }

  function redraw() {
    for (const [key, button] of spots) {
      const amount = board.amountOn(key);
      const badge = button.lastElementChild as HTMLElement;
      badge.textContent = amount > 0 ? context.money(amount) : '';
      button.classList.toggle('hg-spot-on', amount > 0);
    }
    context.changed();
  }

  const numbers = h('div', { class: 'hg-roulette-numbers' });
  numbers.appendChild(spot('straight:0', '0', 'hg-green hg-zero', t('number', { n: 0 })));
  for (let number = 1; number <= 36; number += 1) {
    // Wide screens lay the table out sideways: 3 on top, 1 at the bottom, zero on the left.
    const place = `--c:${Math.ceil(number / 3) + 1};--r:${3 - ((number - 1) % 3)}`;
    numbers.appendChild(
      spot(`straight:${number}`, String(number), colorClass(number), t('number', { n: number }), place),
    );
  }
  const outside = h(
    'div',
    { class: 'hg-roulette-outside' },
    ([1, 2, 3] as const).map((index) =>
      spot(`dozen:${index}`, t('dozen', { n: index }), 'hg-outside', t('dozen', { n: index })),
    ),
    ([1, 2, 3] as const).map((index) =>
      spot(`column:${index}`, t('column', { n: index }), 'hg-outside', t('column', { n: index })),
    ),
    (['low', 'even', 'red', 'black', 'odd', 'high'] as const).map((kind) =>
      spot(
        kind,
        t(kind),
        `hg-outside ${kind === 'red' ? 'hg-red' : kind === 'black' ? 'hg-black' : ''}`,
        t(kind),
      ),
    ),
  );
  const controls = h(
    'div',
    { class: 'hg-fields' },
    h('p', { class: 'hg-hint' }, t('placeChips')),
    h('div', { class: 'hg-roulette-table' }, numbers, outside),
    chipButtons(context, redraw, board as Chips<unknown>),
  );

  return {
    stage,
    controls,
    playLabel: 'spin',
    betLabel: 'chip',
    canAutoplay: true,
    prepare() {
      const total = board.total();
      if (total === 0) return { problem: 'placeChips' };
      return {
        bet: total,
        inputs: { bets: board.entries().map(([key, amount]) => rouletteBetOf(key, amount)) },
      };
    },
    async present(round, motion) {
      const detail = round.detail as { number: number; color: string };
      const landing = wheelOrder.indexOf(detail.number);
      const frame = duration(45, motion);
      const turns = frame === 0 ? 0 : 30;
      for (let step = turns; step > 0; step -= 1) {
        const shown = wheelOrder[(landing - step + wheelOrder.length * 2) % wheelOrder.length] ?? 0;
        ball.textContent = String(shown);
        ball.className = `hg-roulette-ball ${colorClass(shown)}`;
        await sleep(frame + Math.round((30 - step) * frame * 0.08));
      }
      ball.textContent = String(detail.number);
      ball.className = `hg-roulette-ball ${colorClass(detail.number)}`;
      const recent = h(
        'span',
        { class: `hg-strip-number ${colorClass(detail.number)}` },
        String(detail.number),
      );
      strip.prepend(recent);
      while (strip.childElementCount > 12) strip.lastElementChild?.remove();
      for (const [key, button] of spots) {
        const [kind, value] = key.split(':');
        const isWinningNumber = kind === 'straight' && Number(value) === detail.number;
        button.classList.toggle('hg-spot-hit', isWinningNumber);
      }
    },
    rules: () => h('p', null, t('rouletteRules')),
  };
}

type BaccaratSpot = 'player' | 'banker' | 'tie';

const suits: Record<string, string> = { S: '♠', H: '♥', D: '♦', C: '♣' };

function card(name: string) {
  const rank = name.slice(0, -1);
  const suit = name.slice(-1);
  const isRed = suit === 'H' || suit === 'D';
  return h(
    'span',
    {
      class: `hg-card${isRed ? ' hg-card-red' : ''}`,
      role: 'img',
      'aria-label': `${rank}${suits[suit] ?? ''}`,
    },
    rank,
    h('small', null, suits[suit] ?? ''),
  );
}

export function baccaratView(context: ViewContext): GameView {
  const { t } = context;
  const board = chips<BaccaratSpot>();
  const hands = {
    player: h('div', { class: 'hg-hand-cards' }),
    banker: h('div', { class: 'hg-hand-cards' }),
  };
  const totals = {
    player: h('output', { class: 'hg-hand-total' }),
    banker: h('output', { class: 'hg-hand-total' }),
  };
  const verdict = h('p', { class: 'hg-baccarat-verdict', 'aria-live': 'polite' });
  const stage = h(
    'div',
    { class: 'hg-baccarat' },
    h(
      'div',
      { class: 'hg-hands' },
      (['player', 'banker'] as const).map((side) =>
        h(
          'section',
          { class: `hg-hand hg-hand-${side}`, 'aria-label': t(side) },
          h('h3', null, t(side), ' ', totals[side]),
          hands[side],
        ),
      ),
    ),
    verdict,
  );
  const spotButtons = new Map<BaccaratSpot, HTMLButtonElement>();
  const payouts: Record<BaccaratSpot, string> = { player: '1:1', banker: '0.95:1', tie: '8:1' };
  function redraw() {
    for (const [side, button] of spotButtons) {
      const amount = board.amountOn(side);
      (button.lastElementChild as HTMLElement).textContent = amount > 0 ? context.money(amount) : '';
      button.classList.toggle('hg-spot-on', amount > 0);
    }
    context.changed();
  }
  const spotsRow = h(
    'div',
    { class: 'hg-baccarat-spots' },
    (['player', 'tie', 'banker'] as const).map((side) => {
      const button = h(
        'button',
        {
          type: 'button',
          class: `hg-spot hg-bspot hg-bspot-${side}`,
          onClick: () => {
            board.add(side, context.bet());
            redraw();
          },
        },
        h('strong', null, t(side as TextKey)),
        h('small', null, payouts[side]),
        h('span', { class: 'hg-spot-chip' }),
      );
      spotButtons.set(side, button);
      return button;
    }),
  );
  const controls = h(
    'div',
    { class: 'hg-fields' },
    h('p', { class: 'hg-hint' }, t('placeChips')),
    spotsRow,
    chipButtons(context, redraw, board as Chips<unknown>),
  );

  return {
    stage,
    controls,
    playLabel: 'deal',
    betLabel: 'chip',
    canAutoplay: true,
    prepare() {
      const total = board.total();
      if (total === 0) return { problem: 'placeChips' };
      return { bet: total, inputs: { bets: Object.fromEntries(board.entries()) } };
    },
    async present(round, motion) {
      const detail = round.detail as {
        player: string[];
        banker: string[];
        playerTotal: number;
        bankerTotal: number;
        result: BaccaratSpot;
      };
      replace(hands.player);
      replace(hands.banker);
      totals.player.textContent = '';
      totals.banker.textContent = '';
      verdict.textContent = '';
      // Dealt in the game's order: player, banker, player, banker, then any third cards.
      const order: [BaccaratSpot, string][] = [];
      for (let index = 0; index < 3; index += 1) {
        if (detail.player[index]) order.push(['player', detail.player[index]!]);
        if (detail.banker[index]) order.push(['banker', detail.banker[index]!]);
      }
      for (const [side, name] of order) {
        (side === 'player' ? hands.player : hands.banker).appendChild(card(name));
        await sleep(duration(300, motion));
      }
      totals.player.textContent = String(detail.playerTotal);
      totals.banker.textContent = String(detail.bankerTotal);
      verdict.textContent =
        detail.result === 'tie'
          ? t('baccaratTie', { player: detail.playerTotal, banker: detail.bankerTotal })
          : t('baccaratResult', {
              side: t(detail.result),
              player: detail.playerTotal,
              banker: detail.bankerTotal,
            });
      for (const [side, button] of spotButtons)
        button.classList.toggle('hg-spot-hit', side === detail.result);
    },
    rules: () =>
      h(
        'div',
        null,
        h('p', null, t('baccaratRules')),
        h('p', null, t('baccaratPays')),
        // Each bet has its own return; the page's headline figure is the lower of player and banker.
        h(
          'ul',
          null,
          (['player', 'banker', 'tie'] as const).map((bet) =>
            h(
              'li',
              null,
              t('rtpByBet', {
                bet: t(bet),
                value: formatPercent(Math.floor(BACCARAT_RTP[bet] * 10_000), context.lang),
              }),
            ),
          ),
        ),
      ),
  };
}
