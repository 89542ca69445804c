import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { rolePermissions, type OperatorSelf } from '@khela/contract';
import { OperatorContext } from '../../app/operator.ts';
import { setFetchForTests } from '../../shared/api/client.ts';
import { createQueryClient } from '../../shared/api/hooks.ts';
import { SaveWithDiff } from './settings-save.tsx';

const owner: OperatorSelf = {
  id: 1,
  account: 'operator',
  nickname: 'Owner',
  role: 'owner',
  permissions: [...rolePermissions.owner],
  passwordChangeRequired: false,
  twoFactorSetupRequired: false,
  idleMinutes: 15,
};

function answer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function renderSave(operator: OperatorSelf, document: Record<string, unknown>) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <OperatorContext.Provider value={operator}>
        <SaveWithDiff build={() => document} baseUpdatedAt={null} onSaved={() => {}} />
      </OperatorContext.Provider>
    </QueryClientProvider>,
  );
}

describe('saving the settings with their diff', () => {
  it('shows the diff of the dry run before anything is saved, markup in a value as text', async () => {
    const sent: unknown[] = [];
    setFetchForTests(async (_input, init) => {
      sent.push(JSON.parse(String(init?.body)));
      return answer(200, {
        success: true,
        value: {
          saved: false,
          diff: [{ path: 'brandName', before: 'Khela', after: '<b>Khela Two</b>' }],
          document: {},
          updatedAt: null,
        },
      });
    });
    renderSave(owner, { brandName: '<b>Khela Two</b>' });
    fireEvent.click(screen.getByRole('button', { name: 'Check and show the changes' }));
    const table = await screen.findByRole('table', { name: 'Changes to save' });
    expect(table.textContent).toContain('brandName');
    expect(table.textContent).toContain('"<b>Khela Two</b>"');
    expect(table.querySelector('b')).toBeNull();
    expect(sent[0]).toMatchObject({ dryRun: true, document: { brandName: '<b>Khela Two</b>' } });
    expect((screen.getByRole('button', { name: 'Save these changes' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });

  it("lists the schema's messages of a refused document by setting", async () => {
    setFetchForTests(async () =>
      answer(400, {
        success: false,
        code: 'VALIDATION_FAILED',
        message: 'err_validation_failed',
        value: {
          issues: [
            { field: 'document.currencyPrecision', reason: 'Too big: expected number to be <=4' },
            { field: 'document.brandNam', reason: 'is not a setting' },
          ],
        },
      }),
    );
    renderSave(owner, { currencyPrecision: 9 });
    fireEvent.click(screen.getByRole('button', { name: 'Check and show the changes' }));
    const issues = await screen.findByRole('alert', { name: 'Settings refused' });
    expect(issues.textContent).toContain('currencyPrecision');
    expect(issues.textContent).toContain('brandNam');
    expect(screen.queryByRole('table', { name: 'Changes to save' })).toBeNull();
  });

  it('offers no check or save to a role without settings.write', () => {
    renderSave({ ...owner, role: 'content', permissions: [...rolePermissions.content] }, {});
    expect(screen.queryByRole('button', { name: 'Check and show the changes' })).toBeNull();
    expect(screen.getByText('Your role may read the settings but not change them.')).toBeTruthy();
  });
});
