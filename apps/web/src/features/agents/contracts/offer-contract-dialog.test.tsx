import { beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Suspense } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { WageKind } from '@khela/contract';
import { changeLanguage } from '../../../shared/i18n/i18n.ts';
import { useSessionStore } from '../../../shared/stores/session-store.ts';
import { mockApi } from '../../../test/render-app.tsx';
import {
  agentWhitelabel,
  consolidatedFixture,
  contractFixture,
  failure,
  paths,
  routePosts,
} from './agent-test-kit.tsx';
import { OfferContractDialog } from './offer-contract-dialog.tsx';

beforeEach(async () => {
  await changeLanguage('EN', { remember: true });
});

function openDialog(kind: WageKind, post: (body: unknown) => unknown) {
  useSessionStore.getState().setSession({ token: 'token-1', isAgent: 1, username: 'demoagent' });
  const fetchMock = mockApi({
    whitelabel: agentWhitelabel(),
    answers: {
      [paths.consolidated]: consolidatedFixture({
        contracts: {
          daily: contractFixture(),
          hourly: null,
          dividend: contractFixture({ kind: 'dividend', maxRate: '30' }),
          realtime: contractFixture({
            kind: 'realtime',
            terms: { kind: 'realtime', terms: { winRate: '0.5', lossRate: '1', singleBet: '10.00' } },
            maxRate: '1',
          }),
        },
      }),
    },
  });
  const path = { daily: paths.daily, realtime: paths.realtime, dividend: paths.dividend, hourly: '' }[kind];
  const sent = routePosts(fetchMock, { [path]: post });
  let closed = 0;
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  // The root layout has the brand in before any page renders; a dialog alone reads it from the cache.
  queryClient.setQueryData(['system', 'whitelabel'], agentWhitelabel());
  render(
    <QueryClientProvider client={queryClient}>
      <Suspense fallback={null}>
        <OfferContractDialog username="sub01" kind={kind} open onClose={() => (closed += 1)} />
      </Suspense>
    </QueryClientProvider>,
  );
  return { sent, closed: () => closed };
}

const type = (field: HTMLElement | undefined, value: string) => {
  if (!field) throw new Error('no field');
  fireEvent.change(field, { target: { value } });
};

