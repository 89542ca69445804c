import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { useSessionStore } from '../shared/stores/session-store.ts';
import { features, helpCenterFixture } from '../test/fixtures.ts';
import { renderApp, statusFixture, whitelabelFixture } from '../test/render-app.tsx';

const loginRequired = whitelabelFixture({ features: { ...features, loginedToHomePage: true } });

describe('system status', () => {
  it('shows the maintenance page for status 1, without the shell', async () => {
    renderApp('/index', {
      status: statusFixture({
        status: 1,
        maintenance: { active: true, message: null, startsAt: null, endsAt: null },
      }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'সিস্টেম রক্ষণাবেক্ষণ চলছে' })).toBeTruthy();
    expect(
      screen.getByText('আপনাকে আরও ভালো সেবা দিতে আমরা সাইটটি উন্নত করছি। অনুগ্রহ করে কিছুক্ষণ পরে আবার আসুন।'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'গ্রাহক সেবা' })).toBeTruthy();
    expect(screen.queryByRole('banner')).toBeNull();
  });

  it('shows the region-blocked page with the visitor IP for status 2', async () => {
    renderApp('/promotions', {
      status: statusFixture({ status: 2, ip: '198.51.100.23' }),
      whitelabel: whitelabelFixture({ customerServiceUrl: 'https://help.example.com/chat' }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'প্রবেশাধিকার সীমিত' })).toBeTruthy();
    expect(screen.getByText('আপনার আইপি ঠিকানা: 198.51.100.23')).toBeTruthy();
    const service = screen.getByRole('link', { name: 'গ্রাহক সেবা' });
    expect(service.getAttribute('href')).toBe('https://help.example.com/chat');
    expect(screen.queryByRole('banner')).toBeNull();
  });

  it('asks the status of the host the visitor opened', async () => {
    const { fetchMock } = renderApp('/index');
    await screen.findByRole('banner');
    const statusCall = fetchMock.mock.calls
      .map(([url]) => url)
      .find((url) => url.startsWith('/wps/system/status'));
    expect(statusCall).toBe(`/wps/system/status?url=${encodeURIComponent(window.location.host)}`);
  });
});

describe('routes', () => {
  it('redirects / to /index, keeping the query', async () => {
    const { router } = renderApp('/?referralCode=AB12');
    await waitFor(() => expect(router.state.location.pathname).toBe('/index'));
    expect(router.state.location.search).toBe('?referralCode=AB12');
  });

  it('shows the not-found page inside the shell for an unknown path', async () => {
    renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { level: 1, name: 'পেজটি পাওয়া যায়নি' })).toBeTruthy();
    expect(screen.getByRole('banner')).toBeTruthy();
  });

  it('shows /helpmc without the shell', async () => {
    renderApp('/helpmc?page=privacy-policy', { answers: { '/wps/system/helpCenter': helpCenterFixture } });
    expect(await screen.findByRole('heading', { level: 1, name: 'সহায়তা কেন্দ্র' })).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 2, name: 'গোপনীয়তা নীতি' })).toBeTruthy();
    expect(screen.queryByRole('banner')).toBeNull();
  });

  it('serves /download as the same page as /down', async () => {
    renderApp('/download');
    expect(await screen.findByRole('heading', { level: 1, name: 'অ্যাপ ডাউনলোড' })).toBeTruthy();
  });

  it('upper-cases the category of a games route', async () => {
    const { router } = renderApp('/games/rng/vassalage/KHELA_SLOTS');
    await waitFor(() => expect(router.state.location.pathname).toBe('/games/RNG/vassalage/KHELA_SLOTS'));
    expect(await screen.findByRole('heading', { level: 1, name: 'স্লট' })).toBeTruthy();
  });

  it('refuses a games route whose type is neither hot nor vassalage', async () => {
    renderApp('/games/RNG/cold/KHELA_SLOTS');
    expect(await screen.findByRole('heading', { level: 1, name: 'পেজটি পাওয়া যায়নি' })).toBeTruthy();
  });

  it('shows one lobby page for each category route', async () => {
    renderApp('/fish');
    const main = await screen.findByRole('main');
    expect(await within(main).findByRole('heading', { level: 1, name: 'ফিশিং' })).toBeTruthy();
    expect(main.classList.contains('fish')).toBe(true);
  });
});

describe('loginedToHomePage', () => {
  it('sends a visitor to /login from any other page', async () => {
    const { router } = renderApp('/noticePage', { whitelabel: loginRequired });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('heading', { level: 1, name: 'লগ ইন' })).toBeTruthy();
  });

  it.each(['/register', '/register.html', '/helpmc', '/download'])('lets a visitor open %s', async (path) => {
    const { router } = renderApp(path, { whitelabel: loginRequired });
    await screen.findByRole('heading', { level: 1 });
    expect(router.state.location.pathname).toBe(path);
  });

  it('lets a logged-in member through', async () => {
    useSessionStore.getState().setSession({ token: 'token-1', isAgent: null, username: 'rahim01' });
    const { router } = renderApp('/noticePage', { whitelabel: loginRequired });
    expect(await screen.findByRole('heading', { level: 1, name: 'ঘোষণা' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/noticePage');
  });

  it('leaves every page open when the flag is off', async () => {
    const { router } = renderApp('/noticePage');
    expect(await screen.findByRole('heading', { level: 1, name: 'ঘোষণা' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/noticePage');
  });
});
