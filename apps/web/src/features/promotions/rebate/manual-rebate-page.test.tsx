import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { defaultFeatureFlags } from '@khela/contract/settings-defaults';
import type { RebateClaim, RebateValue } from '@khela/contract';
import { changeLanguage } from '../../../shared/i18n/i18n.ts';
import { useOverlayStore } from '../../../shared/stores/overlay-store.ts';
import { useSessionStore } from '../../../shared/stores/session-store.ts';
import { renderApp, whitelabelFixture } from '../../../test/render-app.tsx';
import { answerCalls, failure } from '../../../test/test-answers.ts';

const rebatePath = '/wps/promotion/rebate';
const claimPath = '/wps/promotion/rebate/claim';

beforeEach(async () => {
  await changeLanguage('EN', { remember: true });
});

const from = Date.UTC(2026, 11, 6, 10, 0);
const to = Date.UTC(2026, 11, 6, 12, 0);

function rebateValue(overrides: Partial<RebateValue> = {}): RebateValue {
  return {
    from,
    to,
    delaySeconds: 60,
    lines: [
      { gameType: 'LIVE', validBet: '400.00', countedBet: '224.00', rate: '0.5', amount: '1.12' },
      { gameType: 'RNG', validBet: '1000.00', countedBet: '800.00', rate: '0.8', amount: '6.40' },
    ],
    total: '7.52',
    minimum: '1.00',
    rates: [
      { gameType: 'RNG', rate: '0.8' },
      { gameType: 'LIVE', rate: '0.5' },
    ],
    claims: [],
    ...overrides,
  };
}

function openRebate(value: RebateValue) {
  useSessionStore.getState().setSession({ token: 'token-1', isAgent: 0, username: 'rahim01' });
  const view = renderApp('/index', {
    whitelabel: whitelabelFixture({ features: { ...defaultFeatureFlags, manualRebate: true } }),
    answers: { [rebatePath]: value },
  });
  useOverlayStore.getState().openMemberCentre('manualRebate');
  return view;
}

describe('manual rebate (manualRebate)', () => {
  it('shows the rebate per category, the total, the rates and the period', async () => {
    openRebate(rebateValue());
    expect((await screen.findByTestId('rebate-total')).textContent).toContain('7.52');
    const rng = screen.getByTestId('rebate-line-RNG');
    expect(rng.textContent).toContain('1,000.00');
    expect(rng.textContent).toContain('0.8%');
    expect(rng.textContent).toContain('6.40');
    expect((screen.getByRole('button', { name: 'Claim rebate' }) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.getByText('Smallest claim: 1.00')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Rebate rates' })).toBeTruthy();
    expect(screen.getByText('No claims yet.')).toBeTruthy();
  });

  it('claims with an empty body, then shows the claim and says so', async () => {
    const view = openRebate(rebateValue());
    const claimed: RebateClaim = { id: 7, claimedAt: to + 1000, from, to, amount: '7.52', lines: [] };
    let paid = false;
    const seen = answerCalls(view.fetchMock, (path) => {
      if (path === claimPath) {
        paid = true;
        return { body: claimed };
      }
      if (path === rebatePath && paid) {
        return { body: rebateValue({ from: to, lines: [], total: '0.00', claims: [claimed] }) };
      }
      return undefined;
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Claim rebate' }));
    await waitFor(() => expect(useOverlayStore.getState().toast?.textKey).toBe('rb_claimed_toast'));
    expect(seen.find((call) => call.path === claimPath)).toMatchObject({ method: 'POST', body: {} });
    const history = await screen.findByTestId('rebate-claim');
    expect(within(history).getByText('7.52')).toBeTruthy();
    expect(await screen.findByText('No rebate to claim yet')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Claim rebate' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows a refusal beside the button', async () => {
    const view = openRebate(rebateValue());
    answerCalls(view.fetchMock, (path) =>
      path === claimPath
        ? failure(409, 'REBATE_BELOW_MINIMUM', 'err_rebate_below_minimum', {
            value: { total: '0.50', minimum: '1.00' },
          })
        : undefined,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Claim rebate' }));
    expect(
      await screen.findByText('Your rebate is below the smallest amount that can be claimed.'),
    ).toBeTruthy();
  });

  it('keeps the button off below the minimum, and says when nothing is counted yet', async () => {
    openRebate(rebateValue({ lines: [], total: '0.00', rates: [] }));
    expect(await screen.findByText('No rebate to claim yet')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Claim rebate' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('No category pays a rebate at the moment.')).toBeTruthy();
  });
});

describe('the rebate promotion', () => {
  const detail = {
    id: 4,
    type: 'rebate',
    title: 'Rebate on every bet, up to 0.8%',
    summary: 'Win or lose, a share of your valid betting comes back.',
    imageUrl: null,
    startsAt: from,
    endsAt: null,
    status: 'process',
    action: 'none',
    content: '<h3>Rules</h3>',
  };
  const show = (manualRebate: boolean) =>
    renderApp('/promoDetail?id=4', {
      whitelabel: whitelabelFixture({ features: { ...defaultFeatureFlags, manualRebate } }),
      answers: { '/wps/promotion/detail': detail },
    });

  it('leads to the manual rebate page while the rebate runs', async () => {
    show(true);
    const link = await screen.findByRole('link', { name: 'Claim my rebate' });
    expect(link.getAttribute('href')).toBe('/index?centre=manualRebate');
  });

  it('has no way to claim when the brand has the manual rebate off', async () => {
    show(false);
    await screen.findByRole('heading', { name: detail.title });
    expect(screen.queryByRole('link', { name: 'Claim my rebate' })).toBeNull();
    expect(screen.getByRole('button', { name: 'In progress' }).hasAttribute('disabled')).toBe(true);
  });
});