describe('OfferContractDialog', () => {
  it('offers a tier ladder and shows a server issue under the tier field it names; a retry keeps the request id', async () => {
    let calls = 0;
    const { sent, closed } = openDialog('daily', () => {
      calls += 1;
      return calls === 1
        ? failure('VALIDATION_FAILED', 'err_validation_failed', [
            { field: 'terms.tiers.1.teamBet', reason: 'must grow', rule: 'too_small', limit: 1000 },
          ])
        : contractFixture({ status: 'pending', member: 'sub01' });
    });
    const dialog = await screen.findByRole('dialog', { name: 'Offer a daily wage contract' });
    expect(await within(dialog).findByText(/Your own contract gives up to 1.25%/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add a tier' }));
    const bets = within(dialog).getAllByLabelText('Team betting');
    const members = within(dialog).getAllByLabelText('Active members');
    const rates = within(dialog).getAllByLabelText('Rate (%)');
    type(bets[0], '1000');
    type(rates[0], '0.5');
    type(bets[1], '2000');
    type(members[1], '2');
    type(rates[1], '1');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send the offer' }));

    await waitFor(() => expect(sent).toHaveLength(1));
    const body = sent[0]?.body as { requestId: string };
    expect(body).toEqual({
      action: 'offer',
      username: 'sub01',
      terms: {
        tiers: [
          { teamBet: '1000', activeMembers: 0, rate: '0.5' },
          { teamBet: '2000', activeMembers: 2, rate: '1' },
        ],
      },
      requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    // The server's issue lands under the second tier's team betting, not in a general alert.
    await waitFor(() => expect(bets[1]?.getAttribute('aria-invalid')).toBe('true'));
    expect(bets[0]?.getAttribute('aria-invalid')).toBeNull();
    const describedBy = bets[1]?.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe('Enter 1000 or more.');
    expect(within(dialog).queryByText('Something went wrong', { exact: false })).toBeNull();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Send the offer' }));
    await waitFor(() => expect(closed()).toBe(1));
    expect((sent[1]?.body as { requestId: string }).requestId).toBe(body.requestId);
  });

  it('checks the ladder on the client: a tier needs more than the one before', async () => {
    const { sent } = openDialog('daily', () => contractFixture());
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add a tier' }));
    const bets = within(dialog).getAllByLabelText('Team betting');
    const rates = within(dialog).getAllByLabelText('Rate (%)');
    type(bets[0], '1000');
    type(rates[0], '1');
    type(bets[1], '500');
    type(rates[1], '0.5');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send the offer' }));
    expect(
      await within(dialog).findByText(
        'Each tier needs more team betting or more active members than the one before',
      ),
    ).toBeTruthy();
    expect(within(dialog).getByText("A tier's rate may not be lower than the tier before")).toBeTruthy();
    // A removed tier takes its errors with it.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove tier 2' }));
    expect(within(dialog).getAllByLabelText('Team betting')).toHaveLength(1);
    expect(sent).toHaveLength(0);
  });

  it('puts CONTRACT_ABOVE_OWN under the rate above my own contract, and CONTRACT_OVERLAP in the alert', async () => {
    let calls = 0;
    const { sent } = openDialog('realtime', () => {
      calls += 1;
      return calls === 1
        ? failure('CONTRACT_ABOVE_OWN', 'err_contract_above_own')
        : failure('CONTRACT_OVERLAP', 'err_contract_overlap');
    });
    const dialog = await screen.findByRole('dialog', { name: 'Offer a real-time salary contract' });
    await within(dialog).findByText(/win rate 0.5%, loss rate 1%/);
    type(within(dialog).getByLabelText('Win rate (%)'), '0.8');
    type(within(dialog).getByLabelText('Loss rate (%)'), '1');
    type(within(dialog).getByLabelText('Single bet amount'), '20');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send the offer' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body).toMatchObject({ terms: { winRate: '0.8', lossRate: '1', singleBet: '20' } });
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Win rate (%)').getAttribute('aria-invalid')).toBe('true'),
    );
    expect(within(dialog).getByLabelText('Loss rate (%)').getAttribute('aria-invalid')).toBeNull();
    expect(
      within(dialog).getByText(
        'This offer is above your own contract, or you have no contract of this kind to share',
      ),
    ).toBeTruthy();

    type(within(dialog).getByLabelText('Win rate (%)'), '0.4');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send the offer' }));
    const alert = await within(dialog).findByText(/already has a contract of this kind/);
    expect(alert.closest('.form__alert')).toBeTruthy();
  });

  it('says CONTRACT_ABOVE_EDGE under the real-time rate it names, and in the alert for a tier ladder', async () => {
    const reason = "with the agent's other contracts, wages could take 58.00 % of the house's expected win";
    const text =
      "Together with this agent's other contracts, these rates could pay more than the brand allows of the house's expected win: lower them";
    const realtime = openDialog('realtime', () =>
      failure('CONTRACT_ABOVE_EDGE', 'err_contract_above_edge', [{ field: 'terms.lossRate', reason }]),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Offer a real-time salary contract' });
    await within(dialog).findByText(/win rate 0.5%, loss rate 1%/);
    type(within(dialog).getByLabelText('Win rate (%)'), '0.2');
    type(within(dialog).getByLabelText('Loss rate (%)'), '0.9');
    type(within(dialog).getByLabelText('Single bet amount'), '1');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send the offer' }));
    await waitFor(() => expect(realtime.sent).toHaveLength(1));
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Loss rate (%)').getAttribute('aria-invalid')).toBe('true'),
    );
    expect(within(dialog).getByText(text)).toBeTruthy();
    cleanup();

    const daily = openDialog('daily', () =>
      failure('CONTRACT_ABOVE_EDGE', 'err_contract_above_edge', [{ field: 'terms.tiers', reason }]),
    );
    const ladder = await screen.findByRole('dialog');
    type(within(ladder).getAllByLabelText('Team betting')[0], '100');
    type(within(ladder).getAllByLabelText('Rate (%)')[0], '1');
    fireEvent.click(within(ladder).getByRole('button', { name: 'Send the offer' }));
    await waitFor(() => expect(daily.sent).toHaveLength(1));
    const alert = await within(ladder).findByText(text);
    expect(alert.closest('.form__alert')).toBeTruthy();
  });

  it("sends a dividend's basis and period with its tiers", async () => {
    const { sent } = openDialog('dividend', () => contractFixture({ kind: 'dividend' }));
    const dialog = await screen.findByRole('dialog', { name: 'Offer a dividend contract' });
    fireEvent.change(within(dialog).getByLabelText('Basis'), { target: { value: 'betting' } });
    fireEvent.change(within(dialog).getByLabelText('Dividend period'), { target: { value: 'W' } });
    type(within(dialog).getByLabelText('Team betting'), '100');
    type(within(dialog).getByLabelText('Rate (%)'), '20');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send the offer' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body).toMatchObject({
      terms: { basis: 'betting', period: 'W', tiers: [{ teamBet: '100', activeMembers: 0, rate: '20' }] },
    });
  });
});
