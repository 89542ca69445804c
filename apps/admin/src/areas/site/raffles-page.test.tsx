import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { RaffleRule } from '@khela/contract';
import { setFetchForTests } from '../../shared/api/client.ts';
import { operatorSelf, renderAsOperator } from '../../test/operator-page.tsx';
import RafflesPage from './raffles-page.tsx';
import { toLocalInput } from './site-kit.tsx';

/**
 * Site → Raffles (issue 39 item 4): the table (state, period, entries and tickets, prizes; a row's
 * proof fields and winners with their rewards), the "New raffle" form (the live words, the client's
 * checks, prize lines added and removed, the server's refusal under its field, the request sent),
 * and a reader who gets no button.
 */
const editor = operatorSelf('content', { id: 5, account: 'content1', nickname: 'Content' });
const reader = operatorSelf('readonly', { id: 6, account: 'look1', nickname: 'Look' });

const HOUR = 3_600_000;

const rule: RaffleRule = {
  ticketTurnover: '500',
  maxTickets: 200,
  prizes: [
    { amount: '5000', count: 1 },
    { amount: '200', count: 10 },
  ],
  weights: { RNG: 100, LIVE: 20 },
  wageringMultiple: 60,
  maxBet: '200',
  expiryDays: 7,
  claimDays: 14,
};

function raffle(id: number, title: string, extra: Record<string, unknown> = {}) {
  return {
    raffleId: id,
    promotionId: 10 + id,
    title,
    state: 'open',
    startsAt: Date.UTC(2026, 11, 1, 0, 0),
    endsAt: Date.UTC(2026, 11, 8, 0, 0),
    currency: 'BDT',
    rule,
    entries: 12,
    entriesWithTickets: null,
    ticketTotal: null,
    prizesTotal: '7000.00',
    places: 11,
    seedHash: 'a'.repeat(64),
    lockedAt: null,
    digest: null,
    beaconRound: null,
    drawnAt: null,
    createdBy: 'content1#5',
    createdAt: Date.UTC(2026, 10, 30, 6, 0),
    winners: [],
    ...extra,
  };
}

const list = {
  currency: 'BDT',
  currencySymbol: '৳',
  currencyPrecision: 2,
  smallestWageringMultiple: 59,
  timeZone: 'Asia/Dhaka',
  raffles: [
    raffle(2, 'Weekly draw'),
    raffle(1, 'Lucky draw', {
      state: 'drawn',
      entries: 5,
      entriesWithTickets: 4,
      ticketTotal: 65,
      digest: 'b'.repeat(64),
      beaconRound: 1234,
      lockedAt: Date.UTC(2026, 11, 8, 0, 2),
      drawnAt: Date.UTC(2026, 11, 8, 0, 3),
      winners: [
        { place: 1, username: 'ra****01', amount: '5000.00', ticket: 17, rewardState: 'claimed' },
        { place: 2, username: 'ka****22', amount: '200.00', ticket: 3, rewardState: 'waiting' },
      ],
    }),
  ],
  pages: [
    { promotionId: 31, title: 'Cricket raffle', startsAt: null, endsAt: null },
    { promotionId: 32, title: 'Eid raffle', startsAt: null, endsAt: null },
  ],
};

type Sent = { method: string; path: string; body: unknown };

type Answer = { status?: number; body: unknown };

/** The list for every GET; each POST answered by `onPost` and recorded in `sent`. */
function serve(sent: Sent[], onPost: (body: unknown) => Answer = () => ({ body: {} })) {
  setFetchForTests(async (input, init) => {
    const method = init?.method ?? 'GET';
    const body: unknown = init?.body ? JSON.parse(String(init.body)) : null;
    sent.push({ method, body, path: new URL(input, 'http://localhost').pathname });
    const { status = 200, body: answer } =
      method === 'POST' ? onPost(body) : { body: { success: true, value: list } };
    return Response.json(answer, { status });
  });
}

