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
  voidedBy: null,
  voidedAt: null,
  voidReason: null,
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

const voided = {
  ...waiting,
  id: 9,
  invitee: 'nila03',
  state: 'void',
  voidedBy: 'fin1',
  voidedAt: Date.UTC(2026, 11, 4, 5, 0),
  voidReason: 'Same browser as the referrer, ring',
  signals: ['same_device'],
};

/** The list's answer: the three rewards, the count and sums of every reward that matches. */
const answer = {
  items: [claimed, waiting, gone],
  count: 3,
  flagged: 2,
  waiting: { count: 1, amount: '25.50' },
  claimed: { count: 1, amount: '100.00' },
  expired: { count: 1, amount: '25.50' },
  voided: { count: 0, amount: '0.00' },
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
      'Rewards: 3 (2 flagged) · waiting 1, 25.50 · claimed 1, 100.00 · expired 1, 25.50 · voided 0, 0.00',
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

  it('voids a waiting reward with a reason, and shows who voided it, when and why', async () => {
    const sent: { path: string; body: unknown }[] = [];
    let isVoid = false;
    setFetchForTests(async (input, init) => {
      const { pathname } = new URL(input, 'http://localhost');
      if (pathname.endsWith('/void')) {
        sent.push({ path: pathname, body: JSON.parse(String(init?.body)) });
        isVoid = true;
        return Response.json({ success: true, value: voided });
      }
      const items = isVoid ? [claimed, voided] : [claimed, { ...waiting, id: 9, invitee: 'nila03' }];
      return Response.json({ success: true, value: { ...answer, items } });
    });
    renderAsOperator(<ReferralRewardsPage />, finance);
    const table = await screen.findByRole('table', { name: 'Referral rewards' });
    const [, first, second] = within(table).getAllByRole('row');
    // Only a waiting reward can be voided.
    expect(within(first!).queryByRole('button', { name: 'Void' })).toBeNull();
    fireEvent.click(within(second!).getByRole('button', { name: 'Void' }));
    const dialog = await screen.findByRole('dialog', { name: 'Void the reward of 25.50 BDT for rahim01?' });
    fireEvent.change(within(dialog).getByLabelText(/Reason/), {
      target: { value: 'Same browser as the referrer, ring' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Void' }));
    await waitFor(() => expect(screen.getByText('The reward for rahim01 is void.')).toBeTruthy());
    expect(sent).toEqual([
      {
        path: '/api/operator/promotion/referral-reward/void',
        body: { id: 9, reason: 'Same browser as the referrer, ring' },
      },
    ]);
    await waitFor(() => {
      const [, , row] = within(screen.getByRole('table', { name: 'Referral rewards' })).getAllByRole('row');
      expect(row!.textContent).toContain('Voided');
      expect(row!.textContent).toMatch(/voided 2026-12-04 .* by fin1/);
      expect(row!.textContent).toContain('Reason: Same browser as the referrer, ring');
      expect(row!.textContent).toContain('Same browser as the referrer');
      expect(within(row!).queryByRole('button', { name: 'Void' })).toBeNull();
    });
  });

  it('offers no void to an operator without money.adjust.approve', async () => {
    setFetchForTests(async () => Response.json({ success: true, value: answer }));
    renderAsOperator(
      <ReferralRewardsPage />,
      operatorSelf('support', { id: 5, account: 'sup1', nickname: 'Support' }),
    );
    const table = await screen.findByRole('table', { name: 'Referral rewards' });
    expect(within(table).queryByRole('button', { name: 'Void' })).toBeNull();
    expect(within(table).queryByRole('columnheader', { name: 'Action' })).toBeNull();
  });
});
