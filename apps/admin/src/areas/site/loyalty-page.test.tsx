import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { setFetchForTests } from '../../shared/api/client.ts';
import { operatorSelf, renderAsOperator } from '../../test/operator-page.tsx';
import LoyaltyPage from './loyalty-page.tsx';

const owner = operatorSelf('owner', { id: 1, account: 'operator', nickname: 'Owner' });

const document = {
  brandName: 'Khela',
  loyaltyPoints: {
    enabled: true,
    rates: { RNG: 20, LIVE: 10 },
    pointsPerCash: 100,
    minimumConversion: 500,
    edgeShare: 10,
  },
};

function answer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** The page against a server that answers the settings and records every save it is sent. */
function openPage(saveAnswer: (body: Record<string, unknown>) => Response) {
  const saves: Record<string, unknown>[] = [];
  setFetchForTests(async (input, init) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    if (path === '/api/operator/site/settings') {
      return answer(200, { success: true, value: { document, updatedAt: 1_000 } });
    }
    const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
    saves.push(body);
    return saveAnswer(body);
  });
  renderAsOperator(<LoyaltyPage />, owner);
  return saves;
}

describe('Site → Loyalty points', () => {
  it('shows the rates, the ratio and the bound, and works out what each rate gives away', async () => {
    openPage(() => answer(500, {}));
    expect(((await screen.findByRole('textbox', { name: 'RNG' })) as HTMLInputElement).value).toBe('20');
    expect(
      (screen.getByRole('textbox', { name: 'Points to one unit of cash' }) as HTMLInputElement).value,
    ).toBe('100');
    expect(screen.getByTestId('loyalty-bound').textContent).toContain('at most 50 points per 100');
    expect(screen.getByText('gives 4 % of the expected win')).toBeTruthy();
    fireEvent.input(screen.getByRole('textbox', { name: 'RNG' }), { target: { value: '60' } });
    expect(screen.getByText('above the bound of 50')).toBeTruthy();
    fireEvent.input(screen.getByRole('textbox', { name: "Share of the house's expected win (%)" }), {
      target: { value: '20' },
    });
    expect(screen.getByTestId('loyalty-bound').textContent).toContain('at most 100 points per 100');
  });

  it('checks the whole document with the new rates, then saves it', async () => {
    const saves = openPage((body) =>
      answer(200, {
        success: true,
        value: {
          saved: body.dryRun === false,
          diff: [{ path: 'loyaltyPoints.rates.RNG', before: 20, after: 15 }],
          document: {},
          updatedAt: 2_000,
        },
      }),
    );
    fireEvent.input(await screen.findByRole('textbox', { name: 'RNG' }), { target: { value: '15' } });
    fireEvent.input(screen.getByRole('textbox', { name: 'LIVE' }), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check and show the changes' }));
    expect(await screen.findByRole('table', { name: 'Changes to save' })).toBeTruthy();
    expect(saves[0]).toMatchObject({
      dryRun: true,
      baseUpdatedAt: 1_000,
      document: {
        brandName: 'Khela',
        loyaltyPoints: { enabled: true, rates: { RNG: 15 }, pointsPerCash: 100, minimumConversion: 500 },
      },
    });
    expect((saves[0]!.document as typeof document).loyaltyPoints.rates).toEqual({ RNG: 15 });
  });

  it("lists the server's refusal of a looser rate and sends nothing it cannot read", async () => {
    const saves = openPage(() =>
      answer(400, {
        success: false,
        code: 'VALIDATION_FAILED',
        message: 'err_validation_failed',
        value: {
          issues: [
            {
              field: 'document.loyaltyPoints.rates.RNG',
              reason: 'is protected: lets one operator alone raise what points pay',
            },
          ],
        },
      }),
    );
    fireEvent.input(await screen.findByRole('textbox', { name: 'Smallest conversion (points)' }), {
      target: { value: 'many' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Check and show the changes' }));
    expect(await screen.findByText('Smallest conversion (points) must be a number')).toBeTruthy();
    expect(saves).toHaveLength(0);
    fireEvent.input(screen.getByRole('textbox', { name: 'Smallest conversion (points)' }), {
      target: { value: '500' },
    });
    fireEvent.input(screen.getByRole('textbox', { name: 'RNG' }), { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check and show the changes' }));
    const issues = await screen.findByRole('alert', { name: 'Settings refused' });
    expect(issues.textContent).toContain('loyaltyPoints.rates.RNG');
  });
});
