import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { operatorSelf, renderAsOperator } from '../../test/operator-page.tsx';
import { setFetchForTests } from '../../shared/api/client.ts';
import { OddsSection } from './lottery-odds.tsx';
import { VoidRequestsSection } from './lottery-voids.tsx';

/**
 * Issue 36: the voids waiting for a second operator (listed with game, numero, requester, reason and
 * time; confirmed or rejected with a reason; the requester's own never offered for confirmation),
 * and the odds page naming play types as the member site does (vi, bn, en), not by their codes.
 */
const risk = operatorSelf('risk', { id: 9, account: 'risk1', nickname: 'Risk' });
const reader = operatorSelf('readonly', { id: 11, account: 'look1', nickname: 'Look' });

const pending = (requestId: number, requestedBy: string, numero: string) => ({
  requestId,
  gameCode: 'MB',
  gameName: 'Miền Bắc',
  numero,
  numeroStatus: 'locked',
  drawTime: Date.UTC(2026, 11, 7, 11, 15),
  reason: 'the draw machine jammed',
  status: 'pending',
  requestedBy,
  requestedAt: Date.UTC(2026, 11, 7, 11, 9),
  decidedBy: null,
  decidedAt: null,
  decisionReason: null,
});

function answering(
  sent: { path: string; body: unknown }[],
  answer: (path: string, body: unknown) => unknown,
) {
  setFetchForTests(async (input, init) => {
    const url = new URL(input, 'http://localhost');
    const body = init?.body ? JSON.parse(String(init.body)) : null;
    sent.push({ path: url.pathname, body });
    return new Response(JSON.stringify({ success: true, value: answer(url.pathname, body) }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
}

describe('voids waiting for a second operator', () => {
  it("lists each with game, numero, requester, reason and time; another's is confirmed or rejected with a reason, one's own only withdrawn", async () => {
    const sent: { path: string; body: unknown }[] = [];
    answering(sent, (path, body) => {
      if (path.endsWith('/void/reject')) {
        return { ...pending(2, 'owner1', '202612070002'), status: 'rejected', decidedBy: 'risk1' };
      }
      if (path.endsWith('/numeros/void')) return { numero: {}, refundedBets: 3, pending: false };
      void body;
      return { items: [pending(1, 'risk1', '202612070001'), pending(2, 'owner1', '202612070002')] };
    });
    renderAsOperator(<VoidRequestsSection />, risk);
    const table = await screen.findByRole('table', { name: 'Voids waiting for a second operator' });
    const [, own, other] = within(table).getAllByRole('row');
    expect(own!.textContent).toContain('Miền Bắc');
    expect(own!.textContent).toContain('202612070001');
    expect(own!.textContent).toContain('Betting closed');
    expect(own!.textContent).toContain('the draw machine jammed');
    expect(own!.textContent).toContain('risk1');
    expect(own!.textContent).toMatch(/2026-12-07 \d\d:09:00/);
    // One's own: no confirmation offered, only withdrawing it.
    expect(within(own!).getByText('Your request: another operator confirms it.')).toBeTruthy();
    expect(within(own!).queryByRole('button', { name: 'Confirm void' })).toBeNull();
    expect(within(own!).getByRole('button', { name: 'Withdraw' })).toBeTruthy();

    // Another's: rejected with a reason.
    fireEvent.click(within(other!).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: /Reject the void of numero 202612070002/ });
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'checked: no jam' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await screen.findByText('The void of numero 202612070002 is rejected: the draw goes on.');
    expect(sent.find((call) => call.path.endsWith('/void/reject'))?.body).toEqual({
      requestId: 2,
      reason: 'checked: no jam',
    });

    // Another's: confirmed (the void call, for its game and numero).
    fireEvent.click(within(other!).getByRole('button', { name: 'Confirm void' }));
    const confirm = await screen.findByRole('dialog', { name: /Void numero 202612070002 of Miền Bắc/ });
    fireEvent.change(within(confirm).getByLabelText(/Reason/), { target: { value: 'seen the video' } });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Confirm void' }));
    await screen.findByText('Numero 202612070002 voided: 3 bets refunded.');
    expect(sent.find((call) => call.path.endsWith('/numeros/void'))?.body).toEqual({
      gameCode: 'MB',
      numero: '202612070002',
      reason: 'seen the video',
    });
  });

  it('shows a reader the list without any action', async () => {
    answering([], () => ({ items: [pending(1, 'risk1', '202612070001')] }));
    renderAsOperator(<VoidRequestsSection />, reader);
    const table = await screen.findByRole('table', { name: 'Voids waiting for a second operator' });
    expect(within(table).queryAllByRole('button')).toHaveLength(0);
  });

  it('says when nothing waits', async () => {
    answering([], () => ({ items: [] }));
    renderAsOperator(<VoidRequestsSection />, risk);
    await waitFor(() => expect(screen.getByText('No void is waiting for a second operator.')).toBeTruthy());
  });
});

describe('the odds page', () => {
  it('names each play type as the member site does, in English, Vietnamese and Bengali, not by its code', async () => {
    const line = (region: string, playType: string, odds: string) => ({
      prizeMode: region === 'fast' ? 'Elott' : 'Lott',
      region,
      playType,
      odds,
      minStake: '1.00',
      maxStake: '10000.00',
      rtp: '95.00',
    });
    answering([], () => ({
      list: [line('north', 'lo2', '3.5'), line('south', 'lo2', '5.2'), line('south', 'dau_g8', '95')],
    }));
    renderAsOperator(<OddsSection ceiling={98} />, risk);
    const table = await screen.findByRole('table', { name: 'Odds and stake limits' });
    const names = [...table.querySelectorAll('.market-name')].map((name) => name.textContent);
    expect(names).toEqual([
      'Lô 2 sốলো ২ সংখ্যা',
      'Bao lô 2 sốবাও লো ২ সংখ্যা',
      'Đầu (8th prize)Đầu (giải 8) · দাউ (অষ্টম পুরস্কার)',
    ]);
    expect(table.textContent).not.toContain('dau_g8');
    expect(table.querySelector('[lang="bn"]')?.textContent).toBe('লো ২ সংখ্যা');
  });
});