describe('the raffles page', () => {
  it('lists each raffle with its state, entries, tickets and prizes; a drawn one shows its proof and winners', async () => {
    serve([]);
    renderAsOperator(<RafflesPage />, reader);
    const table = await screen.findByRole('table', { name: 'Raffles' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(first!.textContent).toContain('Weekly draw');
    expect(first!.textContent).toContain('Open');
    expect(first!.textContent).toContain('12 joined');
    expect(first!.textContent).toContain('৳7,000.00 in 11 prizes');
    expect(second!.textContent).toContain('Lucky draw');
    expect(second!.textContent).toContain('Drawn');
    expect(second!.textContent).toContain('5 joined · 65 tickets (4 holding any)');
    expect(screen.getByTestId('raffle-bound').textContent).toContain('at least 59×');
    // A reader makes no raffle; nothing can be edited or removed by anyone.
    expect(screen.queryByRole('button', { name: 'New raffle' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Edit|Remove/ })).toBeNull();

    fireEvent.click(within(second!).getByRole('button', { name: 'Show details' }));
    const details = await screen.findByTestId('raffle-details-1');
    expect(details.textContent).toContain(
      'A ticket per ৳500 of counted betting, at most 200 a member · prizes ৳5,000, 10 × ৳200 (৳7,000.00 in 11) · each prize wagered 60× within 7 days, max bet ৳200 · claimed within 14 days',
    );
    expect(details.textContent).toContain('a'.repeat(64));
    expect(details.textContent).toContain('b'.repeat(64));
    expect(details.textContent).toContain('1234');
    const winners = within(details).getByRole('table', { name: 'Winners' });
    const [, gold, silver] = within(winners).getAllByRole('row');
    expect(gold!.textContent).toBe('1ra****01৳5,000.0017Claimed');
    expect(silver!.textContent).toBe('2ka****22৳200.003Waiting to be claimed');

    fireEvent.click(within(first!).getByRole('button', { name: 'Show details' }));
    const open = await screen.findByTestId('raffle-details-2');
    expect(open.textContent).toContain('not yet');
    expect(within(open).queryByRole('table', { name: 'Winners' })).toBeNull();
  });

  it('creates a raffle: the words as typed, prize lines, the client checks, the server refusal, then the request', async () => {
    const sent: Sent[] = [];
    let posts = 0;
    serve(sent, (body) => {
      posts += 1;
      if (posts === 1) {
        return {
          status: 409,
          body: {
            success: false,
            code: 'CONFLICT',
            message: 'err_conflict',
            value: { issues: [{ field: 'promotionId', reason: 'has a raffle already', rule: 'invalid' }] },
          },
        };
      }
      const request = body as { promotionId: number; startsAt: number; endsAt: number; rule: RaffleRule };
      return { body: { success: true, value: { ...raffle(3, 'Eid raffle'), ...request } } };
    });
    renderAsOperator(<RafflesPage />, editor);
    fireEvent.click(await screen.findByRole('button', { name: 'New raffle' }));
    const dialog = await screen.findByRole('dialog', { name: 'New raffle' });
    expect(dialog.textContent).toContain('cannot change and it cannot be removed');
    const field = (label: string) => within(dialog).getByLabelText(label) as HTMLInputElement;
    const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
    expect(field('Promotion page').value).toBe('31');
    expect(field('Prize wagering (× the prize)').value).toBe('59');
    expect(field('Slots').value).toBe('100');
    expect(screen.getByTestId('raffle-preview').textContent).toBe('Fill in the raffle to see it in words.');

    type('Promotion page', '32');
    type('Counted betting per ticket', '100');
    type('Most tickets per member', '50');
    type('Prize 1: amount', '500');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add a prize line' }));
    type('Prize 2: amount', '100');
    type('Prize 2: how many', '2');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add a prize line' }));
    expect(field('Prize 3: amount')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove prize line 3' }));
    expect(within(dialog).queryByLabelText('Prize 3: amount')).toBeNull();
    type('Largest bet while wagering a prize', '100');
    type('Prize wagering (× the prize)', '60');
    expect(screen.getByTestId('raffle-preview').textContent).toContain(
      'A ticket per ৳100 of counted betting, at most 50 a member · prizes ৳500, 2 × ৳100 (৳700.00 in 3) · each prize wagered 60× within 7 days, max bet ৳100 · claimed within 7 days · from ',
    );

    // The client's checks, nothing sent: under the bound, too many decimals, a zero prize, a weight
    // above 100, more than 100 prizes, a start in the past, an end before the start.
    type('Prize wagering (× the prize)', '40');
    type('Counted betting per ticket', '100.005');
    type('Prize 1: amount', '0');
    type('Live casino', '120');
    type('Starts', toLocalInput(Date.now() - 2 * HOUR));
    type('Ends', toLocalInput(Date.now() - 3 * HOUR));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    for (const shown of [
      /less would give away more than the house's edge/,
      'At most 2 decimal places.',
      'Enter an amount above zero.',
      /cannot start in the past/,
      'Must be after the start.',
    ]) {
      expect(await within(dialog).findByText(shown)).toBeTruthy();
    }
    expect(field('Live casino').getAttribute('aria-invalid')).toBe('true');
    type('Prize 2: how many', '100');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await within(dialog).findByText(/At most 100 prizes/i);
    expect(sent.some((call) => call.method === 'POST')).toBe(false);

    // Put right; the server refuses (a raffle was made on the page meanwhile): under the page.
    const startsAt = toLocalInput(Date.now() + HOUR);
    const endsAt = toLocalInput(Date.now() + 25 * HOUR);
    type('Prize wagering (× the prize)', '60');
    type('Counted betting per ticket', '100');
    type('Prize 1: amount', '500');
    type('Prize 2: how many', '2');
    type('Live casino', '20');
    type('Starts', startsAt);
    type('Ends', endsAt);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await within(dialog).findByText('Has a raffle already.');
    expect(field('Promotion page').getAttribute('aria-invalid')).toBe('true');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText('The raffle of Eid raffle is created; its seed hash is published.');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const created = sent.filter((call) => call.method === 'POST').at(-1)!;
    expect(created.path).toBe('/api/operator/promotion/raffle/create');
    const request = created.body as { startsAt: number; endsAt: number };
    expect(toLocalInput(request.startsAt)).toBe(startsAt);
    expect(toLocalInput(request.endsAt)).toBe(endsAt);
    expect(created.body).toEqual({
      promotionId: 32,
      startsAt: request.startsAt,
      endsAt: request.endsAt,
      rule: {
        ticketTurnover: '100',
        maxTickets: 50,
        prizes: [
          { amount: '500', count: 1 },
          { amount: '100', count: 2 },
        ],
        weights: { RNG: 100, LIVE: 20 },
        wageringMultiple: 60,
        maxBet: '100',
        expiryDays: 7,
        claimDays: 7,
      },
    });
  });

  it('shows a server refusal of a rule field under that field', async () => {
    serve([], () => ({
      status: 400,
      body: {
        success: false,
        code: 'VALIDATION_FAILED',
        message: 'err_validation_failed',
        value: {
          issues: [
            {
              field: 'rule.wageringMultiple',
              reason: "with agents' wages and the rebate, a prize must be wagered at least 61 times",
              rule: 'invalid',
            },
          ],
        },
      },
    }));
    renderAsOperator(<RafflesPage />, editor);
    fireEvent.click(await screen.findByRole('button', { name: 'New raffle' }));
    const dialog = await screen.findByRole('dialog', { name: 'New raffle' });
    const type = (label: string, value: string) =>
      fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
    type('Counted betting per ticket', '100');
    type('Prize 1: amount', '500');
    type('Largest bet while wagering a prize', '100');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await within(dialog).findByText(
      "With agents' wages and the rebate, a prize must be wagered at least 61 times.",
    );
    expect(within(dialog).getByLabelText('Prize wagering (× the prize)').getAttribute('aria-invalid')).toBe(
      'true',
    );
  });
});
