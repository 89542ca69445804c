import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CallRoute } from '@khela/contract';
import { apiClient } from '../../../shared/api/api-client.ts';
import { useSessionStore } from '../../../shared/stores/session-store.ts';
import { changeLanguage } from '../../../shared/i18n/i18n.ts';
import { useOverlayStore } from '../../../shared/stores/overlay-store.ts';
import { renderApp, whitelabelFixture } from '../../../test/render-app.tsx';
import { features } from '../../../test/fixtures.ts';
import { answerCalls, failure } from '../../../test/test-answers.ts';

async function openForgotDialog(changePasswordByMobile: boolean) {
  await changeLanguage('EN', { remember: true });
  const view = renderApp('/index', {
    whitelabel: whitelabelFixture({ features: { ...features, changePasswordByMobile } }),
  });
  await screen.findByRole('banner');
  act(() => useOverlayStore.getState().openModal('forgetPassModal'));
  const dialog = await screen.findByRole('dialog', { name: 'Forgot password' });
  return { ...view, dialog };
}

describe('the forgot-password dialog', () => {
  it('has no tabs, only the email form, when CHNGPASSVERIF3 is off', async () => {
    const { dialog } = await openForgotDialog(false);
    expect(within(dialog).queryByRole('tablist')).toBeNull();
    expect(within(dialog).queryByRole('tab')).toBeNull();
    expect(within(dialog).getByLabelText('Username')).toBeTruthy();
    expect(within(dialog).queryByLabelText('Mobile number')).toBeNull();
  });

  it('offers the mobile tab when CHNGPASSVERIF3 is on', async () => {
    const on = await openForgotDialog(true);
    const tabs = within(on.dialog).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['By email', 'By mobile number']);
    expect(tabs[0]!.getAttribute('aria-selected')).toBe('true');
    fireEvent.click(tabs[1]!);
    expect(tabs[1]!.getAttribute('aria-selected')).toBe('true');
    expect(within(on.dialog).getByLabelText('Mobile number')).toBeTruthy();
    expect(within(on.dialog).getByRole('button', { name: 'Get code' })).toBeTruthy();
    expect(within(on.dialog).queryByLabelText('Email')).toBeNull();
    // The server answers a number with no account as a registered one (issue 35, item 5): "if".
    expect(on.dialog.textContent).toContain('if it belongs to an account, a code is sent to it');
  });

  it('checks the fields before sending anything', async () => {
    const { dialog, fetchMock } = await openForgotDialog(false);
    const seen = answerCalls(fetchMock, () => undefined);
    fireEvent.change(within(dialog).getByLabelText('Username'), { target: { value: 'demo player' } });
    fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: 'not-an-email' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send reset link' }));
    expect(await within(dialog).findByText('Use letters and digits only.')).toBeTruthy();
    expect(within(dialog).getByText('Enter a valid email address.')).toBeTruthy();
    expect(seen.filter((call) => call.path === '/wps/member/password/email')).toEqual([]);
  });

  it('mails the link, then shows the confirmation popup with the link lifetime', async () => {
    const { dialog, fetchMock } = await openForgotDialog(false);
    const seen = answerCalls(fetchMock, (path) =>
      path === '/wps/member/password/email' ? { body: { expiredMinutes: 30 } } : undefined,
    );
    fireEvent.change(within(dialog).getByLabelText('Username'), { target: { value: 'demoplayer' } });
    fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: 'player@khela.local' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send reset link' }));

    const popup = await screen.findByRole('alertdialog', { name: 'Check your email' });
    expect(popup.textContent).toContain('It is valid for 30 minutes.');
    // The server answers a wrong pair the same way (issue 35, item 5d): the text says "if".
    expect(popup.textContent).toContain('If this username and email belong to one account');
    expect(screen.queryByRole('dialog', { name: 'Forgot password' })).toBeNull();
    expect(seen.find((call) => call.path === '/wps/member/password/email')).toMatchObject({
      method: 'POST',
      body: { username: 'demoplayer', email: 'player@khela.local' },
    });
    fireEvent.click(within(popup).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(useOverlayStore.getState().openModals).not.toContain('forgetPassModal'));
  });

  it("says 'Username/Email does not exist' when they do not belong together", async () => {
    const { dialog, fetchMock } = await openForgotDialog(false);
    answerCalls(fetchMock, (path) =>
      path === '/wps/member/password/email'
        ? failure(404, 'USERNAME_EMAIL_NOT_FOUND', 'err_username_email_not_exist')
        : undefined,
    );
    fireEvent.change(within(dialog).getByLabelText('Username'), { target: { value: 'demoplayer' } });
    fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: 'other@mail.test' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send reset link' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Username/Email does not exist');
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  /** Answers the reset call by its id (the real client would seal the body first). */
  function stubReset(value: unknown) {
    const original = apiClient.call;
    const seen: string[] = [];
    vi.spyOn(apiClient, 'call').mockImplementation((async (route: CallRoute, input?: unknown) => {
      seen.push(route.id);
      if (route.id === 'passwordByPhone') return value;
      return (original as (r: CallRoute, i?: unknown) => Promise<unknown>)(route, input);
    }) as never);
    return seen;
  }

  async function resetByPhone() {
    const { dialog, router } = await openForgotDialog(true);
    fireEvent.click(within(dialog).getByRole('tab', { name: 'By mobile number' }));
    fireEvent.change(within(dialog).getByLabelText('Mobile number'), { target: { value: '01700000002' } });
    fireEvent.change(within(dialog).getByLabelText('Verification code'), { target: { value: '123456' } });
    fireEvent.change(within(dialog).getByLabelText('New password'), {
      target: { value: 'Phone-reset-2026' },
    });
    fireEvent.change(within(dialog).getByLabelText('Confirm new password'), {
      target: { value: 'Phone-reset-2026' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reset password' }));
    return { router };
  }

  it('by phone: the reset answers the new login, so the member is in without a captcha or a second login', async () => {
    const seen = stubReset({
      username: 'demoplayer',
      login: {
        twoFactorRequired: false,
        token: 'new-token-after-reset',
        firstTimeLogin: false,
        passwordExpired: false,
        username: 'demoplayer',
        isAgent: 0,
        idleMinutes: 30,
      },
    });
    const { router } = await resetByPhone();
    await waitFor(() => expect(useSessionStore.getState().token).toBe('new-token-after-reset'));
    await waitFor(() => expect(useOverlayStore.getState().openModals).not.toContain('forgetPassModal'));
    // Home ('/') redirects to /index.
    await waitFor(() => expect(router.state.location.pathname).toBe('/index'));
    expect(seen).not.toContain('login');
  });

  it('by phone: says the password changed and opens the login dialog when no login comes back', async () => {
    stubReset({ username: 'demoplayer', login: null });
    await resetByPhone();
    const done = await screen.findByRole('alertdialog', { name: 'Password changed' });
    expect(done.textContent).toContain('Your password has been changed. Log in with your new password.');
    fireEvent.click(within(done).getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(useOverlayStore.getState().openModals).toEqual(['loginPopupModal']));
    expect(useSessionStore.getState().token).toBeNull();
  });
});
