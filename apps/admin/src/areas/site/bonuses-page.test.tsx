import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { BonusRule } from '@khela/contract';
import { setFetchForTests } from '../../shared/api/client.ts';
import { operatorSelf, renderAsOperator } from '../../test/operator-page.tsx';
import { noBonusFigures } from './bonus-figures.test-support.ts';
import { ruleSentence } from './bonus-rule.ts';
import BonusesPage from './bonuses-page.tsx';

/**
 * Site → Bonus promotions (issue 39 item 4): each promotion page with its rule in words, its state
 * and figures; the editor (every field, the live sentence, the client's checks, the server's
 * refusal under its field); pause and removal with a confirmation, a refusal shown in the dialog;
 * a referral reward's rule (its own labels, an optional percentage, no claim period or first
 * deposit) and its rewards' figures.
 */
const editor = operatorSelf('content', { id: 5, account: 'content1', nickname: 'Content' });
const reader = operatorSelf('readonly', { id: 6, account: 'look1', nickname: 'Look' });

const welcome: BonusRule = {
  kind: 'deposit_match',
  percent: '100',
  amount: '500',
  minDeposit: '200',
  firstDepositOnly: true,
  newMemberDays: 30,
  claimPeriod: 'member',
  maxClaims: null,
  wageringMultiple: 60,
  weights: { RNG: 100, LIVE: 20 },
  maxBet: '200',
  expiryDays: 7,
  depositWithinDays: 7,
};

const zero = { count: 0, amount: '0.00' };
const noFigures = noBonusFigures;

const invite: BonusRule = {
  ...welcome,
  kind: 'referral',
  percent: null,
  amount: '100',
  minDeposit: '200',
  firstDepositOnly: false,
  newMemberDays: 14,
  depositWithinDays: 30,
};

function promotion(id: number, title: string, extra: Record<string, unknown> = {}) {
  return {
    promotionId: id,
    title,
    type: 'deposit',
    action: 'claim',
    startsAt: null,
    endsAt: null,
    pageStatus: 'running',
    rule: null,
    paused: false,
    updatedBy: null,
    updatedAt: null,
    figures: noFigures,
    ...extra,
  };
}

const list = {
  currency: 'BDT',
  currencySymbol: '৳',
  currencyPrecision: 2,
  smallestWageringMultiple: 59,
  promotions: [
    promotion(1, 'Welcome bonus', {
      rule: welcome,
      updatedBy: 'content1#5',
      updatedAt: Date.UTC(2026, 11, 7, 6, 0),
      figures: {
        ...noFigures,
        claims: 4,
        waiting: 1,
        granted: { count: 3, amount: '900.00' },
        active: { count: 2, amount: '612.50' },
        converted: { count: 1, amount: '300.00' },
        forfeited: { count: 0, amount: '0.00' },
        expired: { count: 0, amount: '0.00' },
      },
    }),
    promotion(2, 'Friday reload', {
      rule: {
        ...welcome,
        kind: 'fixed',
        percent: null,
        amount: '10',
        minDeposit: '0',
        firstDepositOnly: false,
      },
      paused: true,
      figures: {
        ...noFigures,
        claims: 3,
        granted: { count: 3, amount: '30.00' },
        forfeited: { count: 1, amount: '10.00' },
        expired: { count: 2, amount: '7.25' },
      },
    }),
    promotion(3, 'Cricket night', { pageStatus: 'ended' }),
    promotion(4, 'Invite friends', {
      type: 'event',
      action: 'join',
      rule: invite,
      figures: {
        ...noFigures,
        claims: 1,
        granted: { count: 1, amount: '100.00' },
        active: { count: 1, amount: '100.00' },
        rewards: {
          waiting: { count: 2, amount: '200.00' },
          claimed: { count: 1, amount: '100.00' },
          expired: zero,
        },
      },
    }),
  ],
};

interface Sent {
  method: string;
  path: string;
  body: unknown;
}

type Answer = { status?: number; body: unknown };

