import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { BonusRule } from '@khela/contract';
import { setFetchForTests } from '../../shared/api/client.ts';
import { operatorSelf, renderAsOperator } from '../../test/operator-page.tsx';
import { noBonusFigures } from './bonus-figures.test-support.ts';
import { ruleSentence } from './bonus-rule.ts';
import BonusesPage from './bonuses-page.tsx';

/**
 * Site → Bonus promotions, a cash-back rule (issue 39, "cash-back on losses"): its period, cap and
 * tiers in the editor, what does not apply hidden, the tiers checked and sent, and the rule in words.
 */
const editor = operatorSelf('content', { id: 5, account: 'content1', nickname: 'Content' });

const cashback: BonusRule = {
  kind: 'cashback',
  percent: null,
  amount: '2000',
  minDeposit: '0',
  firstDepositOnly: false,
  newMemberDays: null,
  claimPeriod: 'week',
  maxClaims: null,
  wageringMultiple: 60,
  weights: { RNG: 100, LIVE: 20 },
  maxBet: '200',
  expiryDays: 7,
  depositWithinDays: 7,
  tiers: [
    { minLoss: '0', percent: '5' },
    { minLoss: '5000', percent: '10' },
  ],
};

const noFigures = noBonusFigures;

const page = (id: number, title: string, rule: BonusRule | null) => ({
  promotionId: id,
  title,
  type: 'event',
  action: 'claim',
  startsAt: null,
  endsAt: null,
  pageStatus: 'running',
  rule,
  paused: false,
  updatedBy: null,
  updatedAt: null,
  figures: noFigures,
});

const list = {
  currency: 'BDT',
  currencySymbol: '৳',
  currencyPrecision: 2,
  smallestWageringMultiple: 59,
  promotions: [page(7, 'Weekly cash-back', cashback), page(8, 'Cricket night', null)],
};

function serve(sent: { path: string; body: unknown }[]) {
  setFetchForTests(async (input, init) => {
    const url = new URL(input, 'http://localhost');
    const body = init?.body ? JSON.parse(String(init.body)) : null;
    sent.push({ path: url.pathname, body });
    const value =
      (init?.method ?? 'GET') === 'GET'
        ? list
        : { promotionId: 8, rule: (body as { rule: unknown }).rule, paused: false };
    return new Response(JSON.stringify({ success: true, value }), {
      headers: { 'content-type': 'application/json' },
    });
  });
}

describe('a cash-back rule in the back office', () => {
  it('states it in words', () => {
    expect(ruleSentence(cashback, '৳')).toBe(
      'Weekly cash-back: 5 % of a net loss, 10 % from ৳5,000, up to ৳2,000 · claim within 7 days · wager 60× · max bet ৳200 · 7 days',
    );
    expect(
      ruleSentence({ ...cashback, claimPeriod: 'day', tiers: [{ minLoss: '100', percent: '12.5' }] }, '৳'),
    ).toBe(
      'Daily cash-back: 12.5 % from ৳100, up to ৳2,000 · claim within 7 days · wager 60× · max bet ৳200 · 7 days',
    );
  });

  it('edits its period, cap and tiers, hides what does not apply, and lists it in words', async () => {
    serve([]);
    renderAsOperator(<BonusesPage />, editor);
    expect(
      await screen.findByText(
        'Weekly cash-back: 5 % of a net loss, 10 % from ৳5,000, up to ৳2,000 · claim within 7 days',
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Edit bonus: Weekly cash-back' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bonus of Weekly cash-back' });
    const field = (label: string) => within(dialog).getByLabelText(label) as HTMLInputElement;
    expect(field('Kind').value).toBe('cashback');
    expect(field('Pays back the net loss of').value).toBe('week');
    expect(field('Most one player gets a period').value).toBe('2000');
    expect(field('Tier 1: from a net loss of').value).toBe('0');
    expect(field('Tier 2: percent back').value).toBe('10');
    expect(field('Days the cash-back waits to be claimed').value).toBe('7');
    expect(within(dialog).queryByLabelText('Each member may claim it')).toBeNull();
    expect(within(dialog).queryByLabelText('Claims in all')).toBeNull();
    expect(within(dialog).queryByLabelText(/First deposit only/)).toBeNull();
    expect(within(dialog).queryByLabelText('New members only (days)')).toBeNull();
  });

  it('makes a cash-back rule from a new one: checks the tiers, then sends them', async () => {
    const sent: { path: string; body: unknown }[] = [];
    serve(sent);
    renderAsOperator(<BonusesPage />, editor);
    fireEvent.click(await screen.findByRole('button', { name: 'Add a bonus: Cricket night' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bonus of Cricket night' });
    const field = (label: string) => within(dialog).getByLabelText(label) as HTMLInputElement;
    fireEvent.change(field('Kind'), { target: { value: 'cashback' } });
    expect(field('Pays back the net loss of').value).toBe('week');
    fireEvent.change(field('Pays back the net loss of'), { target: { value: 'day' } });
    fireEvent.change(field('Most one player gets a period'), { target: { value: '500' } });
    fireEvent.change(field('Largest bet while wagering'), { target: { value: '100' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add a tier' }));
    fireEvent.change(field('Tier 2: from a net loss of'), { target: { value: '0' } });
    fireEvent.change(field('Tier 2: percent back'), { target: { value: '150' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('Not accepted: each tier starts above the one before.'),
    ).toBeTruthy();
    expect(within(dialog).getByText('Not accepted: above 0 and at most 100.')).toBeTruthy();
    expect(sent.some((call) => call.path.endsWith('/rule/save'))).toBe(false);

    fireEvent.change(field('Tier 2: from a net loss of'), { target: { value: '1000' } });
    fireEvent.change(field('Tier 2: percent back'), { target: { value: '7.5' } });
    expect(screen.getByTestId('bonus-preview').textContent).toBe(
      'Daily cash-back: 5 % of a net loss, 7.5 % from ৳1,000, up to ৳500 · claim within 7 days · wager 59× · max bet ৳100 · 7 days',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText('The bonus of Cricket night is saved.');
    expect(sent.find((call) => call.path.endsWith('/rule/save'))?.body).toEqual({
      promotionId: 8,
      paused: false,
      rule: {
        kind: 'cashback',
        percent: null,
        amount: '500',
        minDeposit: '0',
        firstDepositOnly: false,
        newMemberDays: null,
        claimPeriod: 'day',
        maxClaims: null,
        wageringMultiple: 59,
        weights: { RNG: 100 },
        maxBet: '100',
        expiryDays: 7,
        depositWithinDays: 7,
        tiers: [
          { minLoss: '0', percent: '5' },
          { minLoss: '1000', percent: '7.5' },
        ],
      },
    });
  });
});
