import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, renderHook, screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '@khela/contract';
import { changeLanguage } from '../../../shared/i18n/i18n.ts';
import { useLoginCheck } from '../../../shared/hooks/use-login-check.ts';
import { useOverlayStore } from '../../../shared/stores/overlay-store.ts';
import { useSessionStore } from '../../../shared/stores/session-store.ts';
import { features } from '../../../test/fixtures.ts';
import { stubCalls } from '../../../test/stub-calls.ts';
import { renderApp, whitelabelFixture } from '../../../test/render-app.tsx';
import { rememberStorageKey } from './remember-me.ts';

vi.mock('../lib/human-check.ts', () => ({ solveHumanCheck: vi.fn(async () => 'altcha-proof') }));

const grant = {
  twoFactorRequired: false,
  token: 'token-new',
  firstTimeLogin: false,
  passwordExpired: false,
  username: 'demoplayer',
  isAgent: 0,
  idleMinutes: 15,
} as const;

const member = {
  id: 7,
  account: 'demoplayer',
  nickname: 'Demo Player',
  type: 0,
  isAgent: 0,
  toUpline: 'demoagent',
  clubLabel: { labelName: 'VIP1', rankLevel: 1 },
  memberLabel: [],
  lastLoginAt: null,
  mobileNum: null,
  email: null,
  affiliateCode: null,
  twoFactorEnabled: false,
  hasPaymentPassword: true,
  demoFunds: false,
  passwordExpired: false,
  firstTimeLogin: false,
};

const captchaAnswer = {
  captchaId: 'cap-1',
  image: 'data:image/svg+xml;base64,PHN2Zy8+',
  expiresInSeconds: 120,
};

beforeEach(async () => {
  await changeLanguage('EN', { remember: true });
});

/** The form's submit button (the header has a "Log in" button too). */
function loginButton() {
  return within(screen.getByRole('main')).getByRole('button', { name: 'Log in' });
}

async function fillAndSubmit(username: string, password: string) {
  fireEvent.input(await screen.findByLabelText('Username', { selector: 'input' }), {
    target: { value: username },
  });
  fireEvent.input(screen.getByLabelText('Password', { selector: 'input' }), { target: { value: password } });
  fireEvent.click(loginButton());
}

