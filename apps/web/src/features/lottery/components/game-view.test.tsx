import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { changeLanguage } from '../../../shared/i18n/i18n.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { stubCalls } from '../../../test/stub-calls.ts';

describe('a lottery address naming no game', () => {
  it('says what happened and offers the list, without echoing the code', async () => {
    await changeLanguage('EN', { remember: true });
    stubCalls({ lotteryGameMenu: () => ({ gameMenus: [] }) });
    renderApp('/lottery?gameCode=NO_SUCH_DRAW_42');
    const title = await screen.findByText('This lottery is not available');
    const state = title.closest('.empty-state') as HTMLElement;
    // Before: the empty state's text was the address's gameCode.
    expect(state.textContent).not.toContain('NO_SUCH_DRAW_42');
    expect(within(state).getByText(/does not offer/)).toBeTruthy();
    expect(within(state).getByRole('button', { name: 'All lotteries' })).toBeTruthy();
  });
});
