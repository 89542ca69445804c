/// <reference lib="dom" />
import { CRASH_MAX_TARGET, CRASH_MIN_TARGET } from '../../maths/crash.ts';
import { duration, h, sleep, trustedSvg } from '../dom.ts';
import type { GameView, ViewContext } from '../game-view.ts';
import { formatMultiplier } from '../money.ts';

const rocketSvg =
  '<svg viewBox="0 0 40 40" width="100%" height="100%" focusable="false"><g transform="rotate(45 20 20)">' +
  '<path d="M20 4c6 5 8 14 5 24h-10c-3-10-1-19 5-24z" fill="#eceff1" stroke="#90a4ae"/>' +
  '<circle cx="20" cy="15" r="3.5" fill="#4598fe"/><path d="M15 28l-4 6h18l-4-6z" fill="#ef5350"/>' +
  '<path d="M18 34h4l-2 5z" fill="#ffb300"/></g></svg>';

/** Crash: pick the auto cash-out, launch, watch the multiplier climb to the crash point. */
export function crashView(context: ViewContext): GameView {
  const { t, lang } = context;
  let cashOutAt = 200;
  const meter = h('output', { class: 'hg-crash-meter', 'aria-live': 'off' }, formatMultiplier(1, lang));
  const rocket = trustedSvg(rocketSvg, 'hg-crash-rocket');
  const sky = h('div', { class: 'hg-crash-sky', 'aria-hidden': 'true' }, rocket);
  const stage = h('div', { class: 'hg-crash' }, sky, meter);

  const input = h('input', {
    id: 'hg-crash-target',
    type: 'number',
    inputmode: 'decimal',
    min: CRASH_MIN_TARGET / 100,
    max: CRASH_MAX_TARGET / 100,
    step: 0.01,
    value: (cashOutAt / 100).toFixed(2),
    onChange: () => {
      const value = Math.round(Number(input.value) * 100);
      cashOutAt = Number.isFinite(value)
        ? Math.min(CRASH_MAX_TARGET, Math.max(CRASH_MIN_TARGET, value))
        : 200;
      input.value = (cashOutAt / 100).toFixed(2);
      context.changed();
    },
  });
  const presets = h(
    'div',
    { class: 'hg-chips' },
    [150, 200, 500, 1000].map((preset) =>
      h(
        'button',
        {
          type: 'button',
          class: 'hg-chip',
          onClick: () => {
            cashOutAt = preset;
            input.value = (preset / 100).toFixed(2);
            context.changed();
          },
        },
        formatMultiplier(preset / 100, lang),
      ),
    ),
  );
  const controls = h(
    'div',
    { class: 'hg-fields' },
    h('label', { class: 'hg-field', for: 'hg-crash-target' }, h('span', null, t('cashOutAt')), input),
    presets,
  );

  return {
    stage,
    controls,
    playLabel: 'launch',
    betLabel: 'bet',
    canAutoplay: true,
    prepare: (bet) => ({ bet, inputs: { cashOutAt } }),
    async present(round, motion) {
      const detail = round.detail as { crashPoint: number; cashOutAt: number; won: boolean };
      const top = detail.won ? detail.cashOutAt : detail.crashPoint;
      stage.classList.remove('hg-won', 'hg-lost');
      const frame = duration(50, motion);
      if (frame > 0) {
        // Exponential climb, like the real thing, in at most ~2.5 s (~0.6 s in turbo).
        const steps = Math.min(50, Math.max(8, Math.round(Math.log(top / 100) * 25)));
        for (let step = 0; step <= steps; step += 1) {
          const value = 100 * Math.pow(top / 100, step / steps);
          meter.textContent = formatMultiplier(Math.floor(value) / 100, lang);
          rocket.style.transform = `translate(${(step / steps) * 70}%, ${-(step / steps) * 70}%)`;
          await sleep(frame);
        }
      }
      meter.textContent = formatMultiplier(top / 100, lang);
      stage.classList.add(detail.won ? 'hg-won' : 'hg-lost');
    },
    rules: () => h('p', null, t('crashRules')),
  };
}
