/// <reference lib="dom" />
import { ApiError, createApi, type FairState, type RoundView } from './api.ts';
import { readConfig, type GamePageConfig } from './config.ts';
import { h, prefersReducedMotion, replace, trustedSvg, type Motion } from './dom.ts';
import type { GameView, ViewContext } from './game-view.ts';
import { baccaratView, rouletteView } from './games/tables.ts';
import { classicSlotView, videoSlotView } from './games/slots.ts';
import { crashView } from './games/crash.ts';
import { diceView } from './games/dice.ts';
import { minesView } from './games/mines.ts';
import { isTextKey, translator, type TextKey } from './i18n.ts';
import { formatMoney, formatOptionsOf, formatPercent, setPageDigits } from './money.ts';
import { summarize } from './summaries.ts';
import { intlLocaleOf } from '@khela/contract/format';

const lockSvg =
  '<svg viewBox="0 0 16 16" width="14" height="14" focusable="false"><rect x="3" y="7" width="10" height="8" rx="1.5" fill="currentColor"/><path d="M5 7V5a3 3 0 0 1 6 0v2" stroke="currentColor" stroke-width="1.6" fill="none"/></svg>';

const config = readConfig<GamePageConfig>();
setPageDigits(config.digits);
const t = translator(config.lang);
const lang = config.lang;
const api = createApi(new URL('../api/', location.href));
const storageKey = `hg-session:${config.gameCode}`;

const views: Record<string, (context: ViewContext) => GameView> = {
  classic3x3: classicSlotView,
  video5x3: videoSlotView,
  dice: diceView,
  crash: crashView,
  mines: minesView,
  roulette: rouletteView,
  baccarat: baccaratView,
};

const state = {
  currency: 'BDT',
  balance: null as number | null,
  fair: null as FairState | null,
  bet: config.game.steps[0] ?? config.game.minBet,
  busy: false,
  openRound: null as RoundView | null,
  history: [] as RoundView[],
  turbo: false,
  autoplayLeft: 0,
  tab: 'rules' as 'rules' | 'history' | 'fair',
};

const money = (minor: number) => formatMoney(minor, state.currency, lang);
const motion = (): Motion => ({ reduced: prefersReducedMotion(), turbo: state.turbo });

// ---- page skeleton -------------------------------------------------------------------------

const balanceValue = h('output', { class: 'hg-balance-value', 'aria-live': 'polite' }, '—');
const resultLine = h('p', { class: 'hg-result', role: 'status', 'aria-live': 'polite' });
const betSelect = h('select', { id: 'hg-bet', onChange: () => setBet(Number(betSelect.value)) });
const betTotal = h('output', { class: 'hg-total' });
const playButton = h('button', { type: 'button', class: 'hg-play', onClick: () => void onPlay() });
const autoplayBox = h('div', { class: 'hg-auto' });
const panel = h('div', { class: 'hg-panel', role: 'tabpanel', id: 'hg-panel' });
const tabs = h('div', { class: 'hg-tabs', role: 'tablist' });

function showError(error: unknown) {
  const code = error instanceof ApiError ? error.code : 'INTERNAL';
  // A transfer-mode game plays from its own wallet: say where to fill it.
  const key =
    code === 'INSUFFICIENT_FUNDS' && config.walletMode === 'transfer'
      ? 'err_INSUFFICIENT_FUNDS_transfer'
      : `err_${code}`;
  resultLine.className = 'hg-result hg-result-error';
  resultLine.textContent = isTextKey(key) ? t(key) : t('err_INTERNAL');
  if (code === 'SESSION_EXPIRED' || code === 'INVALID_TOKEN') {
    forgetSession();
    playButton.disabled = true;
  }
}

const context: ViewContext = {
  t,
  lang,
  money,
  bet: () => state.bet,
  // Views report changes while they are being built, before the shell holds them.
  changed: () => {
    if (viewReady) refreshControls();
  },
  step: (action) => step(action),
};
let viewReady = false;
const view = (views[config.gameCode] ?? diceView)(context);
viewReady = true;

