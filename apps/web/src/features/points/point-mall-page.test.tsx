import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PointConfigValue, PointDetailLine, PointDetailValue } from '@khela/contract';
import { changeLanguage } from '../../shared/i18n/i18n.ts';
import { useSessionStore } from '../../shared/stores/session-store.ts';
import { renderApp } from '../../test/render-app.tsx';
import { openSealed, publicKeyAnswer } from '../../test/sealed-calls.ts';
import { answerCalls, failure, type Answer } from '../../test/test-answers.ts';
import { cashOfPoints } from './points-api.ts';

const configPath = '/wps/relay/MCS2_getPointConfig';
const balancePath = '/wps/relay/MCS2_getPointBalance';
const detailPath = '/wps/relay/ODSFE2_MemTransDet';
const convertPath = '/wps/relay/passwordCheck/MCS2_convertPoint';

beforeEach(async () => {
  await changeLanguage('EN', { remember: true });
  useSessionStore.getState().clearSession();
});

function config(overrides: Partial<PointConfigValue> = {}): PointConfigValue {
  return {
    enabled: true,
    rates: [
      { gameType: 'RNG', rate: '20' },
      { gameType: 'LIVE', rate: '10' },
    ],
    pointsPerCash: '100',
    minimumConversion: '500',
    conversionStep: '1',
    currency: 'BDT',
    timeZone: 'Asia/Dhaka',
    ...overrides,
  };
}

const earned: PointDetailLine = {
  reference: 'PT0000000012',
  time: Date.UTC(2026, 11, 6, 18, 10),
  type: 'earn',
  amount: '1200',
  balanceAfter: '1200',
  remark: '2026-12-06',
};

function detail(list: PointDetailLine[]): PointDetailValue {
  return { list, total: list.length, totalPages: list.length > 0 ? 1 : 0, pageNo: 1, pageSize: 10 };
}

/** The page at /pointMall, logged in as a player unless `guest`, with the points calls answered. */
async function openMall(
  options: { guest?: boolean; points?: string; lines?: PointDetailLine[]; config?: PointConfigValue } = {},
  answer: (path: string, body: unknown) => Answer | undefined = () => undefined,
) {
  if (!options.guest) {
    useSessionStore.getState().setSession({ token: 'token-1', isAgent: 0, username: 'demoplayer' });
  }
  const publicKey = await publicKeyAnswer();
  const view = renderApp('/pointMall');
  const seen = answerCalls(view.fetchMock, (path, body) => {
    const found = answer(path, body);
    if (found) return found;
    if (path === configPath) return { body: options.config ?? config() };
    if (path === balancePath) return { body: { enabled: true, balance: options.points ?? '1200' } };
    if (path === detailPath) return { body: detail(options.lines ?? [earned]) };
    if (path === '/wps/system/publicKey') return { body: publicKey };
    return undefined;
  });
  return { ...view, seen };
}

