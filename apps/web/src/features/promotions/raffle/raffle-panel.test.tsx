import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  raffleDigest,
  raffleLeaf,
  raffleWinners,
  seedHashOf,
  type RaffleEntry,
  type RaffleRule,
  type RaffleValue,
} from '@khela/contract';
import { changeLanguage } from '../../../shared/i18n/i18n.ts';
import { useOverlayStore } from '../../../shared/stores/overlay-store.ts';
import { useSessionStore } from '../../../shared/stores/session-store.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { answerCalls, failure } from '../../../test/test-answers.ts';

const rafflePath = '/wps/promotion/raffle';
const joinPath = '/wps/relay/MCS2_claimRafflePromotion';
const entriesPath = '/wps/promotion/raffle/entries';
const startsAt = Date.UTC(2026, 11, 6, 0, 0);

beforeEach(async () => {
  await changeLanguage('EN', { remember: true });
});

const detail = {
  id: 14,
  type: 'event',
  title: 'Lucky draw: ৳9,000 in 13 prizes',
  summary: 'Join and play.',
  imageUrl: null,
  startsAt,
  endsAt: startsAt + 7 * 86_400_000,
  status: 'join',
  action: 'join',
  content: '<h3>Rules</h3>',
};

const rule: RaffleRule = {
  ticketTurnover: '500.00',
  maxTickets: 200,
  prizes: [
    { amount: '5000.00', count: 1 },
    { amount: '200.00', count: 2 },
  ],
  weights: { RNG: 100, LIVE: 20 },
  wageringMultiple: 60,
  maxBet: '200.00',
  expiryDays: 7,
  claimDays: 14,
};

function raffle(overrides: Partial<RaffleValue> = {}): RaffleValue {
  return {
    promotionId: 14,
    raffleId: 3,
    state: 'open',
    rule,
    startsAt,
    endsAt: startsAt + 7 * 86_400_000,
    timeZone: 'Asia/Dhaka',
    seedHash: 'a'.repeat(64),
    entries: 12,
    lockedAt: null,
    digest: null,
    ticketTotal: null,
    beaconRound: null,
    joined: false,
    myTickets: null,
    counted: null,
    nextTicketIn: null,
    myPlace: null,
    winners: [],
    seed: null,
    beacon: null,
    ...overrides,
  };
}

function showRaffle(value: RaffleValue, { isMember = true } = {}) {
  if (isMember) useSessionStore.getState().setSession({ token: 'token-1', isAgent: 0, username: 'rahim01' });
  const view = renderApp('/promoDetail?id=14', {
    answers: { '/wps/promotion/detail': detail, [rafflePath]: value },
  });
  const seen = answerCalls(view.fetchMock, (path) =>
    path === '/wps/promotion/offer' ? { body: null } : undefined,
  );
  return { ...view, seen };
}

/** A real drawn raffle: entries, digest, winners derived with the contract's code. */
async function drawnRaffle(): Promise<{ value: RaffleValue; entries: RaffleEntry[] }> {
  const seed = '5e'.repeat(32);
  const seedHash = await seedHashOf(seed);
  const tickets = [4, 1, 9];
  const entries: RaffleEntry[] = [];
  let next = 0;
  for (const [position, count] of tickets.entries()) {
    const fields = { position, username: `pl****0${position}`, ticketFrom: next, tickets: count };
    entries.push({ ...fields, leaf: await raffleLeaf({ raffleId: 3, seedHash, ...fields }) });
    next += count;
  }
  const digest = await raffleDigest(entries.map((entry) => entry.leaf));
  const randomness = 'b'.repeat(64);
  const derived = await raffleWinners({
    raffleId: 3,
    seed,
    digest,
    beaconRandomness: randomness,
    entries,
    places: 3,
  });
  const amounts = ['5000.00', '200.00', '200.00'];
  return {
    entries,
    value: raffle({
      state: 'drawn',
      seedHash,
      seed,
      digest,
      entries: 3,
      ticketTotal: 14,
      lockedAt: startsAt + 7 * 86_400_000,
      beaconRound: 1234,
      beacon: {
        round: 1234,
        randomness,
        signature: 'c'.repeat(96),
        publicKey: 'd'.repeat(192),
        chainHash: null,
        roundTime: startsAt,
      },
      joined: true,
      myTickets: 1,
      myPlace: derived.find((winner) => winner.position === 1)?.place ?? null,
      winners: derived.map((winner) => ({
        place: winner.place,
        username: entries[winner.position]!.username,
        amount: amounts[winner.place - 1]!,
        ticket: winner.ticket,
      })),
    }),
  };
}

