import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { Bonus, BonusOffer, BonusRule } from '@khela/contract';
import { changeLanguage } from '../../../shared/i18n/i18n.ts';
import { useOverlayStore } from '../../../shared/stores/overlay-store.ts';
import { useSessionStore } from '../../../shared/stores/session-store.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { answerCalls, failure } from '../../../test/test-answers.ts';

const offerPath = '/wps/promotion/offer';
const claimPath = '/wps/promotion/claim';
const claimedAt = Date.UTC(2026, 11, 6, 10, 0);

beforeEach(async () => {
  await changeLanguage('EN', { remember: true });
});

const detail = {
  id: 9,
  type: 'welcome',
  title: 'Welcome bonus: 100% of your first deposit',
  summary: 'Double your first deposit.',
  imageUrl: null,
  startsAt: claimedAt - 86_400_000,
  endsAt: null,
  status: 'claim',
  action: 'claim',
  content: '<h3>Rules</h3>',
};

const rule: BonusRule = {
  kind: 'deposit_match',
  percent: '100',
  amount: '500.00',
  minDeposit: '100.00',
  firstDepositOnly: true,
  newMemberDays: null,
  claimPeriod: 'member',
  maxClaims: null,
  wageringMultiple: 30,
  weights: { LIVE: 10, RNG: 100 },
  maxBet: '500.00',
  expiryDays: 7,
  depositWithinDays: 3,
};

function bonus(overrides: Partial<Bonus> = {}): Bonus {
  return {
    id: 31,
    promotionId: 9,
    title: detail.title,
    kind: 'deposit_match',
    state: 'waiting',
    amount: '0.00',
    balance: '0.00',
    wageringRequired: '0.00',
    wageringDone: '0.00',
    wageringLeft: '0.00',
    maxBet: '500.00',
    weights: { LIVE: 10, RNG: 100 },
    claimedAt,
    activatedAt: null,
    expiresAt: claimedAt + 3 * 86_400_000,
    endedAt: null,
    ...overrides,
  };
}

const activeBonus = bonus({
  state: 'active',
  amount: '500.00',
  balance: '420.00',
  wageringRequired: '15000.00',
  wageringDone: '4500.00',
  wageringLeft: '10500.00',
  activatedAt: claimedAt,
});

function offer(overrides: Partial<BonusOffer> = {}): BonusOffer {
  return { promotionId: 9, rule, state: 'claim', reason: null, bonus: null, application: null, ...overrides };
}

function showOffer(value: BonusOffer, { isMember = true } = {}) {
  if (isMember) useSessionStore.getState().setSession({ token: 'token-1', isAgent: 0, username: 'rahim01' });
  return renderApp('/promoDetail?id=9', {
    answers: { '/wps/promotion/detail': detail, [offerPath]: value },
  });
}

