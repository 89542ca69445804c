/// <reference lib="dom" />
import { readConfig, type VerifyPageConfig } from './config.ts';
import { h, replace } from './dom.ts';
import { translator } from './i18n.ts';
import { GAME_CODES, isGameCode } from '../maths/games.ts';
import { verifyRound } from '../fair/verify-round.ts';
import { mathsInputsOf } from '../play/maths-inputs.ts';
import { summarize } from './summaries.ts';
import { setPageDigits } from './money.ts';

/*
 * /verify: recomputes a round in the browser from the revealed seeds with the very code the
 * server plays (src/maths, src/fair, the same input conversion). Nothing is sent anywhere.
 */

const config = readConfig<VerifyPageConfig>();
setPageDigits(config.digits);
const t = translator(config.lang);
const query = new URLSearchParams(location.search);

const field = (id: string, label: string, control: HTMLElement) =>
  h('div', { class: 'hg-form-row' }, h('label', { for: id }, label), control);

const gameSelect = h(
  'select',
  { id: 'v-game' },
  GAME_CODES.map((code) => h('option', { value: code, selected: query.get('game') === code }, code)),
);
const input = (id: string, name: string, extra: Record<string, string> = {}) =>
  h('input', { id, value: query.get(name) ?? '', autocomplete: 'off', spellcheck: 'false', ...extra });
const serverSeed = input('v-server-seed', 'serverSeed');
const serverSeedHash = input('v-server-seed-hash', 'serverSeedHash');
const clientSeed = input('v-client-seed', 'clientSeed');
const nonce = input('v-nonce', 'nonce', { inputmode: 'numeric' });
const stake = input('v-stake', 'stake', { inputmode: 'numeric' });
const inputs = h('textarea', { id: 'v-inputs', rows: 3, spellcheck: 'false' }, query.get('inputs') ?? '{}');
const result = h('section', { class: 'hg-verify-result', 'aria-live': 'polite' });

function verify(event?: Event) {
  event?.preventDefault();
  try {
    const game = gameSelect.value;
    if (!isGameCode(game)) throw new Error('game');
    const parsedInputs = JSON.parse(inputs.value || '{}') as Record<string, unknown>;
    const stakeValue = BigInt(stake.value.trim() || '0');
    const verified = verifyRound(
      game,
      {
        serverSeed: serverSeed.value.trim(),
        clientSeed: clientSeed.value,
        ...(serverSeedHash.value.trim() ? { serverSeedHash: serverSeedHash.value.trim() } : {}),
      },
      Number(nonce.value.trim()),
      mathsInputsOf(game, stakeValue, parsedInputs),
    );
    const { outcome } = verified;
    const commitment =
      verified.commitmentMatches === null
        ? h('p', null, t('seedHash', { hash: verified.serverSeedHash }))
        : h(
            'p',
            { class: verified.commitmentMatches ? 'hg-ok' : 'hg-bad' },
            verified.commitmentMatches ? `✓ ${t('commitmentOk')}` : `✗ ${t('commitmentBad')}`,
          );
    replace(
      result,
      commitment,
      h('h2', null, t('outcome')),
      h(
        'p',
        { class: 'hg-verify-summary' },
        summarize(game, outcome.detail as unknown as Record<string, unknown>, t, config.lang),
      ),
      h('p', null, t('returns', { amount: outcome.win.toString(), stake: outcome.stake.toString() })),
      h('pre', { class: 'hg-json' }, JSON.stringify(outcome.detail, null, 2)),
    );
  } catch (error) {
    replace(
      result,
      h(
        'p',
        { class: 'hg-bad' },
        t('verifyError', { message: error instanceof Error ? error.message : String(error) }),
      ),
    );
  }
}

const app = document.getElementById('app');
if (app) {
  replace(
    app,
    h('header', { class: 'hg-top' }, h('h1', null, t('verifyTitle'))),
    h(
      'main',
      { class: 'hg-verify' },
      h('p', null, t('verifyIntro')),
      h(
        'form',
        { class: 'hg-form', onSubmit: verify },
        field('v-game', t('game'), gameSelect),
        field('v-server-seed', t('serverSeed'), serverSeed),
        field('v-server-seed-hash', t('serverSeedHash'), serverSeedHash),
        field('v-client-seed', t('clientSeed'), clientSeed),
        field('v-nonce', t('nonce'), nonce),
        field('v-stake', t('stake'), stake),
        field('v-inputs', t('inputs'), inputs),
        h('button', { type: 'submit', class: 'hg-play' }, t('verifyButton')),
      ),
      result,
    ),
  );
  if (query.get('serverSeed') && query.get('nonce')) verify();
}
