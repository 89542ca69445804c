import { beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '@khela/contract';
import { changeLanguage } from '../../../shared/i18n/i18n.ts';
import { useOverlayStore } from '../../../shared/stores/overlay-store.ts';
import { useSessionStore } from '../../../shared/stores/session-store.ts';
import { stubCalls } from '../../../test/stub-calls.ts';
import { renderApp } from '../../../test/render-app.tsx';

const member = (passwordExpired: boolean) => ({
  id: 7,
  account: 'demochange',
  nickname: 'Demo Change',
  type: 0,
  isAgent: 0,
  toUpline: null,
  clubLabel: { labelName: 'VIP1', rankLevel: 1 },
  memberLabel: [],
  lastLoginAt: null,
  mobileNum: null,
  email: null,
  affiliateCode: null,
  twoFactorEnabled: false,
  hasPaymentPassword: true,
  demoFunds: false,
  passwordExpired,
  firstTimeLogin: false,
});

const input = (name: string) => screen.getByLabelText(name, { selector: 'input' });

beforeEach(async () => {
  await changeLanguage('EN', { remember: true });
});

async function openDialog(options: { typedPassword: string | null; passwordExpired?: boolean }) {
  useSessionStore.getState().setSession({ token: 'token-old', isAgent: 0, username: 'demochange' });
  useSessionStore.getState().setTypedPassword(options.typedPassword);
  const view = renderApp('/noticePage', {
    answers: { '/wps/member/info': member(options.passwordExpired ?? false) },
  });
  await screen.findByRole('banner');
  // Let member info arrive first, as it has when the dialog is opened by choice.
  await waitFor(() => expect(view.queryClient.getQueryData(['member', 'info', 'token-old'])).toBeTruthy());
  act(() => useOverlayStore.getState().openModal('changePassModal'));
  return view;
}

describe('change password dialog', () => {
  it('asks for the old password only when this tab does not know it', async () => {
    const first = await openDialog({ typedPassword: null });
    const dialog = await screen.findByRole('dialog', { name: 'Change password' });
    expect(within(dialog).getByLabelText('Old password', { selector: 'input' })).toBeTruthy();
    first.unmount();
    useOverlayStore.setState({ openModals: [] });

    await openDialog({ typedPassword: 'Typed-pass-2026' });
    const second = await screen.findByRole('dialog', { name: 'Change password' });
    expect(within(second).queryByLabelText('Old password', { selector: 'input' })).toBeNull();
    expect(within(second).getByLabelText('New password', { selector: 'input' })).toBeTruthy();
  });

  it('refuses a short password and a confirmation that differs, before any call', async () => {
    const seen = stubCalls({ changePassword: () => ({ token: 'token-new' }) });
    await openDialog({ typedPassword: 'Typed-pass-2026' });
    await screen.findByRole('dialog', { name: 'Change password' });
    fireEvent.input(input('New password'), { target: { value: 'short' } });
    fireEvent.input(input('Confirm new password'), { target: { value: 'different' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The passwords do not match.')).toBeTruthy();
    // Under the new-password field, below its hint.
    expect(screen.getByText('Use at least 8 characters.').getAttribute('role')).toBe('alert');
    expect(seen).toEqual([]);
  });

  it('changes the password with the typed one, keeps the new token and closes', async () => {
    const seen = stubCalls({ changePassword: () => ({ token: 'token-new' }) });
    const { router } = await openDialog({ typedPassword: 'Typed-pass-2026' });
    await screen.findByRole('dialog', { name: 'Change password' });
    fireEvent.input(input('New password'), { target: { value: 'Brand-new-2026' } });
    fireEvent.input(input('Confirm new password'), { target: { value: 'Brand-new-2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(useSessionStore.getState().token).toBe('token-new'));
    expect(seen[0]?.body).toEqual({
      oldPassword: 'Typed-pass-2026',
      newPassword: 'Brand-new-2026',
      confirmNewPassword: 'Brand-new-2026',
    });
    expect(useSessionStore.getState()).toMatchObject({
      isAgent: 0,
      username: 'demochange',
      typedPassword: 'Brand-new-2026',
    });
    expect(window.sessionStorage.getItem('token')).toBe('token-new');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Change password' })).toBeNull());
    await waitFor(() => expect(router.state.location.pathname).toBe('/index'));
    // The member is told it worked.
    expect(await screen.findByText('Your password has been changed.')).toBeTruthy();
    expect(useOverlayStore.getState().toast?.textKey).toBe('text_password_changed');
  });

  it('puts a wrong old password and the server password rules under the fields', async () => {
    stubCalls({
      changePassword: ({ body } = {}) => {
        if (body?.oldPassword !== 'Right-old-2026') {
          throw new ApiError({
            code: 'WRONG_PASSWORD',
            message: 'err_wrong_password',
            status: 400,
            issues: [{ field: 'oldPassword', reason: 'wrong password' }],
          });
        }
        throw new ApiError({
          code: 'VALIDATION_FAILED',
          message: 'err_validation_failed',
          status: 400,
          issues: [{ field: 'newPassword', reason: 'too common' }],
        });
      },
    });
    await openDialog({ typedPassword: null });
    await screen.findByRole('dialog', { name: 'Change password' });
    fireEvent.input(input('Old password'), { target: { value: 'Wrong-old-2026' } });
    fireEvent.input(input('New password'), { target: { value: 'Password123' } });
    fireEvent.input(input('Confirm new password'), { target: { value: 'Password123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The password is wrong.')).toBeTruthy();

    fireEvent.input(input('Old password'), { target: { value: 'Right-old-2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('This password is too common. Please choose another.')).toBeTruthy();
    expect(useSessionStore.getState().token).toBe('token-old');
  });

  it('cannot be dismissed when forced by the default password, and says why', async () => {
    await openDialog({ typedPassword: '123456', passwordExpired: true });
    const dialog = await screen.findByRole('alertdialog', { name: 'Change password' });
    expect(within(dialog).getByText('Your password must be changed before you go on.')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Close' })).toBeNull();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.getByRole('alertdialog', { name: 'Change password' })).toBeTruthy();
    expect(useOverlayStore.getState().openModals).toContain('changePassModal');
  });

  it('closes with Escape when opened by choice', async () => {
    await openDialog({ typedPassword: 'Typed-pass-2026' });
    const dialog = await screen.findByRole('dialog', { name: 'Change password' });
    expect(within(dialog).queryByText('Your password must be changed before you go on.')).toBeNull();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(useOverlayStore.getState().openModals).not.toContain('changePassModal'));
  });
});
