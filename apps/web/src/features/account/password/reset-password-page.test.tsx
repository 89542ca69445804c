import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { changeLanguage } from '../../../shared/i18n/i18n.ts';
import { useOverlayStore } from '../../../shared/stores/overlay-store.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { answerCalls, failure } from '../../../test/test-answers.ts';

describe('the reset link page', () => {
  it('says a used or expired link is invalid and offers a new one', async () => {
    await changeLanguage('EN', { remember: true });
    const { fetchMock } = renderApp('/resetPassword?token=used-token');
    const seen = answerCalls(fetchMock, (path) =>
      path === '/wps/member/password/reset/check'
        ? failure(400, 'RESET_LINK_INVALID', 'err_reset_link_invalid')
        : undefined,
    );

    expect(await screen.findByRole('heading', { level: 1, name: 'Reset password' })).toBeTruthy();
    expect((await screen.findByRole('alert')).textContent).toBe('This reset link is invalid or has expired.');
    expect(screen.queryByLabelText('New password')).toBeNull();
    expect(seen.find((call) => call.path === '/wps/member/password/reset/check')?.body).toEqual({
      token: 'used-token',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Request a new link' }));
    await waitFor(() => expect(useOverlayStore.getState().openModals).toContain('forgetPassModal'));
  });

  it('does not even ask the server without a token', async () => {
    await changeLanguage('EN', { remember: true });
    const { fetchMock } = renderApp('/resetPassword');
    expect((await screen.findByRole('alert')).textContent).toBe('This reset link is invalid or has expired.');
    const paths = fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost').pathname);
    expect(paths).not.toContain('/wps/member/password/reset/check');
  });

  it('shows the form for a usable link, with the account name', async () => {
    await changeLanguage('EN', { remember: true });
    const { fetchMock } = renderApp('/resetPassword?token=good-token');
    answerCalls(fetchMock, (path) =>
      path === '/wps/member/password/reset/check' ? { body: { username: 'demoplayer' } } : undefined,
    );
    expect(await screen.findByText('Choose a new password for demoplayer.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'short' } });
    fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: 'other' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByText('Use at least 8 characters.')).toBeTruthy();
    expect(screen.getByText('The passwords do not match.')).toBeTruthy();
  });
});