function setBet(value: number) {
  state.bet = value;
  refreshControls();
}

function stepBet(direction: -1 | 1) {
  const steps = config.game.steps;
  const index = steps.indexOf(state.bet);
  const next = steps[Math.min(steps.length - 1, Math.max(0, index + direction))];
  if (next !== undefined) setBet(next);
}

function refreshControls() {
  betSelect.value = String(state.bet);
  const prepared = view.prepare(state.bet);
  const open = state.openRound;
  if (open) {
    const action = view.openAction?.(open) ?? null;
    playButton.textContent = action ? action.label : t('minesPick');
    playButton.disabled = state.busy || !action;
  } else {
    playButton.textContent = state.autoplayLeft > 0 ? t('stop') : t(view.playLabel);
    playButton.disabled =
      (state.busy && state.autoplayLeft === 0) || 'problem' in prepared || state.balance === null;
  }
  betTotal.textContent =
    'bet' in prepared && view.betLabel === 'chip' ? `${t('totalBet')}: ${money(prepared.bet)}` : '';
  balanceValue.textContent = state.balance === null ? '—' : money(state.balance);
  betSelect.disabled = state.busy || open !== null;
}

function showOutcome(round: RoundView) {
  const isWin = round.win > 0;
  resultLine.className = `hg-result ${isWin ? 'hg-result-win' : 'hg-result-loss'}`;
  const isPush = round.win === round.stake;
  const parts = [
    isPush
      ? t('push', { amount: money(round.win) })
      : isWin
        ? t('win', { amount: money(round.win) })
        : t('noWin'),
  ];
  const summary = summarize(round.gameCode, round.detail, t, lang);
  if (summary) parts.push(summary);
  if (round.creditPending) parts.push(t('creditPending'));
  resultLine.textContent = parts.join(' · ');
}

function remember(round: RoundView) {
  state.history = [round, ...state.history.filter((item) => item.roundId !== round.roundId)].slice(0, 20);
  if (state.tab === 'history') renderPanel();
}

// ---- playing -------------------------------------------------------------------------------

async function playOnce(): Promise<boolean> {
  const prepared = view.prepare(state.bet);
  if ('problem' in prepared) {
    resultLine.className = 'hg-result';
    resultLine.textContent = t(prepared.problem);
    return false;
  }
  state.busy = true;
  refreshControls();
  resultLine.className = 'hg-result';
  resultLine.textContent = '';
  try {
    const answer = await api.play(config.gameCode, prepared.bet, prepared.inputs);
    state.fair = answer.fair;
    const round = answer.round;
    if (round.status === 'open') {
      // The stake is taken; the round waits for the player's steps.
      state.balance = round.balance ?? state.balance;
      state.openRound = round;
      view.showOpen?.(round);
      return false;
    }
    if (state.balance !== null) state.balance -= round.stake;
    refreshControls();
    await view.present(round, motion());
    state.balance = round.balance ?? state.balance;
    showOutcome(round);
    remember(round);
    return true;
  } catch (error) {
    showError(error);
    return false;
  } finally {
    state.busy = false;
    refreshControls();
  }
}

async function step(action: Record<string, unknown>) {
  const open = state.openRound;
  if (!open || state.busy) return;
  state.busy = true;
  refreshControls();
  try {
    const { round } = await api.step(open.roundId, action);
    if (round.status === 'open') {
      state.openRound = round;
      view.showOpen?.(round);
    } else {
      state.openRound = null;
      await view.present(round, motion());
      state.balance = round.balance ?? state.balance;
      showOutcome(round);
      remember(round);
    }
  } catch (error) {
    showError(error);
  } finally {
    state.busy = false;
    refreshControls();
  }
}

async function onPlay() {
  if (state.openRound) {
    const action = view.openAction?.(state.openRound);
    if (action) await step(action.action);
    return;
  }
  if (state.autoplayLeft > 0) {
    state.autoplayLeft = 0;
    refreshControls();
    return;
  }
  await playOnce();
}