describe('login form', () => {
  it('opens from the header button as a dialog', async () => {
    renderApp('/index');
    const header = await screen.findByRole('banner');
    fireEvent.click(await within(header).findByRole('button', { name: 'Log in' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log in' });
    expect(await within(dialog).findByLabelText('Username', { selector: 'input' })).toBeTruthy();
    expect(within(dialog).getByRole('checkbox', { name: 'Remember me' })).toBeTruthy();
  });

  it('shows the username and SMS tabs only with the smsLogin flag', async () => {
    const first = renderApp('/login');
    const tabs = await screen.findByRole('tablist', { name: 'Ways to log in' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Username', 'SMS code']);
    fireEvent.click(within(tabs).getByRole('tab', { name: 'SMS code' }));
    expect(await screen.findByLabelText('Mobile number', { selector: 'input' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Get code' })).toBeTruthy();
    first.unmount();

    renderApp('/login', { whitelabel: whitelabelFixture({ features: { ...features, smsLogin: false } }) });
    expect(await screen.findByLabelText('Username', { selector: 'input' })).toBeTruthy();
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(screen.queryByLabelText('Mobile number', { selector: 'input' })).toBeNull();
  });

  it('shows the social buttons only with their flags', async () => {
    renderApp('/login', {
      whitelabel: whitelabelFixture({ features: { ...features, googleLogin: true, freePlay: false } }),
    });
    expect(await screen.findByRole('button', { name: 'Continue with Google' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Continue with Facebook' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Play for free' })).toBeNull();
  });

  it('asks for the captcha once a LOGIN_FAILED says so, and sends it with its id', async () => {
    let attempts = 0;
    const seen = stubCalls({
      login: () => {
        attempts += 1;
        if (attempts === 1) {
          throw new ApiError({
            code: 'LOGIN_FAILED',
            message: 'err_login_failed',
            status: 400,
            value: { captcha: true },
          });
        }
        return grant;
      },
    });
    renderApp('/login', { answers: { '/wps/captcha': captchaAnswer, '/wps/member/info': member } });
    expect(screen.queryByLabelText('Captcha', { selector: 'input' })).toBeNull();
    await fillAndSubmit('demoplayer', 'wrong-password');
    expect((await screen.findByRole('alert')).textContent).toContain('Wrong username or password.');
    const captcha = await screen.findByLabelText('Captcha', { selector: 'input' });
    expect(await screen.findByRole('img', { name: 'Captcha image' })).toBeTruthy();

    // Required now: an empty captcha is refused before any call.
    fireEvent.input(screen.getByLabelText('Password', { selector: 'input' }), {
      target: { value: 'Player-demo-2026' },
    });
    fireEvent.click(loginButton());
    expect(await screen.findByText('Please enter the captcha.')).toBeTruthy();
    expect(attempts).toBe(1);

    fireEvent.input(captcha, { target: { value: 'AB12' } });
    fireEvent.click(loginButton());
    await waitFor(() => expect(useSessionStore.getState().token).toBe('token-new'));
    expect(seen[1]?.body).toMatchObject({
      type: 'username',
      username: 'demoplayer',
      password: 'Player-demo-2026',
      altcha: 'altcha-proof',
      captcha: 'AB12',
      captchaId: 'cap-1',
    });
    expect(useSessionStore.getState().typedPassword).toBe('Player-demo-2026');
  });

  it('sends the known-device token of the account and keeps the one the login answers', async () => {
    const known = 'k'.repeat(43);
    const fresh = 'f'.repeat(43);
    window.localStorage.setItem('knownDevices', JSON.stringify({ demoplayer: known }));
    // The browser's device id, whoever logs in (the duplicate-account signal).
    window.localStorage.setItem('deviceId', 'd'.repeat(22));
    const seen = stubCalls({ login: () => ({ ...grant, deviceToken: fresh }) });
    renderApp('/login', { answers: { '/wps/member/info': member } });
    await fillAndSubmit('DemoPlayer', 'Player-demo-2026');
    await waitFor(() => expect(useSessionStore.getState().token).toBe('token-new'));
    expect(seen[0]?.body).toMatchObject({
      username: 'DemoPlayer',
      deviceToken: known,
      deviceId: 'd'.repeat(22),
    });
    expect(JSON.parse(window.localStorage.getItem('knownDevices') ?? '{}')).toEqual({ demoplayer: fresh });
    // Never the password.
    expect(JSON.stringify({ ...window.localStorage })).not.toContain('Player-demo-2026');
  });

  it('says until when a locked account stays locked', async () => {
    // 21:30 on the brand's clock (Asia/Dhaka, UTC+6), as the form shows it, with its zone.
    const lockedUntil = Date.UTC(2026, 10, 23, 15, 30);
    stubCalls({
      login: () => {
        throw new ApiError({
          code: 'ACCOUNT_LOCKED',
          message: 'err_account_locked',
          status: 423,
          value: { lockedUntil },
        });
      },
    });
    renderApp('/login');
    await fillAndSubmit('demoplayer', 'wrong-password');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('logging in from here is paused');
    expect(alert.textContent).toContain('Locked until');
    expect(alert.textContent).toMatch(/9:30/);
    expect(alert.textContent).toContain('GMT+6');
    fireEvent.click(within(alert).getByRole('button', { name: 'Forgot password?' }));
    expect(useOverlayStore.getState().openModals).toContain('forgetPassModal');
  });

  it('tells an account on hold that it is locked, not disabled, and where to get help (issue 38)', async () => {
    stubCalls({
      login: () => {
        throw new ApiError({ code: 'ACCOUNT_ON_HOLD', message: 'err_account_on_hold', status: 403 });
      },
    });
    renderApp('/login', {
      whitelabel: whitelabelFixture({ customerServiceUrl: 'https://help.example.com/chat' }),
    });
    await fillAndSubmit('demoplayer', 'Player-demo-2026');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This account is locked');
    expect(alert.textContent).not.toContain('disabled');
    expect(within(alert).getByRole('link', { name: 'Customer service' }).getAttribute('href')).toBe(
      'https://help.example.com/chat',
    );
  });

  it('says so when the brand offers no contact channel to a closed account', async () => {
    stubCalls({
      login: () => {
        throw new ApiError({ code: 'ACCOUNT_DISABLED', message: 'err_account_disabled', status: 403 });
      },
    });
    renderApp('/login', { whitelabel: whitelabelFixture({ customerServiceUrl: null, messengerUrl: null }) });
    await fillAndSubmit('demoplayer', 'Player-demo-2026');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('closed by the site');
    expect(alert.textContent).toContain('has not set up a contact channel');
    expect(within(alert).queryByRole('link')).toBeNull();
  });

  it('fills in the remembered username, remembers a new one and forgets on uncheck', async () => {
    window.localStorage.setItem(
      rememberStorageKey,
      JSON.stringify({
        username: 'rahim01',
        mobileNum: '1700000002',
        countryDialingCode: '+880',
        expiresAt: Date.now() + 60_000,
      }),
    );
    stubCalls({ login: () => grant });
    const view = renderApp('/login', { answers: { '/wps/member/info': member } });
    expect(
      ((await screen.findByLabelText('Username', { selector: 'input' })) as HTMLInputElement).value,
    ).toBe('rahim01');
    const remember = screen.getByRole('checkbox', { name: 'Remember me' }) as HTMLInputElement;
    expect(remember.checked).toBe(true);
    fireEvent.click(screen.getByRole('tab', { name: 'SMS code' }));
    expect(
      ((await screen.findByLabelText('Mobile number', { selector: 'input' })) as HTMLInputElement).value,
    ).toBe('1700000002');
    fireEvent.click(screen.getByRole('tab', { name: 'Username' }));

    await fillAndSubmit('demoplayer', 'Player-demo-2026');
    await waitFor(() => expect(useSessionStore.getState().token).toBe('token-new'));
    const stored = JSON.parse(window.localStorage.getItem(rememberStorageKey) ?? '{}') as Record<
      string,
      unknown
    >;
    expect(stored).toMatchObject({ username: 'demoplayer', mobileNum: '1700000002' });
    expect(JSON.stringify(stored)).not.toContain('Player-demo-2026');
    expect(Number(stored.expiresAt) - Date.now()).toBeGreaterThan(23 * 3600_000);
    view.unmount();

    useSessionStore.getState().clearSession();
    renderApp('/login');
    const again = (await screen.findByRole('checkbox', { name: 'Remember me' })) as HTMLInputElement;
    expect((screen.getByLabelText('Username', { selector: 'input' }) as HTMLInputElement).value).toBe(
      'demoplayer',
    );
    fireEvent.click(again);
    expect(window.localStorage.getItem(rememberStorageKey)).toBeNull();
  });

  it('forgets an expired memory and leaves the box unchecked', async () => {
    window.localStorage.setItem(
      rememberStorageKey,
      JSON.stringify({
        username: 'rahim01',
        mobileNum: null,
        countryDialingCode: null,
        expiresAt: Date.now() - 1,
      }),
    );
    renderApp('/login');
    expect(
      ((await screen.findByLabelText('Username', { selector: 'input' })) as HTMLInputElement).value,
    ).toBe('');
    expect((screen.getByRole('checkbox', { name: 'Remember me' }) as HTMLInputElement).checked).toBe(false);
    expect(window.localStorage.getItem(rememberStorageKey)).toBeNull();
  });

  it('asks for the second step when the account has one, and logs in with the code', async () => {
    const seen = stubCalls({
      login: () => ({ twoFactorRequired: true, challengeId: 'challenge-1', expiresInSeconds: 300 }),
      loginTwoFactor: ({ body } = {}) => {
        if (body?.code !== '123456') {
          throw new ApiError({ code: 'TWO_FACTOR_INVALID', message: 'err_two_factor_invalid', status: 400 });
        }
        return grant;
      },
    });
    renderApp('/login', { answers: { '/wps/member/info': member } });
    await fillAndSubmit('demoplayer', 'Player-demo-2026');
    expect(await screen.findByRole('heading', { name: 'Second verification step' })).toBeTruthy();
    expect(useSessionStore.getState().token).toBeNull();

    const code = screen.getByLabelText('Six-digit code', { selector: 'input' });
    fireEvent.input(code, { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enter the six digits.')).toBeTruthy();

    fireEvent.input(code, { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('The second verification code is wrong.')).toBeTruthy();

    fireEvent.input(code, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(useSessionStore.getState().token).toBe('token-new'));
    expect(seen.filter((call) => call.id === 'loginTwoFactor').map((call) => call.body)).toEqual([
      // This browser's device id goes with the second step (the same-device signal).
      { challengeId: 'challenge-1', code: '000000', deviceId: expect.stringMatching(/^[\w-]{22}$/) },
      { challengeId: 'challenge-1', code: '123456', deviceId: expect.stringMatching(/^[\w-]{22}$/) },
    ]);
  });

  it('takes a recovery code instead of the app code', async () => {
    const seen = stubCalls({
      login: () => ({ twoFactorRequired: true, challengeId: 'challenge-2', expiresInSeconds: 300 }),
      loginTwoFactor: () => grant,
    });
    renderApp('/login', { answers: { '/wps/member/info': member } });
    await fillAndSubmit('demoplayer', 'Player-demo-2026');
    fireEvent.click(await screen.findByRole('button', { name: 'Use a recovery code instead' }));
    fireEvent.input(await screen.findByLabelText('Recovery code', { selector: 'input' }), {
      target: { value: 'abcd-efgh' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(useSessionStore.getState().token).toBe('token-new'));
    expect(seen.at(-1)?.body).toEqual({
      challengeId: 'challenge-2',
      recoveryCode: 'abcd-efgh',
      deviceId: expect.stringMatching(/^[\w-]{22}$/),
    });
  });

  it('shows a failed SMS send in a warning popup', async () => {
    stubCalls({
      smsNoLogin: () => {
        throw new ApiError({ code: 'RATE_LIMITED', message: 'err_too_many_requests', status: 429 });
      },
    });
    renderApp('/login');
    fireEvent.click(await screen.findByRole('tab', { name: 'SMS code' }));
    const send = screen.getByRole('button', { name: 'Get code' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    fireEvent.input(screen.getByLabelText('Mobile number', { selector: 'input' }), {
      target: { value: '1700000002' },
    });
    await waitFor(() => expect(send.disabled).toBe(false));
    fireEvent.click(send);
    const popup = await screen.findByRole('alertdialog');
    expect(popup.textContent).toContain('Too many requests, please try again after 5 minutes');
    expect(within(popup).queryByRole('button', { name: 'Cancel' })).toBeNull();
  });

  it('logs in by SMS code', async () => {
    const seen = stubCalls({ smsNoLogin: () => ({ expiredMinutes: 5 }), login: () => grant });
    renderApp('/login', { answers: { '/wps/member/info': member } });
    fireEvent.click(await screen.findByRole('tab', { name: 'SMS code' }));
    fireEvent.input(screen.getByLabelText('Mobile number', { selector: 'input' }), {
      target: { value: '1700000002' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Get code' }));
    expect(await screen.findByRole('button', { name: /Resend in 300 s/ })).toBeTruthy();
    fireEvent.input(screen.getByLabelText('Verification code', { selector: 'input' }), {
      target: { value: '654321' },
    });
    fireEvent.click(loginButton());
    await waitFor(() => expect(useSessionStore.getState().token).toBe('token-new'));
    expect(seen.map((call) => call.body)).toEqual([
      { mobileNum: '1700000002', countryDialingCode: '+880', purpose: 'login', altcha: 'altcha-proof' },
      {
        type: 'sms',
        mobileNum: '1700000002',
        countryDialingCode: '+880',
        verificationCode: '654321',
        // This browser's one device id (made at the first login or registration, kept).
        deviceId: window.localStorage.getItem('deviceId'),
      },
    ]);
    expect(window.localStorage.getItem('deviceId')).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(useSessionStore.getState().typedPassword).toBeNull();
  });

  it('starts a social sign-in at the provider', async () => {
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign } as Location);
    const seen = stubCalls({
      socialStart: () => ({
        authorizationUrl: 'https://idp.example/authorize?x=1',
        redirectUri: 'http://localhost/socialCallback',
      }),
    });
    renderApp('/login', { whitelabel: whitelabelFixture({ features: { ...features, googleLogin: true } }) });
    fireEvent.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://idp.example/authorize?x=1'));
    expect(seen[0]?.body).toEqual({ provider: 'google' });
  });

  it('starts free play as a trial account', async () => {
    stubCalls({
      loginFreePlay: () => ({ ...grant, token: 'token-trial', username: 'guest12345678', isAgent: 4 }),
    });
    const { router } = renderApp('/login');
    fireEvent.click(await screen.findByRole('button', { name: 'Play for free' }));
    await waitFor(() =>
      expect(useSessionStore.getState()).toMatchObject({ token: 'token-trial', isAgent: 4 }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/index'));
  });
});

describe('account menu', () => {
  it('shows the nickname from member info and logs out on the server too', async () => {
    useSessionStore.getState().setSession({ token: 'token-1', isAgent: 0, username: 'demoplayer' });
    const { fetchMock } = renderApp('/index', {
      answers: { '/wps/member/info': member, '/wps/session/logout': { done: true } },
    });
    const header = await screen.findByRole('banner');
    const menu = await within(header).findByRole('button', { name: 'Account menu' });
    await waitFor(() => expect(menu.textContent).toContain('Demo Player'));
    fireEvent.click(menu);
    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(useSessionStore.getState().token).toBeNull());
    const calls = fetchMock.mock.calls as unknown as [string, RequestInit | undefined][];
    const logout = calls.find(([url]) => url.endsWith('/wps/session/logout'));
    expect(logout?.[1]?.method).toBe('DELETE');
    expect(logout?.[1]?.headers).toMatchObject({ authorization: 'Bearer token-1' });
    expect(await within(header).findByRole('button', { name: 'Log in' })).toBeTruthy();
  });

  it('login check: a visitor gets the login dialog, a trial account the warning', async () => {
    const action = vi.fn();
    const visitor = renderHook(() => useLoginCheck());
    act(() => visitor.result.current(action));
    expect(useOverlayStore.getState().openModals).toContain('loginPopupModal');
    visitor.unmount();

    useSessionStore.getState().setSession({ token: 'token-trial', isAgent: 4, username: 'guest1' });
    const trial = renderHook(() => useLoginCheck());
    act(() => trial.result.current(action));
    expect(useOverlayStore.getState().pendingConfirm?.messageKey).toBe('in_need_true_account');
    expect(action).not.toHaveBeenCalled();

    useSessionStore.getState().setSession({ token: 'token-1', isAgent: 0, username: 'demoplayer' });
    const member = renderHook(() => useLoginCheck());
    act(() => member.result.current(action));
    expect(action).toHaveBeenCalledTimes(1);
  });
});