describe('the points mall (/pointMall)', () => {
  it('shows the balance, the rates, the points detail and room for the rewards', async () => {
    await openMall();
    expect((await screen.findByTestId('points-balance')).textContent).toBe('1,200');
    expect(screen.getByRole('heading', { name: 'How you earn points' })).toBeTruthy();
    expect(screen.getByText('20 points per ৳100.00')).toBeTruthy();
    expect(screen.getByText('100 points = ৳1.00 · At least 500 points')).toBeTruthy();
    const line = await screen.findByTestId('points-line');
    expect(line.textContent).toContain('Earned');
    expect(line.textContent).toContain('+1,200');
    expect(line.textContent).toContain('Bets of 2026-12-06');
    expect(line.textContent).toContain('PT0000000012');
    expect(screen.getByRole('heading', { name: 'Rewards' })).toBeTruthy();
  });

  it('shows a guest the rates and a login button, and asks nothing of the member calls', async () => {
    const { seen } = await openMall({ guest: true });
    expect(await screen.findByText('Log in to see your points and turn them into cash.')).toBeTruthy();
    const summary = screen.getByRole('region', { name: 'Your points' });
    expect(within(summary).getByRole('button', { name: 'Log in' })).toBeTruthy();
    expect(screen.getByText('20 points per ৳100.00')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Convert' })).toBeNull();
    expect(seen.some((call) => call.path === balancePath || call.path === detailPath)).toBe(false);
  });

  it('says so when there are no points yet, and when the brand has points off', async () => {
    const view = await openMall({ points: '0', lines: [] });
    expect(await screen.findByText('No points yet')).toBeTruthy();
    view.unmount();
    await openMall({ config: config({ enabled: false }) });
    expect(await screen.findByText('Points are paused')).toBeTruthy();
  });

  it('shows the cash the points make, checks them, and converts with the payment password, sealed', async () => {
    const { seen } = await openMall({}, (path) =>
      path === convertPath
        ? {
            body: {
              reference: 'PT0000000013',
              replayed: false,
              points: '750',
              cash: '7.50',
              currency: 'BDT',
              balance: '450',
            },
          }
        : undefined,
    );
    await screen.findByTestId('points-balance');
    const points = screen.getByRole('textbox', { name: 'Points to convert' });
    fireEvent.click(screen.getByRole('button', { name: 'Convert' }));
    expect(await screen.findByText('Enter the points to convert')).toBeTruthy();
    fireEvent.input(points, { target: { value: '400' } });
    expect(screen.getByTestId('points-cash').textContent).toBe('You receive ৳4.00 in your main wallet');
    fireEvent.click(screen.getByRole('button', { name: 'Convert' }));
    expect(await screen.findByText('At least 500 points')).toBeTruthy();
    fireEvent.input(points, { target: { value: '1201' } });
    fireEvent.click(screen.getByRole('button', { name: 'Convert' }));
    expect(await screen.findByText('You have 1,200 points')).toBeTruthy();
    expect(seen.some((call) => call.path === convertPath)).toBe(false);

    fireEvent.input(points, { target: { value: '750' } });
    fireEvent.input(screen.getByLabelText('Payment password'), { target: { value: '246810' } });
    fireEvent.click(screen.getByRole('button', { name: 'Convert' }));
    expect(await screen.findByText('750 points converted: ৳7.50 added to your main wallet.')).toBeTruthy();
    const body = await openSealed(seen.find((call) => call.path === convertPath)?.body);
    expect(body).toMatchObject({ points: '750', paymentPassword: '246810' });
    expect(String(body.requestId)).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('puts the server refusals under their fields', async () => {
    let calls = 0;
    await openMall({}, (path) => {
      if (path !== convertPath) return undefined;
      calls += 1;
      return calls === 1
        ? failure(400, 'WRONG_PASSWORD', 'err_wrong_password')
        : failure(409, 'INSUFFICIENT_POINTS', 'err_insufficient_points');
    });
    await screen.findByTestId('points-balance');
    fireEvent.input(screen.getByRole('textbox', { name: 'Points to convert' }), { target: { value: '600' } });
    const password = screen.getByLabelText('Payment password');
    fireEvent.input(password, { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Convert' }));
    await waitFor(() => expect(password.getAttribute('aria-invalid')).toBe('true'));
    fireEvent.click(screen.getByRole('button', { name: 'Convert' }));
    expect(await screen.findByText('You do not have enough points.')).toBeTruthy();
  });

  it('speaks Bengali', async () => {
    await changeLanguage('BN', { remember: true });
    await openMall();
    await screen.findByTestId('points-balance');
    const convert = screen.getByRole('region', { name: 'পয়েন্ট নগদে রূপান্তর' });
    expect(within(convert).getByRole('button', { name: 'রূপান্তর করুন' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'পয়েন্টের বিবরণ' })).toBeTruthy();
  });
});

describe('cashOfPoints', () => {
  it('turns points into major units at the ratio, floored', () => {
    expect(cashOfPoints(750n, 100n, 2)).toBe('7.50');
    expect(cashOfPoints(5n, 100n, 2)).toBe('0.05');
    expect(cashOfPoints(7n, 3n, 2)).toBe('2.33');
    expect(cashOfPoints(1000n, 1000n, 0)).toBe('1');
  });
});
