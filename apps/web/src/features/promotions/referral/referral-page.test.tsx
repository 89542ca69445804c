import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { BonusRule, ReferralValue } from '@khela/contract';
import { changeLanguage } from '../../../shared/i18n/i18n.ts';
import { useOverlayStore } from '../../../shared/stores/overlay-store.ts';
import { useSessionStore } from '../../../shared/stores/session-store.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { answerCalls, failure } from '../../../test/test-answers.ts';

const referralPath = '/wps/promotion/referral';
const registeredAt = Date.UTC(2026, 11, 6, 10, 0);

beforeEach(async () => {
  await changeLanguage('EN', { remember: true });
});

const rule: BonusRule = {
  kind: 'referral',
  percent: null,
  amount: '100.00',
  minDeposit: '200.00',
  firstDepositOnly: false,
  newMemberDays: 14,
  claimPeriod: 'member',
  maxClaims: null,
  wageringMultiple: 60,
  weights: { RNG: 100 },
  maxBet: '50.00',
  expiryDays: 7,
  depositWithinDays: 30,
};

function referral(overrides: Partial<ReferralValue> = {}): ReferralValue {
  return {
    code: 'K7XPM3QR2A',
    promotionId: 12,
    rule,
    friends: [
      {
        username: 'ra****ix',
        registeredAt,
        qualifiedAt: registeredAt + 86_400_000,
        reward: '100.00',
        rewardState: 'waiting',
      },
      { username: 'su***an', registeredAt, qualifiedAt: null, reward: null, rewardState: null },
    ],
    friendsCount: 2,
    earned: '100.00',
    ...overrides,
  };
}

function openReferral(answer: Parameters<typeof answerCalls>[1]) {
  useSessionStore.getState().setSession({ token: 'token-1', isAgent: 0, username: 'rahim01' });
  const view = renderApp('/index');
  const seen = answerCalls(view.fetchMock, answer);
  useOverlayStore.getState().openMemberCentre('referral');
  return { ...view, seen };
}

describe('invite friends (referral)', () => {
  it('shows the code, the link with its QR code, the rule in words and the friends', async () => {
    openReferral((path) => (path === referralPath ? { body: referral() } : undefined));
    expect((await screen.findByTestId('referral-code')).textContent).toBe('K7XPM3QR2A');
    const link = `${window.location.origin}/register?referralCode=K7XPM3QR2A`;
    expect(screen.getByTestId('referral-link').textContent).toBe(link);
    expect(screen.getByRole('button', { name: 'Copy invitation code' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy invitation link' })).toBeTruthy();
    expect(await screen.findByRole('img', { name: 'QR code of your invitation link' })).toBeTruthy();

    const facts = screen.getByTestId('bonus-rule').textContent;
    expect(facts).toContain('Invite a friend: the first time they deposit ৳200.00 or more, you get ৳100.00');
    expect(facts).toContain('Their deposit must come within 14 days of registering');
    expect(facts).toContain('Your reward waits in the reward centre for 30 days: claim it there');
    expect(facts).toContain('Paid as a bonus: wager 60× the reward');
    expect(facts).toContain('Max bet ৳50.00 while wagering');
    expect(facts).not.toContain('Once per member');
    expect(screen.getByRole('link', { name: 'See the promotion' }).getAttribute('href')).toBe(
      '/promoDetail?id=12',
    );

    expect(screen.getByTestId('referral-friends-count').textContent).toBe('2');
    expect(screen.getByTestId('referral-earned').textContent).toBe('৳100.00');
    const [earned, waiting] = screen.getAllByTestId('referral-friend');
    expect(earned!.textContent).toContain('ra****ix');
    expect(earned!.textContent).toContain('Registered');
    expect(earned!.textContent).toContain('৳100.00');
    expect(within(earned!).getByText('Ready to claim')).toBeTruthy();
    expect(waiting!.textContent).toContain('su***an');
    expect(waiting!.textContent).toContain('No qualifying deposit yet');

    fireEvent.click(screen.getByRole('button', { name: 'Open reward centre' }));
    expect(useOverlayStore.getState().memberCentre.page).toBe('rewardCenter');
  });

  it('states a share of the deposit up to its cap', async () => {
    openReferral((path) =>
      path === referralPath
        ? { body: referral({ rule: { ...rule, percent: '10', amount: '500.00', newMemberDays: null } }) }
        : undefined,
    );
    const facts = (await screen.findByTestId('bonus-rule')).textContent;
    expect(facts).toContain(
      'Invite a friend: the first time they deposit ৳200.00 or more, you get 10% of that deposit, up to ৳500.00',
    );
    expect(facts).not.toContain('of registering');
  });

  it('shares the link where the device can', async () => {
    const share = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    try {
      openReferral((path) => (path === referralPath ? { body: referral() } : undefined));
      fireEvent.click(await screen.findByRole('button', { name: 'Share' }));
      expect(share).toHaveBeenCalledWith(
        expect.objectContaining({ url: `${window.location.origin}/register?referralCode=K7XPM3QR2A` }),
      );
    } finally {
      Reflect.deleteProperty(navigator, 'share');
    }
  });

  it('says when no referral reward runs, and when no friend has registered yet', async () => {
    openReferral((path) =>
      path === referralPath
        ? { body: referral({ promotionId: null, rule: null, friends: [], friendsCount: 0, earned: '0.00' }) }
        : undefined,
    );
    expect((await screen.findByTestId('referral-no-rule')).textContent).toBe(
      'No referral reward runs right now, but friends can still register with your link.',
    );
    expect(screen.getByText('No friends yet')).toBeTruthy();
    expect(screen.queryByTestId('referral-friend')).toBeNull();
    // The code and the link still work without a running rule.
    expect(screen.getByTestId('referral-code').textContent).toBe('K7XPM3QR2A');
  });

  it.each([
    [
      'referral is off',
      failure(403, 'FEATURE_DISABLED', 'err_operation_not_allowed'),
      'closed at the moment',
    ],
    ['the viewer is an agent', failure(403, 'FORBIDDEN', 'err_forbidden'), 'affiliate links'],
  ])('says why the page cannot show when %s', async (_case, answer, text) => {
    openReferral((path) => (path === referralPath ? answer : undefined));
    expect((await screen.findByRole('alert')).textContent).toContain(text);
    expect(screen.queryByTestId('referral-code')).toBeNull();
  });
});