/** Answers the list, and each POST with `onPost` (200 `{ value }` unless it says otherwise). */
function serve(sent: Sent[], onPost: (path: string, body: unknown) => Answer = () => ({ body: {} })) {
  setFetchForTests(async (input, init) => {
    const url = new URL(input, 'http://localhost');
    const body = init?.body ? JSON.parse(String(init.body)) : null;
    const method = init?.method ?? 'GET';
    sent.push({ method, path: url.pathname, body });
    const answer: Answer =
      method === 'GET' ? { body: { success: true, value: list } } : onPost(url.pathname, body);
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
}

const ok = (value: unknown): Answer => ({ body: { success: true, value } });

describe('the bonus promotions page', () => {
  it('lists each page with its rule in words, its state and figures; a reader gets no change buttons', async () => {
    serve([]);
    renderAsOperator(<BonusesPage />, reader);
    const table = await screen.findByRole('table', { name: 'Bonus promotions' });
    const [, first, second, third] = within(table).getAllByRole('row');
    expect(first!.textContent).toContain('Welcome bonus');
    expect(first!.textContent).toContain('100 % of a first deposit up to ৳500 (deposits from ৳200)');
    expect(first!.textContent).toContain('wager 60× · max bet ৳200 · 7 days');
    expect(first!.textContent).toContain('Running');
    expect(first!.textContent).toContain('4 (1 waiting for a deposit)');
    expect(first!.textContent).toContain('2 · ৳612.50');
    expect(first!.textContent).toContain('1 · ৳300.00');
    expect(second!.textContent).toContain('৳10 bonus');
    expect(second!.textContent).toContain('Paused');
    // Forfeited and expired together: 3, ৳17.25.
    expect(second!.textContent).toContain('3 · ৳17.25');
    expect(third!.textContent).toContain('No bonus');
    expect(third!.textContent).toContain('Ended');
    expect(screen.getByTestId('bonus-bound').textContent).toContain('at least 59×');
    expect(within(table).queryByRole('button', { name: /Edit|Add|Pause|Resume|Remove/ })).toBeNull();
    // The reader may read the claims (money.read): a link to them, with the promotion.
    expect(within(first!).getByRole('link', { name: 'Claims of Welcome bonus' }).getAttribute('href')).toBe(
      '/admin/money/bonus-claims?promotionId=1',
    );
    expect(within(first!).queryByRole('link', { name: /Referral rewards/ })).toBeNull();
    // A referral promotion: the reward in words, its rewards by state, and a link to them.
    const fourth = within(table).getAllByRole('row')[4]!;
    expect(fourth.textContent).toContain(
      '৳100 per invited friend who deposits (from ৳200, within 14 days of registering) · claim within 30 days',
    );
    expect(screen.getByTestId('bonus-rewards-4').textContent).toBe(
      'Rewards: 2 (৳200.00) waiting · 1 (৳100.00) claimed · 0 expired',
    );
    expect(
      within(fourth).getByRole('link', { name: 'Referral rewards of Invite friends' }).getAttribute('href'),
    ).toBe('/admin/money/referral-rewards');
    expect(screen.queryByTestId('bonus-rewards-1')).toBeNull();
  });

  it('adds a rule: the sentence as typed, the client checks, the server refusal under its field, then the save', async () => {
    const sent: Sent[] = [];
    let saves = 0;
    serve(sent, (path, body) => {
      if (!path.endsWith('/rule/save')) return ok({});
      saves += 1;
      if (saves === 1) {
        return {
          status: 400,
          body: {
            success: false,
            code: 'VALIDATION_FAILED',
            message: 'err_validation_failed',
            value: {
              issues: [
                {
                  field: 'wageringMultiple',
                  reason: "with agents' wages and the rebate, a bonus must be wagered at least 61 times",
                  rule: 'invalid',
                },
              ],
            },
          },
        };
      }
      return ok({ promotionId: 3, rule: (body as { rule: unknown }).rule, paused: false });
    });
    renderAsOperator(<BonusesPage />, editor);
    fireEvent.click(await screen.findByRole('button', { name: 'Add a bonus: Cricket night' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bonus of Cricket night' });
    const field = (label: string | RegExp) => within(dialog).getByLabelText(label);
    const type = (label: string | RegExp, value: string) =>
      fireEvent.change(field(label), { target: { value } });
    // A new rule starts as a deposit match at the bound's multiple, slots counting in full.
    expect((field('Wagering (× the bonus)') as HTMLInputElement).value).toBe('59');
    expect((field('Slots') as HTMLInputElement).value).toBe('100');
    expect(screen.getByTestId('bonus-preview').textContent).toBe(
      'Fill in the rule to see it in one sentence.',
    );

    type('Up to (the most it gives)', '500');
    type('Largest bet while wagering', '200');
    type('Wagering (× the bonus)', '60');
    fireEvent.click(within(dialog).getByLabelText('First deposit only (members who never deposited)'));
    expect(screen.getByTestId('bonus-preview').textContent).toBe(
      '100 % of a first deposit up to ৳500 · wager 60× · max bet ৳200 · 7 days',
    );

    // The client's checks, nothing sent: under the bound, too many decimals, a deposit match's
    // smallest deposit missing, a weight above 100.
    type('Wagering (× the bonus)', '40');
    type('Largest bet while wagering', '200.005');
    type('Live casino', '120');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await within(dialog).findByText(/less would give away more than the house's edge/);
    expect(within(dialog).getByText('At most 2 decimal places.')).toBeTruthy();
    expect(within(dialog).getByText('Enter an amount above zero.')).toBeTruthy();
    expect(field('Live casino').getAttribute('aria-invalid')).toBe('true');
    expect(sent.some((call) => call.method === 'POST')).toBe(false);

    // The server's own refusal (its bound moved since the list was read) shows under its field.
    type('Wagering (× the bonus)', '60');
    type('Largest bet while wagering', '200');
    type('Smallest deposit', '200');
    type('Live casino', '20');
    type('New members only (days)', '30');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await within(dialog).findByText(
      "With agents' wages and the rebate, a bonus must be wagered at least 61 times.",
    );
    expect(field('Wagering (× the bonus)').getAttribute('aria-invalid')).toBe('true');

    type('Wagering (× the bonus)', '61');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText('The bonus of Cricket night is saved.');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const saved = sent.filter((call) => call.path.endsWith('/rule/save')).at(-1)!;
    expect(saved.body).toEqual({
      promotionId: 3,
      paused: false,
      rule: {
        kind: 'deposit_match',
        percent: '100',
        amount: '500',
        minDeposit: '200',
        firstDepositOnly: true,
        newMemberDays: 30,
        claimPeriod: 'member',
        maxClaims: null,
        wageringMultiple: 61,
        weights: { RNG: 100, LIVE: 20 },
        maxBet: '200',
        expiryDays: 7,
        depositWithinDays: 7,
      },
    });
  });

  it('edits a fixed bonus: no percentage or deposit fields, its saved values in the form', async () => {
    serve([]);
    renderAsOperator(<BonusesPage />, editor);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit bonus: Friday reload' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bonus of Friday reload' });
    expect(within(dialog).queryByLabelText('Percent of the deposit')).toBeNull();
    expect(within(dialog).queryByLabelText('Smallest deposit')).toBeNull();
    expect((within(dialog).getByLabelText('Bonus') as HTMLInputElement).value).toBe('10');
    expect((within(dialog).getByLabelText('Paused (no new claims)') as HTMLInputElement).checked).toBe(true);
    expect(screen.getByTestId('bonus-preview').textContent).toBe(
      '৳10 bonus · wager 60× · max bet ৳200 · 7 days',
    );
    // Turned into a deposit match, it asks for the deposit's fields, starting at 100 %.
    fireEvent.change(within(dialog).getByLabelText('Kind'), { target: { value: 'deposit_match' } });
    expect((within(dialog).getByLabelText('Percent of the deposit') as HTMLInputElement).value).toBe('100');
    expect(within(dialog).getByLabelText('Smallest deposit')).toBeTruthy();
    expect(within(dialog).getByLabelText('Up to (the most it gives)')).toBeTruthy();
  });

  it('makes a fixed bonus obtained by application, offered for a fixed bonus only', async () => {
    const sent: Sent[] = [];
    serve(sent, (path, body) => ok({ promotionId: 2, rule: (body as { rule: unknown }).rule, paused: true }));
    renderAsOperator(<BonusesPage />, editor);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit bonus: Friday reload' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bonus of Friday reload' });
    const obtain = within(dialog).getByLabelText('How members get it') as HTMLSelectElement;
    expect(obtain.value).toBe('claim');
    expect(within(dialog).getByLabelText('Each member may claim it')).toBeTruthy();
    fireEvent.change(obtain, { target: { value: 'apply' } });
    expect(within(dialog).getByText(/reviews it in Money → Bonus applications/)).toBeTruthy();
    expect(within(dialog).getByLabelText('Each member may apply')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Each member may apply'), { target: { value: 'week' } });
    expect(screen.getByTestId('bonus-preview').textContent).toBe(
      '৳10 bonus, by application · wager 60× · max bet ৳200 · 7 days',
    );
    // Another kind is always claimed: the choice goes away.
    fireEvent.change(within(dialog).getByLabelText('Kind'), { target: { value: 'deposit_match' } });
    expect(within(dialog).queryByLabelText('How members get it')).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('Kind'), { target: { value: 'fixed' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText('The bonus of Friday reload is saved.');
    const saved = sent.filter((call) => call.path.endsWith('/rule/save')).at(-1)!;
    expect(saved.body).toMatchObject({
      promotionId: 2,
      rule: { kind: 'fixed', percent: null, amount: '10', claimPeriod: 'week', obtain: 'apply' },
    });
  });

  it('names a bonus obtained by application in the list, with a link to its applications', async () => {
    const applyRule: BonusRule = {
      ...welcome,
      kind: 'fixed',
      percent: null,
      amount: '50',
      minDeposit: '0',
      firstDepositOnly: false,
      claimPeriod: 'week',
      obtain: 'apply',
    };
    expect(ruleSentence(applyRule, '৳')).toBe(
      '৳50 bonus, by application · wager 60× · max bet ৳200 · 7 days',
    );
    const withApply = { ...list, promotions: [promotion(7, 'Share your big win', { rule: applyRule })] };
    setFetchForTests(
      async () =>
        new Response(JSON.stringify({ success: true, value: withApply }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    );
    renderAsOperator(<BonusesPage />, reader);
    const table = await screen.findByRole('table', { name: 'Bonus promotions' });
    const [, row] = within(table).getAllByRole('row');
    expect(row!.textContent).toContain('৳50 bonus, by application');
    expect(
      within(row!).getByRole('link', { name: 'Applications of Share your big win' }).getAttribute('href'),
    ).toBe('/admin/money/bonus-applications?promotionId=7');
  });

  it("edits a referral reward: the friend's labels, an optional percentage, no claim period or first deposit", async () => {
    const sent: Sent[] = [];
    serve(sent, (path, body) =>
      ok({ promotionId: 4, rule: (body as { rule: unknown }).rule, paused: false }),
    );
    renderAsOperator(<BonusesPage />, editor);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit bonus: Invite friends' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bonus of Invite friends' });
    const field = (label: string) => within(dialog).getByLabelText(label) as HTMLInputElement;
    const kind = field('Kind');
    expect(kind.value).toBe('referral');
    expect(within(dialog).getByText(/For the member who invited a friend/)).toBeTruthy();
    expect(field("Percent of the friend's deposit (optional)").value).toBe('');
    expect(field('Reward').value).toBe('100');
    expect(field("Friend's smallest first deposit").value).toBe('200');
    expect(field('Friend must deposit within (days of registering)').value).toBe('14');
    expect(field('Days the reward waits to be claimed').value).toBe('30');
    expect(field('Rewards in all').value).toBe('');
    // What does not apply to a referral is not asked.
    expect(within(dialog).queryByLabelText('Each member may claim it')).toBeNull();
    expect(within(dialog).queryByLabelText(/First deposit only/)).toBeNull();
    expect(within(dialog).queryByLabelText('Percent of the deposit')).toBeNull();
    expect(screen.getByTestId('bonus-preview').textContent).toBe(
      '৳100 per invited friend who deposits (from ৳200, within 14 days of registering) · claim within 30 days · wager 60× · max bet ৳200 · 7 days',
    );

    // With a percentage, the amount is the cap.
    fireEvent.change(field("Percent of the friend's deposit (optional)"), { target: { value: '10' } });
    expect(within(dialog).queryByLabelText('Reward')).toBeNull();
    expect(field('Up to (the most it gives)').value).toBe('100');
    fireEvent.change(field("Friend's smallest first deposit"), { target: { value: '' } });
    fireEvent.change(field('Friend must deposit within (days of registering)'), { target: { value: '' } });
    expect(screen.getByTestId('bonus-preview').textContent).toBe(
      "10 % of an invited friend's first deposit up to ৳100 · claim within 30 days · wager 60× · max bet ৳200 · 7 days",
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText('The bonus of Invite friends is saved.');
    expect(sent.find((call) => call.path.endsWith('/rule/save'))?.body).toEqual({
      promotionId: 4,
      paused: false,
      rule: {
        ...invite,
        percent: '10',
        minDeposit: '0',
        newMemberDays: null,
      },
    });
  });

  it('turns a deposit match into a referral reward: a fixed reward, the deposit days as the wait', async () => {
    serve([]);
    renderAsOperator(<BonusesPage />, editor);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit bonus: Welcome bonus' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bonus of Welcome bonus' });
    expect(within(dialog).getByText(/A percentage of the member's next deposit/)).toBeTruthy();
    expect(within(dialog).getByLabelText('Each member may claim it')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Kind'), { target: { value: 'referral' } });
    expect(
      (within(dialog).getByLabelText("Percent of the friend's deposit (optional)") as HTMLInputElement).value,
    ).toBe('');
    expect((within(dialog).getByLabelText('Reward') as HTMLInputElement).value).toBe('500');
    expect(within(dialog).queryByLabelText('Each member may claim it')).toBeNull();
    // "First deposit only" was ticked; a referral sends it off.
    expect(screen.getByTestId('bonus-preview').textContent).toBe(
      '৳500 per invited friend who deposits (from ৳200, within 30 days of registering) · claim within 7 days · wager 60× · max bet ৳200 · 7 days',
    );
  });

  it('pauses after a confirmation, and shows why a removal is refused', async () => {
    const sent: Sent[] = [];
    serve(sent, (path, body) => {
      if (path.endsWith('/rule/pause')) return ok(body);
      return {
        status: 409,
        body: {
          success: false,
          code: 'CONFLICT',
          message: 'err_conflict',
          value: {
            open: 2,
            issues: [
              {
                field: 'promotionId',
                reason:
                  '2 bonuses are still waiting or active: pause the promotion and remove its rule once they have ended',
              },
            ],
          },
        },
      };
    });
    renderAsOperator(<BonusesPage />, editor);
    fireEvent.click(await screen.findByRole('button', { name: 'Pause Welcome bonus' }));
    const pause = await screen.findByRole('dialog', { name: 'Pause Welcome bonus?' });
    expect(pause.textContent).toContain('Bonuses already given go on');
    expect(sent.some((call) => call.method === 'POST')).toBe(false);
    fireEvent.click(within(pause).getByRole('button', { name: 'Pause' }));
    await screen.findByText('Welcome bonus is paused: no new claims.');
    expect(sent.find((call) => call.path.endsWith('/rule/pause'))?.body).toEqual({
      promotionId: 1,
      paused: true,
    });

    fireEvent.click(screen.getByRole('button', { name: 'Resume Friday reload' }));
    const resume = await screen.findByRole('dialog', { name: 'Resume Friday reload?' });
    fireEvent.click(within(resume).getByRole('button', { name: 'Resume' }));
    await screen.findByText('Friday reload takes claims again.');
    expect(sent.filter((call) => call.path.endsWith('/rule/pause')).at(-1)?.body).toEqual({
      promotionId: 2,
      paused: false,
    });

    fireEvent.click(screen.getByRole('button', { name: 'Remove bonus: Welcome bonus' }));
    const remove = await screen.findByRole('dialog', { name: 'Remove the bonus of Welcome bonus?' });
    expect(remove.textContent).toContain("set its page's end date in Site → Promotions");
    fireEvent.click(within(remove).getByRole('button', { name: 'Remove bonus' }));
    await within(remove).findByText(
      '2 bonuses are still waiting or active: pause the promotion and remove its rule once they have ended.',
    );
    expect(sent.find((call) => call.path.endsWith('/rule/remove'))?.body).toEqual({ promotionId: 1 });
    expect(screen.getByRole('dialog', { name: 'Remove the bonus of Welcome bonus?' })).toBeTruthy();
  });
});

describe('a rule in one sentence', () => {
  it('states a fixed bonus, a reload without a minimum, and a single day', () => {
    expect(
      ruleSentence({ ...welcome, kind: 'fixed', percent: null, amount: '1000', expiryDays: 1 }, '৳'),
    ).toBe('৳1,000 bonus · wager 60× · max bet ৳200 · 1 day');
    expect(ruleSentence({ ...welcome, percent: '12.5', minDeposit: '0', firstDepositOnly: false }, '৳')).toBe(
      '12.5 % of a deposit up to ৳500 · wager 60× · max bet ৳200 · 7 days',
    );
  });

  it('states a referral reward: fixed or a percentage, with or without a minimum and a time, a single day', () => {
    expect(ruleSentence(invite, '৳')).toBe(
      '৳100 per invited friend who deposits (from ৳200, within 14 days of registering) · claim within 30 days · wager 60× · max bet ৳200 · 7 days',
    );
    expect(ruleSentence({ ...invite, minDeposit: '0', newMemberDays: 1, depositWithinDays: 1 }, '৳')).toBe(
      '৳100 per invited friend who deposits (within 1 day of registering) · claim within 1 day · wager 60× · max bet ৳200 · 7 days',
    );
    expect(ruleSentence({ ...invite, percent: '5', newMemberDays: null }, '৳')).toBe(
      "5 % of an invited friend's first deposit up to ৳100 (from ৳200) · claim within 30 days · wager 60× · max bet ৳200 · 7 days",
    );
  });
});
