import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import type { BonusOffer, BonusRule } from '@khela/contract';
import { changeLanguage } from '../../../shared/i18n/i18n.ts';
import { useOverlayStore } from '../../../shared/stores/overlay-store.ts';
import { useSessionStore } from '../../../shared/stores/session-store.ts';
import { renderApp } from '../../../test/render-app.tsx';

/** A cash-back promotion's page (issue 39): the rule in words, no claim, the loss so far. */
const detail = {
  id: 12,
  type: 'event',
  title: 'Weekly cash-back',
  summary: 'Part of your losses comes back every week.',
  imageUrl: null,
  startsAt: Date.UTC(2026, 11, 1),
  endsAt: null,
  status: 'claim',
  action: 'claim',
  content: '<h3>Rules</h3>',
};

const rule: BonusRule = {
  kind: 'cashback',
  percent: null,
  amount: '2000.00',
  minDeposit: '0',
  firstDepositOnly: false,
  newMemberDays: null,
  claimPeriod: 'week',
  maxClaims: null,
  wageringMultiple: 60,
  weights: { RNG: 100, LIVE: 20 },
  maxBet: '200.00',
  expiryDays: 7,
  depositWithinDays: 7,
  tiers: [
    { minLoss: '0', percent: '5' },
    { minLoss: '5000', percent: '10' },
  ],
};

function offer(overrides: Partial<BonusOffer> = {}): BonusOffer {
  return {
    promotionId: 12,
    rule,
    state: 'joined',
    reason: null,
    bonus: null,
    application: null,
    ...overrides,
  };
}

function showOffer(value: BonusOffer, { isMember = true } = {}) {
  if (isMember) useSessionStore.getState().setSession({ token: 'token-1', isAgent: 0, username: 'rahim01' });
  return renderApp('/promoDetail?id=12', {
    answers: { '/wps/promotion/detail': detail, '/wps/promotion/offer': value },
  });
}

describe('a cash-back promotion', () => {
  beforeEach(async () => {
    await changeLanguage('EN', { remember: true });
  });

  it('states the period, tiers, cap and wagering in words, and has nothing to claim', async () => {
    showOffer(
      offer({
        cashback: {
          period: '2026-12-07 – 2026-12-13',
          from: Date.UTC(2026, 11, 6, 18),
          to: Date.UTC(2026, 11, 13, 18),
          netLoss: '1200.00',
          amount: '60.00',
        },
      }),
    );
    const facts = await screen.findByTestId('bonus-rule');
    const items = [...facts.querySelectorAll('li')].map((item) => item.textContent);
    expect(items).toEqual([
      'Each week, Monday to Sunday (Asia/Dhaka (GMT+6)), part of your net loss comes back: your stakes minus your wins, at most ৳2,000.00 a week',
      'Any net loss: 5% back',
      'Net loss of ৳5,000.00 or more: 10% back',
      'Paid by itself after each week ends, to your reward centre: claim it there within 7 days',
      'Paid as a bonus: wager 60× the cash-back',
      'Max bet ৳200.00 while wagering',
      'Expires 7 days after credit',
      'Counts: Slots 100%, Live casino 20%',
    ]);
    expect(screen.getByRole('heading', { name: 'Cash-back on losses' })).toBeTruthy();
    expect(screen.getByText('You take part automatically: there is nothing to claim.')).toBeTruthy();
    expect(screen.getByTestId('cashback-progress').textContent).toBe(
      'This week (2026-12-07 – 2026-12-13) so far: net loss ৳1,200.00, cash-back ৳60.00',
    );
    expect(screen.queryByRole('button', { name: 'Claim bonus' })).toBeNull();
    expect(screen.getByRole('link', { name: 'My rewards' }).getAttribute('href')).toBe(
      '/index?centre=rewardCenter',
    );
  });

  it('asks a visitor to join by logging in, with the Join badge', async () => {
    showOffer(offer({ state: 'claim' }), { isMember: false });
    await screen.findByTestId('bonus-rule');
    expect(document.querySelector('.promo-state')?.textContent).toBe('Join');
    expect(screen.queryByRole('button', { name: 'Claim bonus' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Join' }));
    expect(useOverlayStore.getState().openModals).toContain('loginPopupModal');
  });

  it('says a daily rule in words in Bengali', async () => {
    await changeLanguage('BN', { remember: true });
    showOffer(offer({ rule: { ...rule, claimPeriod: 'day' } }));
    const facts = await screen.findByTestId('bonus-rule');
    expect(facts.textContent).toContain('প্রতিদিন');
    expect(facts.textContent).toContain('ফেরত');
    expect(screen.getByRole('heading', { name: 'ক্ষতির উপর ক্যাশব্যাক' })).toBeTruthy();
  });

  it('says why a claim on it is refused', async () => {
    showOffer(offer({ state: 'closed', reason: 'cashback_only' }));
    expect(
      await screen.findByText(
        'This cash-back is paid by itself to your reward centre after each period: there is nothing to claim.',
      ),
    ).toBeTruthy();
  });
});