describe('the raffle panel of /promoDetail', () => {
  it('states the rule in words and asks a visitor to log in before joining', async () => {
    const { seen } = showRaffle(raffle(), { isMember: false });
    const facts = await screen.findByTestId('raffle-rule');
    expect(facts.textContent).toContain(
      'One ticket for every ৳500.00 of counted betting, at most 200 tickets',
    );
    expect(facts.textContent).toContain('Prize 1: ৳5,000.00');
    expect(facts.textContent).toContain('Prizes 2 to 3: ৳200.00 each');
    expect(facts.textContent).toContain('Counts: Slots 100%, Live casino 20%');
    fireEvent.click(screen.getByRole('button', { name: 'Join' }));
    expect(useOverlayStore.getState().openModals).toContain('loginPopupModal');
    expect(seen.some((call) => call.path === joinPath)).toBe(false);
  });

  it('joins, then shows the tickets and what the next one needs', async () => {
    const view = showRaffle(raffle());
    const seen = answerCalls(view.fetchMock, (path) =>
      path === joinPath
        ? { body: raffle({ joined: true, myTickets: 2, counted: '1200.00', nextTicketIn: '300.00' }) }
        : undefined,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Join' }));
    const mine = await screen.findByTestId('raffle-my-tickets');
    expect(mine.textContent).toContain('Your tickets: 2');
    expect(mine.textContent).toContain('Counted betting so far ৳1,200.00; ৳300.00 more for the next ticket.');
    expect(seen.filter((call) => call.path === joinPath)).toEqual([
      { path: joinPath, method: 'POST', body: { promotionId: 14 } },
    ]);
    expect(screen.getByText('Joined')).toBeTruthy();
  });

  it('says why a join is refused', async () => {
    const view = showRaffle(raffle());
    answerCalls(view.fetchMock, (path) =>
      path === joinPath
        ? failure(403, 'PROMOTION_NOT_ELIGIBLE', 'not eligible', { value: { reason: 'claimed' } })
        : undefined,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Join' }));
    expect(await screen.findByText('You have joined this draw already.')).toBeTruthy();
  });

  it('shows the winners of a drawn raffle and checks the draw in the browser', async () => {
    const { value, entries } = await drawnRaffle();
    const view = showRaffle(value);
    const seen = answerCalls(view.fetchMock, (path) =>
      path === entriesPath
        ? { body: { list: entries, total: entries.length, pageNo: 1, pageSize: 1000 } }
        : undefined,
    );
    const winners = await screen.findByTestId('raffle-winners');
    expect(within(winners).getAllByRole('listitem')).toHaveLength(3);
    if (value.myPlace !== null) expect(screen.getByTestId('raffle-my-prize')).toBeTruthy();
    fireEvent.click(screen.getByText('How to check this draw'));
    fireEvent.click(screen.getByRole('button', { name: 'Check the draw' }));
    const check = await screen.findByTestId('raffle-check');
    await waitFor(() => expect(check.querySelectorAll('[data-ok="true"]')).toHaveLength(3));
    expect(seen.some((call) => call.path === entriesPath)).toBe(true);
  });

  it('notices a winner who does not follow from the proof', async () => {
    const { value, entries } = await drawnRaffle();
    const forged = {
      ...value,
      winners: value.winners.map((winner, index) =>
        index === 0 ? { ...winner, ticket: (winner.ticket + 1) % 14 } : winner,
      ),
    };
    const view = showRaffle(forged);
    answerCalls(view.fetchMock, (path) =>
      path === entriesPath
        ? { body: { list: entries, total: entries.length, pageNo: 1, pageSize: 1000 } }
        : undefined,
    );
    fireEvent.click(await screen.findByText('How to check this draw'));
    fireEvent.click(screen.getByRole('button', { name: 'Check the draw' }));
    const check = await screen.findByTestId('raffle-check');
    expect(check.querySelector('[data-ok="false"]')?.textContent).toContain('The winners follow');
  });

  it('reads in Bengali', async () => {
    await changeLanguage('BN', { remember: true });
    showRaffle(raffle({ joined: true, myTickets: 3, counted: '1500.00', nextTicketIn: '500.00' }));
    expect((await screen.findByTestId('raffle-my-tickets')).textContent).toContain('আপনার টিকিট');
  });
});