describe('the bonus panel of /promoDetail', () => {
  it('states the rule in plain words and replaces the disabled button', async () => {
    showOffer(offer());
    const facts = await screen.findByTestId('bonus-rule');
    expect(facts.textContent).toContain('100% of your first deposit, up to ৳500.00');
    expect(facts.textContent).toContain('Minimum deposit ৳100.00');
    expect(facts.textContent).toContain('Wager 30× the bonus');
    expect(facts.textContent).toContain('Max bet ৳500.00 while wagering');
    expect(facts.textContent).toContain('Expires 7 days after credit');
    expect(facts.textContent).toContain('Counts: Slots 100%, Live casino 10%');
    expect(facts.textContent).toContain('Once per member');
    expect((screen.getByRole('button', { name: 'Claim bonus' }) as HTMLButtonElement).disabled).toBe(false);
    expect(
      screen.queryByText('Joining and claiming online open with the next update of the site.'),
    ).toBeNull();
    expect(screen.getByText('How bonus money works')).toBeTruthy();
  });

  it('asks a visitor to log in before claiming, and claims nothing', async () => {
    const view = showOffer(offer(), { isMember: false });
    const seen = answerCalls(view.fetchMock, () => undefined);
    fireEvent.click(await screen.findByRole('button', { name: 'Claim bonus' }));
    expect(useOverlayStore.getState().openModals).toContain('loginPopupModal');
    expect(seen.some((call) => call.path === claimPath)).toBe(false);
  });

  it('claims the promotion, then says which deposit brings the bonus', async () => {
    const view = showOffer(offer());
    let claimed = false;
    const seen = answerCalls(view.fetchMock, (path) => {
      if (path === claimPath) {
        claimed = true;
        return { body: bonus() };
      }
      if (path === offerPath && claimed) return { body: offer({ state: 'process', bonus: bonus() }) };
      return undefined;
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Claim bonus' }));
    expect(
      await screen.findByText('Claimed — deposit ৳100.00 or more within 3 days to receive your bonus.'),
    ).toBeTruthy();
    expect(seen.find((call) => call.path === claimPath)).toMatchObject({
      method: 'POST',
      body: { promotionId: 9 },
    });
    expect(useOverlayStore.getState().toast?.textKey).toBe('bonus_claimed_toast');
    expect(screen.getByRole('link', { name: 'Deposit now' }).getAttribute('href')).toBe(
      '/index?centre=depositv2',
    );
    expect(screen.queryByRole('button', { name: 'Claim bonus' })).toBeNull();
  });

  it('says why a claim was refused', async () => {
    const view = showOffer(offer());
    answerCalls(view.fetchMock, (path) =>
      path === claimPath
        ? failure(409, 'PROMOTION_NOT_ELIGIBLE', 'err_promotion_not_eligible', {
            value: { reason: 'bonus_active' },
          })
        : undefined,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Claim bonus' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'You already have a bonus being wagered. One bonus at a time: finish it first.',
    );
  });

  it('shows the wagering of an issued bonus and leads to the member centre', async () => {
    showOffer(offer({ state: 'issued', bonus: activeBonus }));
    expect((await screen.findByTestId('bonus-wagering')).textContent).toBe('৳4,500.00 of ৳15,000.00');
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('30');
    expect(screen.getByText('৳10,500.00 left to wager')).toBeTruthy();
    expect(screen.getByText('Your bonus of ৳500.00 is being wagered.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'My bonuses' }).getAttribute('href')).toBe(
      '/index?centre=bonusDetails',
    );
  });

  it.each([
    [
      'claimed',
      offer({ state: 'claimed', bonus: bonus({ state: 'converted' }) }),
      'You have claimed this bonus.',
    ],
    [
      'closed',
      offer({ state: 'closed', reason: 'deposited_before' }),
      'This bonus is for a first deposit, and your account has deposited before.',
    ],
    [
      'closed, a reason this page does not know',
      // A newer server's reason, not in this contract.
      offer({ state: 'closed', reason: 'newer' as never }),
      'You cannot claim this bonus now.',
    ],
    ['coming soon', offer({ state: 'coming_soon' }), 'This promotion has not started yet.'],
  ])('says so when %s', async (_state, value, text) => {
    showOffer(value);
    expect(await screen.findByText(text)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Claim bonus' })).toBeNull();
  });

  describe('a referral promotion', () => {
    const referralRule: BonusRule = {
      ...rule,
      kind: 'referral',
      percent: null,
      amount: '100.00',
      minDeposit: '200.00',
      firstDepositOnly: false,
      newMemberDays: 14,
      wageringMultiple: 60,
      maxBet: '50.00',
      depositWithinDays: 30,
    };

    it('states what a friend earns, and leads a member to Invite friends', async () => {
      showOffer(offer({ rule: referralRule, state: 'joined' }));
      const facts = await screen.findByTestId('bonus-rule');
      expect(facts.textContent).toContain(
        'Invite a friend: the first time they deposit ৳200.00 or more, you get ৳100.00',
      );
      expect(facts.textContent).toContain('Their deposit must come within 14 days of registering');
      expect(facts.textContent).toContain(
        'Your reward waits in the reward centre for 30 days: claim it there',
      );
      expect(facts.textContent).toContain('Paid as a bonus: wager 60× the reward');
      expect(facts.textContent).not.toContain('Once per member');
      expect(screen.getByRole('heading', { name: 'Referral reward' })).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Claim bonus' })).toBeNull();
      expect(screen.getByRole('link', { name: 'My rewards' }).getAttribute('href')).toBe(
        '/index?centre=rewardCenter',
      );
      fireEvent.click(screen.getByRole('button', { name: 'Invite friends' }));
      expect(useOverlayStore.getState().memberCentre).toMatchObject({ open: true, page: 'referral' });
    });

    it('asks a visitor to log in before inviting', async () => {
      showOffer(offer({ rule: referralRule, state: 'claim' }), { isMember: false });
      fireEvent.click(await screen.findByRole('button', { name: 'Invite friends' }));
      expect(useOverlayStore.getState().openModals).toContain('loginPopupModal');
      expect(useOverlayStore.getState().memberCentre.open).toBe(false);
      expect(screen.queryByRole('button', { name: 'Claim bonus' })).toBeNull();
    });

    it('says why a claim on it is refused', async () => {
      showOffer(offer({ state: 'closed', reason: 'referral_only' }));
      expect(
        await screen.findByText(
          'This promotion rewards you for inviting friends: there is nothing to claim. Share your invitation link instead.',
        ),
      ).toBeTruthy();
    });
  });

  it('keeps the coming-soon button off', async () => {
    showOffer(offer({ state: 'coming_soon' }));
    await screen.findByTestId('bonus-rule');
    expect((screen.getByRole('button', { name: 'Coming soon' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('keeps the plain state button for a promotion that gives no bonus', async () => {
    useSessionStore.getState().setSession({ token: 'token-1', isAgent: 0, username: 'rahim01' });
    renderApp('/promoDetail?id=9', { answers: { '/wps/promotion/detail': detail } });
    const button = await screen.findByRole('button', { name: 'Claim' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    await waitFor(() => expect(screen.queryByTestId('bonus-rule')).toBeNull());
  });
});
