import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { defaultRegisterRules } from '@khela/contract/settings-defaults';
import { changeLanguage } from '../../../shared/i18n/i18n.ts';
import { useOverlayStore } from '../../../shared/stores/overlay-store.ts';
import { useSessionStore } from '../../../shared/stores/session-store.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { answerCalls, failure } from '../../../test/test-answers.ts';

const grant = {
  twoFactorRequired: false,
  token: 'social-token',
  firstTimeLogin: false,
  passwordExpired: false,
  username: 'rahim2026',
  isAgent: 0,
  idleMinutes: 15,
};

/** Only the username rule, as the demo brand has it. */
const registerSetting = { username: defaultRegisterRules.username, minimumAge: 21, termsVersion: '3' };

describe('the social sign-in return page', () => {
  it('offers linking or a new account for a new identity, says a link is permanent, and opens one', async () => {
    await changeLanguage('EN', { remember: true });
    const { fetchMock, router } = renderApp('/socialCallback?code=c1&state=s1&iss=x');
    const seen = answerCalls(fetchMock, (path) => {
      if (path === '/wps/social/complete') {
        return {
          body: {
            linkRequired: true,
            linkTicket: 'ticket-1',
            provider: 'google',
            email: 'rahim@mail.test',
            expiresInSeconds: 600,
          },
        };
      }
      if (path === '/wps/system/setting/register') return { body: registerSetting };
      if (path === '/wps/social/register') return { body: grant };
      return undefined;
    });

    const link = await screen.findByRole('button', { name: /Link to my existing account/ });
    expect(screen.getByText(/This Google account is new here/)).toBeTruthy();
    expect(screen.getByText('Signed in as rahim@mail.test')).toBeTruthy();
    expect(screen.getByRole('note').textContent).toBe(
      'A link is permanent: once confirmed it cannot be changed or unlinked.',
    );
    expect(link).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Open a new account/ }));

    const username = await screen.findByLabelText('Choose a username');
    fireEvent.change(username, { target: { value: '1bad' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(
      await screen.findByText('6–16 characters, start with a letter, then letters and digits', {
        selector: '.field__error',
      }),
    ).toBeTruthy();
    // The age confirmation and terms agreement: the brand's age, the terms beside the form.
    expect(await screen.findByText('Tick the box to confirm your age and accept the terms')).toBeTruthy();
    const agreement = screen.getByRole('checkbox', {
      name: 'I am 21 or older and I accept the General Terms and Conditions',
    });
    expect(screen.getByRole('link', { name: 'Read the terms' }).getAttribute('target')).toBe('_blank');

    fireEvent.change(username, { target: { value: 'rahim2026' } });
    fireEvent.click(agreement);
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(useSessionStore.getState().token).toBe('social-token'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/index'));
    expect(seen.filter((call) => call.path === '/wps/social/complete')).toEqual([
      {
        path: '/wps/social/complete',
        method: 'POST',
        body: { callbackQuery: '?code=c1&state=s1&iss=x', deviceId: expect.stringMatching(/^[\w-]{22}$/) },
      },
    ]);
    expect(seen.find((call) => call.path === '/wps/social/register')?.body).toEqual({
      linkTicket: 'ticket-1',
      username: 'rahim2026',
      deviceId: expect.stringMatching(/^[\w-]{22}$/),
      ageConfirmed: true,
      termsVersion: '3',
    });
  });

  it('shows the link form with the permanence warning', async () => {
    await changeLanguage('EN', { remember: true });
    const { fetchMock } = renderApp('/socialCallback?code=c2&state=s2');
    answerCalls(fetchMock, (path) =>
      path === '/wps/social/complete'
        ? {
            body: {
              linkRequired: true,
              linkTicket: 'ticket-2',
              provider: 'google',
              email: null,
              expiresInSeconds: 600,
            },
          }
        : undefined,
    );
    fireEvent.click(await screen.findByRole('button', { name: /Link to my existing account/ }));
    expect(await screen.findByLabelText('Username')).toBeTruthy();
    expect(screen.getByLabelText('Password')).toBeTruthy();
    expect(screen.getByRole('note').textContent).toContain('cannot be changed or unlinked');
    expect(screen.getByRole('button', { name: 'Link account' })).toBeTruthy();
  });

  it('asks for the six-digit code when the account has the second step', async () => {
    await changeLanguage('EN', { remember: true });
    const { fetchMock } = renderApp('/socialCallback?code=c3&state=s3');
    answerCalls(fetchMock, (path) =>
      path === '/wps/social/complete'
        ? { body: { twoFactorRequired: true, challengeId: 'challenge-1', expiresInSeconds: 300 } }
        : undefined,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Second verification step' })).toBeTruthy();
    expect(screen.getByLabelText('Six-digit code')).toBeTruthy();
  });

  it('says a cancelled sign-in plainly and leads back to the login', async () => {
    await changeLanguage('EN', { remember: true });
    const { fetchMock } = renderApp('/socialCallback?error=access_denied&state=s4');
    answerCalls(fetchMock, (path) =>
      path === '/wps/social/complete'
        ? failure(400, 'SOCIAL_LOGIN_FAILED', 'err_social_login_failed', {
            value: { reason: 'access_denied' },
          })
        : undefined,
    );
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Sign-in was cancelled (popup closed by user). Please try again.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Back to log in' }));
    await waitFor(() => expect(useOverlayStore.getState().openModals).toContain('loginPopupModal'));
  });
});
