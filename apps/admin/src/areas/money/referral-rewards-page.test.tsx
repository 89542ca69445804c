import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setFetchForTests } from '../../shared/api/client.ts';
import { operatorSelf, renderAsOperator } from '../../test/operator-page.tsx';
import ReferralRewardsPage from './referral-rewards-page.tsx';

/**
 * Money → Referral rewards (issue 39): each reward with its referrer and friend (username and id),
 * the friend's deposit order, the amount, state with its time, the bonus claim it became and the
 * referral's signals as a warning; the count and sums; the filters (state, flagged only, period,
 * member) sent as the call's query.
 */
const finance = operatorSelf('finance', { id: 4, account: 'fin1', nickname: 'Finance' });

const claimed = {
  id: 12,
  promotionId: 3,
  title: 'Invite friends',
  referrerId: 501,
  referrer: 'rahim01',
  inviteeId: 620,
  invitee: 'karim02',
  registeredAt: Date.UTC(2026, 11, 1, 5, 0),
  depositOrderId: 77,
  currency: 'BDT',
  amount: '100.00',
  state: 'claimed',
  createdAt: Date.UTC(2026, 11, 2, 5, 0),
  expiresAt: Date.UTC(2027, 0, 1, 5, 0),
  claimedAt: Date.UTC(2026, 11, 3, 5, 0),
  bonusClaimId: 41,
  signals: ['same_ip'],
};

const waiting = {
  ...claimed,
  id: 11,
  inviteeId: 621,
  invitee: '<img src=x onerror=alert(1)>',
  depositOrderId: 78,
  amount: '25.50',
  state: 'waiting',
  claimedAt: null,
  bonusClaimId: null,
  signals: [],
};

const gone = {
  ...waiting,
  id: 10,
  inviteeId: null,
  invitee: null,
  registeredAt: null,
  depositOrderId: null,
  state: 'expired',
  signals: ['new_signal'],
};

/** The list's answer: the three rewards, the count and sums of every reward that matches. */
const answer = {
  items: [claimed, waiting, gone],
  count: 3,
  flagged: 2,
  waiting: { count: 1, amount: '25.50' },
  claimed: { count: 1, amount: '100.00' },
  expired: { count: 1, amount: '25.50' },
};

describe('the referral rewards page', () => {
  it('lists each reward with referrer, friend, deposit, state, bonus and signals, the sums, and sends the filters', async () => {
    const asked: string[] = [];
    setFetchForTests(async (input) => {
      const { pathname, search } = new URL(input, 'http://localhost');
      asked.push(pathname + search);
      return Response.json({ success: true, value: answer });
    });
    const { container } = renderAsOperator(<ReferralRewardsPage />, finance);
    const table = await screen.findByRole('table', { name: 'Referral rewards' });
    const [, first, second, third] = within(table).getAllByRole('row');
    expect(first!.textContent).toContain('rahim01 #501');
    expect(first!.textContent).toContain('karim02 #620');
    expect(first!.textContent).toMatch(/registered 2026-12-01/);
    expect(first!.textContent).toContain('Order 77');
    expect(first!.textContent).toContain('100.00 BDT');
    expect(first!.textContent).toContain('Claimed');
    expect(first!.textContent).toMatch(/claimed 2026-12-03/);
    expect(within(first!).getByRole('link', { name: 'Bonus claim 41' }).getAttribute('href')).toBe(
      '/admin/money/bonus-claims?promotionId=3',
    );
    // The referral's signal, as a warning badge.
    const warning = within(first!).getByText('Same IP as the referrer');
    expect(warning.className).toContain('badge--danger');
    expect(second!.textContent).toContain('Waiting to be claimed');
    expect(second!.textContent).toMatch(/expires 2027-01-01/);
    expect(second!.textContent).not.toContain('Same IP');
    expect(within(second!).queryByRole('link')).toBeNull();
    // A member's name is text, never markup.
    expect(second!.textContent).toContain('<img src=x onerror=alert(1)>');
    expect(container.querySelector('img')).toBeNull();
    // A friend whose account is gone, and a signal without a text shown as written.
    expect(third!.textContent).toContain('(account gone)');
    expect(third!.textContent).toContain('Expired');
    expect(third!.textContent).toMatch(/expired 2027-01-01/);
    expect(within(third!).getByText('new_signal').className).toContain('badge--danger');
    expect(screen.getByTestId('referral-rewards-sum').textContent).toBe(
      'Rewards: 3 (2 flagged) · waiting 1, 25.50 · claimed 1, 100.00 · expired 1, 25.50',
    );
    expect(asked).toEqual(['/api/operator/promotion/referral-rewards?days=7']);

    fireEvent.change(screen.getByLabelText('State'), { target: { value: 'waiting' } });
    await waitFor(() =>
      expect(asked.at(-1)).toBe('/api/operator/promotion/referral-rewards?days=7&state=waiting'),
    );
    fireEvent.change(screen.getByLabelText('Signals'), { target: { value: 'flagged' } });
    await waitFor(() =>
      expect(asked.at(-1)).toBe('/api/operator/promotion/referral-rewards?days=7&state=waiting&flagged=true'),
    );
    fireEvent.change(screen.getByLabelText('Period'), { target: { value: '30' } });
    await waitFor(() =>
      expect(asked.at(-1)).toBe(
        '/api/operator/promotion/referral-rewards?days=30&state=waiting&flagged=true',
      ),
    );
    fireEvent.change(screen.getByLabelText('Member (referrer or friend)'), {
      target: { value: ' karim02 ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() =>
      expect(asked.at(-1)).toBe(
        '/api/operator/promotion/referral-rewards?days=30&state=waiting&username=karim02&flagged=true',
      ),
    );
    fireEvent.change(screen.getByLabelText('Signals'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('State'), { target: { value: '' } });
    await waitFor(() =>
      expect(asked.at(-1)).toBe('/api/operator/promotion/referral-rewards?days=30&username=karim02'),
    );
  });
});