async function autoplay(rounds: number) {
  if (state.busy || state.openRound) return;
  state.autoplayLeft = rounds;
  while (state.autoplayLeft > 0) {
    autoplayBox.dataset.left = t('autoplayLeft', { count: state.autoplayLeft });
    const played = await playOnce();
    state.autoplayLeft = played ? state.autoplayLeft - 1 : 0;
    refreshControls();
  }
  delete autoplayBox.dataset.left;
  refreshControls();
}

// ---- side panel: rules, history, provably fair ---------------------------------------------

function verifyLink(round: RoundView): string | null {
  if (!round.fair.serverSeed) return null;
  const url = new URL('../verify', location.href);
  url.search = new URLSearchParams({
    lang,
    theme: config.theme,
    game: round.gameCode,
    serverSeed: round.fair.serverSeed,
    serverSeedHash: round.fair.serverSeedHash,
    clientSeed: round.fair.clientSeed,
    nonce: String(round.fair.nonce),
    stake: String(round.stake),
    inputs: JSON.stringify(round.replayInputs),
  }).toString();
  return url.toString();
}

function historyPanel() {
  if (state.history.length === 0) return h('p', { class: 'hg-empty' }, t('historyEmpty'));
  // The brand's clock (the launch URL's zone), in the site's digits.
  const time = new Intl.DateTimeFormat(intlLocaleOf(formatOptionsOf(lang)), {
    timeZone: config.timeZone,
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  return h(
    'div',
    { class: 'hg-history' },
    h('h2', null, t('historyTitle')),
    h(
      'table',
      { class: 'hg-table' },
      h(
        'thead',
        null,
        h(
          'tr',
          null,
          ['colTime', 'colBet', 'colWin', 'colResult'].map((key) =>
            h('th', { scope: 'col' }, t(key as TextKey)),
          ),
          h('th', { scope: 'col' }, t('nonce')),
        ),
      ),
      h(
        'tbody',
        null,
        state.history.map((round) => {
          const link = verifyLink(round);
          const isOver = round.status === 'settled' || round.status === 'crediting';
          const statusKey = `status_${round.status}`;
          return h(
            'tr',
            { class: round.win > 0 ? 'hg-row-win' : '' },
            h('td', null, time.format(new Date(round.createdAt))),
            h('td', null, money(round.stake)),
            h('td', null, isOver ? money(round.win) : '—'),
            h(
              'td',
              null,
              isOver
                ? summarize(round.gameCode, round.detail, t, lang)
                : isTextKey(statusKey)
                  ? t(statusKey)
                  : round.status,
            ),
            h(
              'td',
              null,
              String(round.fair.nonce),
              ' ',
              link
                ? h('a', { href: link, target: '_blank', rel: 'noopener' }, t('verify'))
                : h(
                    'span',
                    {
                      class: 'hg-lock',
                      title: t('notRevealed'),
                      'aria-label': t('notRevealed'),
                      role: 'img',
                    },
                    trustedSvg(lockSvg),
                  ),
            ),
          );
        }),
      ),
    ),
  );
}

function fairPanel() {
  const fair = state.fair;
  if (!fair) return h('p', null, t('loading'));
  const seedInput = h('input', {
    id: 'hg-client-seed',
    value: fair.clientSeed,
    maxlength: 64,
    autocomplete: 'off',
    spellcheck: 'false',
  });
  const message = h('p', { class: 'hg-hint', 'aria-live': 'polite' });
  const revealed = h('div', { class: 'hg-revealed' });
  return h(
    'div',
    { class: 'hg-fair' },
    h('p', null, t('fairIntro')),
    h(
      'dl',
      null,
      h('dt', null, t('serverSeedHash')),
      h('dd', null, h('code', null, fair.serverSeedHash)),
      h('dt', null, t('nextNonce')),
      h('dd', null, String(fair.nonce)),
    ),
    h('label', { for: 'hg-client-seed', class: 'hg-field' }, h('span', null, t('clientSeed'))),
    h(
      'form',
      {
        class: 'hg-inline-form',
        onSubmit: async (event: Event) => {
          event.preventDefault();
          try {
            state.fair = (await api.setClientSeed(seedInput.value.trim())).fair;
            message.textContent = t('clientSeedSaved');
          } catch (error) {
            message.textContent =
              error instanceof ApiError && isTextKey(`err_${error.code}`)
                ? t(`err_${error.code}` as TextKey)
                : t('err_INTERNAL');
          }
        },
      },
      seedInput,
      h('button', { type: 'submit', class: 'hg-secondary' }, t('save')),
    ),
    message,
    h(
      'button',
      {
        type: 'button',
        class: 'hg-secondary',
        onClick: async () => {
          try {
            const answer = await api.rotateSeed();
            state.fair = answer.current;
            renderPanel();
            const panelRevealed = panel.querySelector('.hg-revealed');
            if (panelRevealed) {
              const verify = new URL('../verify', location.href);
              verify.search = new URLSearchParams({
                lang,
                theme: config.theme,
                game: config.gameCode,
                serverSeed: answer.previous.serverSeed,
                serverSeedHash: answer.previous.serverSeedHash,
                clientSeed: answer.previous.clientSeed,
              }).toString();
              replace(
                panelRevealed,
                h('h3', null, t('previousSeed')),
                h('code', null, answer.previous.serverSeed),
                h('p', null, t('previousRounds', { count: answer.previous.rounds })),
                h('a', { href: verify.toString(), target: '_blank', rel: 'noopener' }, t('verifyPage')),
              );
            }
            // The rounds now show their revealed seeds: redraw the history if a player switched
            // to it while the rotation was on its way.
            state.history = (await api.rounds(config.gameCode)).rounds;
            if (state.tab === 'history') renderPanel();
          } catch (error) {
            showError(error);
          }
        },
      },
      t('rotateSeed'),
    ),
    revealed,
  );
}

function rulesPanel() {
  const rtp = formatPercent(config.game.rtpBasisPoints, lang);
  return h(
    'div',
    { class: 'hg-rules' },
    config.game.isRngTable ? h('p', { class: 'hg-note' }, t('rngTableNote')) : null,
    view.rules(),
    h('p', { class: 'hg-rtp' }, t('rtp', { value: rtp })),
  );
}

function renderPanel() {
  for (const button of tabs.querySelectorAll('button')) {
    const isCurrent = button.dataset.tab === state.tab;
    button.setAttribute('aria-selected', String(isCurrent));
    button.tabIndex = isCurrent ? 0 : -1;
  }
  replace(
    panel,
    state.tab === 'rules' ? rulesPanel() : state.tab === 'history' ? historyPanel() : fairPanel(),
  );
}

function tabButton(tab: typeof state.tab, label: TextKey) {
  return h(
    'button',
    {
      type: 'button',
      role: 'tab',
      'aria-controls': 'hg-panel',
      'data-tab': tab,
      onClick: () => {
        state.tab = tab;
        renderPanel();
      },
    },
    t(label),
  );
}

// ---- layout and start ----------------------------------------------------------------------

function layout() {
  const name = config.game.names[config.lang] ?? config.game.names.en;
  const header = h(
    'header',
    { class: 'hg-top' },
    config.lobby
      ? h('a', { class: 'hg-back', href: config.lobby, target: '_top', 'aria-label': t('backToLobby') }, '←')
      : null,
    h('img', { class: 'hg-logo', src: `../icons/${config.gameCode}.svg`, alt: '', width: 32, height: 32 }),
    h('h1', null, name),
    config.game.isRngTable ? h('span', { class: 'hg-badge', title: t('rngTableNote') }, t('rngTable')) : null,
    h(
      'div',
      { class: 'hg-balance' },
      h('span', null, t(config.walletMode === 'transfer' ? 'gameWalletBalance' : 'balance')),
      balanceValue,
    ),
  );
  for (const step of config.game.steps) betSelect.appendChild(h('option', { value: step }, money(step)));
  const betRow = h(
    'div',
    { class: 'hg-bet' },
    h('label', { for: 'hg-bet' }, t(view.betLabel)),
    h(
      'button',
      { type: 'button', class: 'hg-round', 'aria-label': t('betLower'), onClick: () => stepBet(-1) },
      '−',
    ),
    betSelect,
    h(
      'button',
      { type: 'button', class: 'hg-round', 'aria-label': t('betHigher'), onClick: () => stepBet(1) },
      '+',
    ),
    betTotal,
  );
  const extras = h('div', { class: 'hg-extras' });
  if (config.settings.turbo) {
    const turbo = h('input', {
      type: 'checkbox',
      id: 'hg-turbo',
      onChange: () => (state.turbo = turbo.checked),
    });
    extras.appendChild(h('label', { class: 'hg-switch', for: 'hg-turbo' }, turbo, t('turbo')));
  }
  if (config.settings.autoplay && view.canAutoplay) {
    replace(
      autoplayBox,
      h('span', null, t('autoplay')),
      [10, 25, 50].map((count) =>
        h(
          'button',
          { type: 'button', class: 'hg-chip', onClick: () => void autoplay(count) },
          t('autoplayRounds', { count }),
        ),
      ),
    );
    extras.appendChild(autoplayBox);
  }
  tabs.append(
    tabButton('rules', 'tabRules'),
    tabButton('history', 'tabHistory'),
    tabButton('fair', 'tabFair'),
  );
  tabs.addEventListener('keydown', (event) => {
    const order: (typeof state.tab)[] = ['rules', 'history', 'fair'];
    const move = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!move) return;
    state.tab = order[(order.indexOf(state.tab) + move + order.length) % order.length] ?? 'rules';
    renderPanel();
    (tabs.querySelector(`[data-tab="${state.tab}"]`) as HTMLElement | null)?.focus();
  });

  const app = document.getElementById('app');
  if (!app) return;
  replace(
    app,
    header,
    h(
      'main',
      { class: 'hg-main' },
      h(
        'section',
        { class: 'hg-play-area', 'aria-label': name },
        view.stage,
        resultLine,
        view.controls,
        betRow,
        playButton,
        extras,
      ),
      h('aside', { class: 'hg-side' }, tabs, panel),
    ),
  );
  renderPanel();
  refreshControls();
}

function forgetSession() {
  try {
    sessionStorage.removeItem(storageKey);
  } catch {
    // Storage can be off in a sandboxed frame; the token then lives in memory only.
  }
}

async function start() {
  layout();
  const url = new URL(location.href);
  const launchToken = url.searchParams.get('token');
  let stored: string | null = null;
  try {
    stored = sessionStorage.getItem(storageKey);
  } catch {
    stored = null;
  }
  try {
    if (launchToken) {
      // The launch token is one-time: drop it from the address bar before anything else.
      url.searchParams.delete('token');
      history.replaceState(null, '', url.toString());
      const session = await api.openSession(launchToken, config.gameCode);
      api.setToken(session.sessionToken);
      try {
        sessionStorage.setItem(storageKey, session.sessionToken);
      } catch {
        // See forgetSession.
      }
      state.currency = session.player.currency;
      state.balance = session.balance;
      state.fair = session.fair;
      state.openRound = session.openRound;
    } else if (stored) {
      api.setToken(stored);
      const current = await api.state(config.gameCode);
      state.currency = current.player.currency;
      state.balance = current.balance;
      state.fair = current.fair;
      state.openRound = current.openRound;
    } else {
      resultLine.textContent = t('openFromLobby');
      playButton.disabled = true;
      return;
    }
    // Amounts in the selector follow the player's currency.
    replace(
      betSelect,
      config.game.steps.map((value) => h('option', { value }, money(value))),
    );
    if (state.openRound) view.showOpen?.(state.openRound);
    refreshControls();
    state.history = (await api.rounds(config.gameCode)).rounds;
    renderPanel();
  } catch (error) {
    showError(error);
  }
}

void start();
