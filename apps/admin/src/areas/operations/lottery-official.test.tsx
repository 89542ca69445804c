import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { operatorSelf, renderAsOperator } from '../../test/operator-page.tsx';
import { setFetchForTests } from '../../shared/api/client.ts';
import { OfficialSection } from './lottery-official.tsx';

/**
 * The back office's official results (issue 36 item 5): the sources, the draws waiting for their
 * sheet, a typed copy sent tier by tier, and a mismatch shown by place on its fields.
 */
const risk = operatorSelf('risk', { id: 9, account: 'risk1', nickname: 'Risk' });
const support = operatorSelf('support', { id: 10, account: 'help1', nickname: 'Help' });

const official = {
  deadlineMinutes: 360,
  feed: 'none',
  games: [
    { gameCode: 'MB', gameName: 'North Vietnam', region: 'north', resultSource: 'official' },
    { gameCode: 'HCM', gameName: 'Ho Chi Minh City', region: 'south', resultSource: 'house' },
  ],
  waiting: [
    {
      gameCode: 'HCM',
      gameName: 'Ho Chi Minh City',
      region: 'south',
      numero: '202612070001',
      drawTime: Date.UTC(2026, 11, 7, 9, 15),
      deadline: Date.UTC(2026, 11, 7, 15, 15),
      entries: [{ operator: 'operator', enteredAt: Date.UTC(2026, 11, 7, 9, 40) }],
      differences: [],
    },
  ],
};

function answering(sent: { path: string; body: unknown }[], answer: (path: string) => unknown) {
  setFetchForTests(async (input, init) => {
    const url = new URL(input, 'http://localhost');
    sent.push({ path: url.pathname, body: init?.body ? JSON.parse(String(init.body)) : null });
    return new Response(JSON.stringify({ success: true, value: answer(url.pathname) }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
}

describe('official results in the back office', () => {
  it('lists the sources and the waiting draw; a copy goes tier by tier and a mismatch marks its place', async () => {
    const sent: { path: string; body: unknown }[] = [];
    answering(sent, (path) =>
      path.endsWith('/official/sheet')
        ? {
            status: 'mismatch',
            differences: [{ tier: 'third', index: 1 }],
            numero: {},
          }
        : official,
    );
    renderAsOperator(<OfficialSection canManage />, risk);
    const sources = await screen.findByRole('table', { name: 'Result sources' });
    expect(within(sources).getByText('Official result')).toBeTruthy();
    expect(within(sources).getByText('House draw (not the official result)')).toBeTruthy();
    const waiting = screen.getByRole('table', { name: 'Official results waiting for their sheet' });
    expect(within(waiting).getByText("Waiting for a second operator's copy")).toBeTruthy();

    fireEvent.click(within(waiting).getByRole('button', { name: 'Type the sheet of 202612070001' }));
    const form = screen.getByRole('form', { name: /Official sheet of Ho Chi Minh City/ });
    // The south's layout: 18 numbers.
    expect(within(form).getAllByRole('textbox')).toHaveLength(18);
    fireEvent.change(within(form).getByLabelText('Special prize, number 1'), { target: { value: '123456' } });
    fireEvent.change(within(form).getByLabelText('Third prize, number 2'), { target: { value: '55555' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save my copy' }));
    expect(
      await within(form).findByText(
        'The copies differ at: Third prize, number 2. Settlement is blocked until two copies match.',
      ),
    ).toBeTruthy();
    expect(within(form).getByLabelText('Third prize, number 2').getAttribute('aria-invalid')).toBe('true');
    const copy = sent.find((call) => call.path.endsWith('/official/sheet'))?.body as {
      gameCode: string;
      numero: string;
      tiers: Record<string, string[]>;
    };
    expect(copy.gameCode).toBe('HCM');
    expect(copy.numero).toBe('202612070001');
    expect(copy.tiers.special).toEqual(['123456']);
    expect(copy.tiers.third).toEqual(['', '55555']);
    expect(Object.keys(copy.tiers)).toHaveLength(9);
  });

  it('an operator without lottery.manage sees the lists but no form', async () => {
    answering([], () => official);
    renderAsOperator(<OfficialSection canManage={false} />, support);
    await screen.findByRole('table', { name: 'Result sources' });
    expect(screen.queryByRole('button', { name: 'Set the source' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Type the sheet of/ })).toBeNull();
  });
});
