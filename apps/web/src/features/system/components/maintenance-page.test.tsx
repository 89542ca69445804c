import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { changeLanguage } from '../../../shared/i18n/i18n.ts';
import { whitelabelFixture } from '../../../test/fixtures.ts';
import { MaintenancePage } from './maintenance-page.tsx';

describe('the maintenance page', () => {
  it("says when maintenance ends on the brand's clock, in the brand's digits (Latin by default) in Bengali", async () => {
    await act(() => changeLanguage('BN', { remember: false }));
    const endsAt = Date.UTC(2026, 11, 6, 0, 4);
    const { rerender } = render(
      <MaintenancePage
        maintenance={{ isActive: true, message: null, endsAt } as never}
        whitelabel={whitelabelFixture({ bengaliDigits: false, timeZone: 'Asia/Dhaka' })}
      />,
    );
    // Before: Intl's plain 'bn' locale wrote Bengali digits under a page whose other figures were Latin.
    const until = await screen.findByText(/2026/);
    expect(until.textContent).not.toMatch(/[\u09e6-\u09ef]/);
    expect(until.textContent).toMatch(/6:04/);
    rerender(
      <MaintenancePage
        maintenance={{ isActive: true, message: null, endsAt } as never}
        whitelabel={whitelabelFixture({ bengaliDigits: true, timeZone: 'Asia/Dhaka' })}
      />,
    );
    expect((await screen.findByText(/২০২৬/)).textContent).not.toMatch(/[0-9]/);
  });
});
