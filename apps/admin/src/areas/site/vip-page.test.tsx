import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { VipAdminValue } from '@khela/contract';
import { setFetchForTests } from '../../shared/api/client.ts';
import { operatorSelf, renderAsOperator } from '../../test/operator-page.tsx';
import VipPage from './vip-page.tsx';

/**
 * Site → VIP ranks (issue 40 item 1; docs/vip.md): the table with members per level and the bound,
 * a level added and the request sent, the server's refusal shown under its cell, and a reader who
 * gets no button and no editable cell.
 */
const owner = operatorSelf('owner', { id: 1, account: 'boss1', nickname: 'Boss' });
const reader = operatorSelf('readonly', { id: 6, account: 'look1', nickname: 'Look' });

const table: VipAdminValue = {
  periodDays: 30,
  levels: [
    {
      level: 0,
      name: 'Member',
      turnover: '0.00',
      deposits: '0.00',
      reward: '0.00',
      wageringMultiple: 60,
      dailyWithdrawalLimit: '100000.00',
    },
    {
      level: 1,
      name: 'Bronze',
      turnover: '5000.00',
      deposits: '1000.00',
      reward: '20.00',
      wageringMultiple: 60,
      dailyWithdrawalLimit: '150000.00',
    },
    {
      level: 2,
      name: 'Silver',
      turnover: '25000.00',
      deposits: '5000.00',
      reward: '100.00',
      wageringMultiple: 60,
      dailyWithdrawalLimit: '250000.00',
    },
  ],
  smallestWageringMultiple: 59,
  currency: 'BDT',
  currencySymbol: '৳',
  currencyPrecision: 2,
  timeZone: 'Asia/Dhaka',
  members: [
    { level: 0, count: 120 },
    { level: 2, count: 7 },
  ],
  updatedBy: 'boss1',
  updatedAt: Date.UTC(2026, 11, 1, 6, 0),
};

type Sent = { method: string; body: unknown };

function serve(sent: Sent[], onPost: (body: unknown) => { status?: number; body: unknown }) {
  setFetchForTests(async (_input, init) => {
    const method = init?.method ?? 'GET';
    const body: unknown = init?.body ? JSON.parse(String(init.body)) : null;
    sent.push({ method, body });
    const { status = 200, body: answer } =
      method === 'POST' ? onPost(body) : { body: { success: true, value: table } };
    return Response.json(answer, { status });
  });
}

describe('the VIP ranks page', () => {
  it('shows the levels with their members and the bound; a reader can change nothing', async () => {
    serve([], () => ({ body: {} }));
    renderAsOperator(<VipPage />, reader);
    const levels = await screen.findByRole('table', { name: 'Levels' });
    const [, base, bronze, silver] = within(levels).getAllByRole('row');
    expect((within(bronze!).getByLabelText('Level 1 name') as HTMLInputElement).value).toBe('Bronze');
    expect((within(silver!).getByLabelText('Level 2 turnover') as HTMLInputElement).value).toBe('25000.00');
    expect(base!.textContent).toContain('120');
    expect(silver!.textContent).toContain('7');
    expect(screen.getByTestId('vip-bound').textContent).toContain('at least 59×');
    expect(
      screen.getByText(/Bronze: ৳5,000.00 of turnover and ৳1,000.00 of deposits in 30 days/),
    ).toBeTruthy();
    expect((within(bronze!).getByLabelText('Level 1 name') as HTMLInputElement).readOnly).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save the table' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add a level' })).toBeNull();
  });

  it('adds a level and sends the whole table, levels numbered in order', async () => {
    const sent: Sent[] = [];
    serve(sent, () => ({ body: { success: true, value: table } }));
    renderAsOperator(<VipPage />, owner);
    await screen.findByRole('table', { name: 'Levels' });
    // Level 0's thresholds and reward are fixed at 0: only its name is editable.
    expect((screen.getByLabelText('Level 0 turnover') as HTMLInputElement).readOnly).toBe(true);
    expect((screen.getByLabelText('Level 0 name') as HTMLInputElement).readOnly).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Add a level' }));
    fireEvent.change(screen.getByLabelText('Level 3 name'), { target: { value: 'Gold' } });
    fireEvent.change(screen.getByLabelText('Level 3 turnover'), { target: { value: '100000' } });
    fireEvent.change(screen.getByLabelText('Level 3 deposits'), { target: { value: '20000' } });
    fireEvent.change(screen.getByLabelText('Level 3 reward'), { target: { value: '500' } });
    fireEvent.change(screen.getByLabelText('Rolling period (brand days)'), { target: { value: '14' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the table' }));
    expect(await screen.findByText(/The table is saved/)).toBeTruthy();
    const post = sent.find((call) => call.method === 'POST');
    expect(post?.body).toEqual({
      periodDays: 14,
      levels: [
        ...table.levels,
        {
          level: 3,
          name: 'Gold',
          turnover: '100000',
          deposits: '20000',
          reward: '500',
          wageringMultiple: 59,
          dailyWithdrawalLimit: null,
        },
      ],
    });
  });

  it("shows the server's refusal under its cell and keeps the draft", async () => {
    serve([], () => ({
      status: 400,
      body: {
        success: false,
        code: 'VALIDATION_FAILED',
        message: 'err_validation_failed',
        // As the server answers it (vip.service.ts checkVipTable).
        value: { issues: [{ field: 'levels.2.turnover', reason: 'must be above the level before' }] },
      },
    }));
    renderAsOperator(<VipPage />, owner);
    await screen.findByRole('table', { name: 'Levels' });
    fireEvent.change(screen.getByLabelText('Level 2 turnover'), { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Remove the last level' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add a level' }));
    fireEvent.change(screen.getByLabelText('Level 2 turnover'), { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the table' }));
    await waitFor(() =>
      expect(screen.getAllByText(/Must be above the level before/).length).toBeGreaterThan(0),
    );
    expect((screen.getByLabelText('Level 2 turnover') as HTMLInputElement).value).toBe('10');
    expect(screen.queryByText(/The table is saved/)).toBeNull();
  });

  it("sets a player's level by hand with a reason, for an operator with players.status only", async () => {
    const sent: Sent[] = [];
    serve(sent, () => ({
      body: { success: true, value: { username: 'rafi01', fromLevel: 0, toLevel: 2, reviewAt: null } },
    }));
    renderAsOperator(<VipPage />, owner);
    const form = await screen.findByRole('form', { name: "A player's level by hand" });
    fireEvent.change(within(form).getByLabelText('Username'), { target: { value: ' rafi01 ' } });
    fireEvent.change(within(form).getByLabelText('Level'), { target: { value: '2' } });
    fireEvent.change(within(form).getByLabelText('Reason (3 to 200 characters)'), {
      target: { value: 'VIP host request' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Set the level' }));
    expect(await within(form).findByText('rafi01: level 0 → 2.')).toBeTruthy();
    expect(sent.find((call) => call.method === 'POST')?.body).toEqual({
      username: 'rafi01',
      level: 2,
      reason: 'VIP host request',
    });
  });

  it('gives a reader no form to set a level', async () => {
    serve([], () => ({ body: {} }));
    renderAsOperator(<VipPage />, reader);
    await screen.findByRole('table', { name: 'Levels' });
    expect(screen.queryByRole('form', { name: "A player's level by hand" })).toBeNull();
  });
});
