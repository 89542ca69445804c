import { beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { Bonus } from '@khela/contract';
import { changeLanguage } from '../../../shared/i18n/i18n.ts';
import { useOverlayStore } from '../../../shared/stores/overlay-store.ts';
import { useSessionStore } from '../../../shared/stores/session-store.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { answerCalls, failure } from '../../../test/test-answers.ts';

const bonusesPath = '/wps/promotion/bonuses';
const claimedAt = Date.UTC(2026, 11, 6, 10, 0);

beforeEach(async () => {
  await changeLanguage('EN', { remember: true });
});

function bonus(overrides: Partial<Bonus>): Bonus {
  return {
    id: 1,
    promotionId: 9,
    title: 'Welcome bonus',
    kind: 'deposit_match',
    state: 'active',
    amount: '500.00',
    balance: '420.00',
    wageringRequired: '15000.00',
    wageringDone: '4500.00',
    wageringLeft: '10500.00',
    maxBet: '250.00',
    weights: { RNG: 100, LIVE: 10 },
    claimedAt,
    activatedAt: claimedAt,
    expiresAt: claimedAt + 7 * 86_400_000,
    endedAt: null,
    ...overrides,
  };
}

function openBonusDetails(answer: Parameters<typeof answerCalls>[1]) {
  useSessionStore.getState().setSession({ token: 'token-1', isAgent: 0, username: 'rahim01' });
  const view = renderApp('/index');
  answerCalls(view.fetchMock, answer);
  useOverlayStore.getState().openMemberCentre('bonusDetails');
  return view;
}

describe('bonus details (bonusDetails)', () => {
  it('shows the bonus wallet, then each bonus with its wagering, maximum bet and dates', async () => {
    openBonusDetails((path) =>
      path === bonusesPath
        ? {
            body: {
              bonusBalance: '420.00',
              bonuses: [
                bonus({ id: 2 }),
                bonus({
                  id: 1,
                  title: 'Friday reload',
                  kind: 'fixed',
                  state: 'converted',
                  amount: '100.00',
                  balance: '135.50',
                  wageringRequired: '2000.00',
                  wageringDone: '2000.00',
                  wageringLeft: '0.00',
                  expiresAt: null,
                  endedAt: claimedAt + 86_400_000,
                }),
              ],
            },
          }
        : undefined,
    );
    expect((await screen.findByTestId('bonus-balance')).textContent).toBe('৳420.00');
    const [active, converted] = screen.getAllByTestId('bonus-card');
    expect(active!.textContent).toContain('Welcome bonus');
    expect(within(active!).getByText('Wagering', { selector: '.status-pill' })).toBeTruthy();
    expect(within(active!).getByTestId('bonus-wagering').textContent).toBe('৳4,500.00 of ৳15,000.00');
    expect(within(active!).getByText('৳10,500.00 left to wager')).toBeTruthy();
    expect(within(active!).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('30');
    expect(active!.textContent).toContain('Max bet৳250.00');
    expect(active!.textContent).toContain('In bonus wallet৳420.00');
    expect(active!.textContent).toContain('CountsSlots 100%, Live casino 10%');
    expect(active!.textContent).toContain('Expires');
    expect(active!.textContent).toContain('Claimed');

    expect(converted!.textContent).toContain('Friday reload');
    expect(within(converted!).getByText('Became cash')).toBeTruthy();
    expect(converted!.textContent).toContain('Paid as cash৳135.50');
    expect(within(converted!).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    expect(converted!.textContent).toContain('Ended');
    expect(converted!.textContent).not.toContain('Expires');
    expect(screen.getByText('How bonus money works')).toBeTruthy();
    expect(screen.getByText('A withdrawal while you are still wagering forfeits the bonus.')).toBeTruthy();
  });

  it('names a bonus that came from the reward centre as a referral reward', async () => {
    openBonusDetails((path) =>
      path === bonusesPath
        ? {
            body: {
              bonusBalance: '100.00',
              bonuses: [bonus({ kind: 'referral', title: 'Invite a friend', amount: '100.00' })],
            },
          }
        : undefined,
    );
    const [card] = await screen.findAllByTestId('bonus-card');
    expect(card!.textContent).toContain('Invite a friend');
    expect(within(card!).getByText('Referral reward')).toBeTruthy();
  });

  it('says when there is no bonus yet, and leads to the promotions', async () => {
    openBonusDetails((path) =>
      path === bonusesPath ? { body: { bonusBalance: '0.00', bonuses: [] } } : undefined,
    );
    expect(await screen.findByText('No bonuses yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See promotions' }).getAttribute('href')).toBe('/promotions');
    expect(screen.queryByTestId('bonus-card')).toBeNull();
  });

  it('shows a failure to load', async () => {
    openBonusDetails((path) => (path === bonusesPath ? failure(500, 'INTERNAL', 'err_unknown') : undefined));
    expect(await screen.findByText('Something went wrong. Please try again.')).toBeTruthy();
  });
});
