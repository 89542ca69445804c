import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useOverlayStore } from '../../shared/stores/overlay-store.ts';
import { useSessionStore } from '../../shared/stores/session-store.ts';
import { gameMenusFixture, renderApp, whitelabelFixture } from '../../test/render-app.tsx';
import { features } from '../../test/fixtures.ts';

describe('page shell', () => {
  it('shows the logged-out buttons to a visitor, in Bengali by default', async () => {
    renderApp('/index');
    const header = await screen.findByRole('banner');
    expect(await within(header).findByRole('button', { name: 'লগ ইন' })).toBeTruthy();
    expect(within(header).getByRole('button', { name: 'নিবন্ধন' })).toBeTruthy();
    expect(within(header).queryByRole('button', { name: /^ব্যালেন্স:/ })).toBeNull();
    expect(document.documentElement.lang).toBe('bn');
  });

  it('shows the balance and account menu instead when a token exists', async () => {
    useSessionStore.getState().setSession({ token: 'token-1', isAgent: null, username: 'rahim01' });
    renderApp('/index');
    const header = await screen.findByRole('banner');
    expect(await within(header).findByRole('button', { name: /^ব্যালেন্স:/ })).toBeTruthy();
    expect(within(header).getByRole('button', { name: 'অ্যাকাউন্ট মেনু' })).toBeTruthy();
    expect(within(header).queryByRole('button', { name: 'লগ ইন' })).toBeNull();
    expect(window.sessionStorage.getItem('token')).toBe('token-1');
  });

  it('masks the balance on request', async () => {
    useSessionStore.getState().setSession({ token: 'token-1', isAgent: null, username: 'rahim01' });
    renderApp('/index');
    const mask = await screen.findByRole('button', { name: 'ব্যালেন্স লুকান' });
    expect(mask.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(mask);
    expect(mask.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: /ব্যালেন্স: লুকানো/ })).toBeTruthy();
  });

  it('gives the main view the route path as its class', async () => {
    const { container } = renderApp('/noticePage');
    await screen.findByRole('heading', { level: 1, name: 'ঘোষণা' });
    expect(container.querySelector('main.noticePage')).not.toBeNull();
  });

  it('shows no category in the header while the game menu is empty', async () => {
    renderApp('/index', { gameMenus: [] });
    const nav = await screen.findByRole('navigation', { name: 'প্রধান নেভিগেশন' });
    expect(within(nav).getByRole('link', { name: 'হোম' })).toBeTruthy();
    expect(within(nav).queryByRole('button', { name: 'স্লট' })).toBeNull();
    expect(await screen.findByText('এখনো কোনো গেম নেই')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'গেম প্রদানকারী' })).toBeNull();
  });

  it('shows a dropdown per category with vendors, and their logos in the footer', async () => {
    renderApp('/index', { gameMenus: gameMenusFixture });
    const nav = await screen.findByRole('navigation', { name: 'প্রধান নেভিগেশন' });
    const slots = await within(nav).findByRole('button', { name: 'স্লট' });
    fireEvent.click(slots);
    // The vendor row is its own chunk, loaded with the first opened dropdown.
    const vendor = await within(nav).findByRole('link', { name: /Khela Slots/ });
    expect(vendor.getAttribute('href')).toBe('/rng?page=KHELA_SLOTS');
    expect(within(nav).getByRole('button', { name: 'ফিশিং' })).toBeTruthy();
    const slider = screen.getByRole('region', { name: 'গেম প্রদানকারী' });
    expect(within(slider).getAllByRole('link')).toHaveLength(2);
  });

  it('links the seven about pages to the help centre', async () => {
    renderApp('/index');
    const footer = await screen.findByRole('contentinfo');
    const about = await within(footer).findByRole('region', { name: 'আমাদের সম্পর্কে' });
    const hrefs = within(about)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual([
      '/help?page=about-company',
      '/help?page=contact-us',
      '/help?page=general-terms',
      '/help?page=responsible-gaming',
      '/help?page=privacy-policy',
      '/help?page=affiliates',
      '/help?page=refund-policy',
    ]);
    expect(within(footer).getByText(whitelabelFixture().copyright)).toBeTruthy();
  });

  it('shows social links only where configured', async () => {
    renderApp('/index', {
      whitelabel: whitelabelFixture({ social: [{ network: 'telegram', url: 'https://t.me/khela' }] }),
    });
    const footer = await screen.findByRole('contentinfo');
    const social = await within(footer).findByRole('region', { name: 'আমাদের অনুসরণ করুন' });
    expect(within(social).getAllByRole('link')).toHaveLength(1);
    expect(
      within(social)
        .getByRole('link', { name: /Telegram/ })
        .getAttribute('href'),
    ).toBe('https://t.me/khela');
  });

  it('hides the social and contact sections when nothing is configured', async () => {
    renderApp('/index');
    const footer = await screen.findByRole('contentinfo');
    await within(footer).findByRole('region', { name: 'আমাদের সম্পর্কে' });
    expect(within(footer).queryByRole('region', { name: 'আমাদের অনুসরণ করুন' })).toBeNull();
    expect(within(footer).queryByRole('region', { name: 'গ্রাহক সেবা' })).toBeNull();
  });

  it('links customer service and the messenger from the footer where configured', async () => {
    renderApp('/index', {
      whitelabel: whitelabelFixture({
        customerServiceUrl: 'https://support.khela.example/chat',
        messengerUrl: 'https://m.me/khela',
      }),
    });
    const footer = await screen.findByRole('contentinfo');
    const contact = await within(footer).findByRole('region', { name: 'গ্রাহক সেবা' });
    expect(
      within(contact)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['https://support.khela.example/chat', 'https://m.me/khela']);
  });

  it('shows a visitor who opens the chat the login popup', async () => {
    renderApp('/index', { whitelabel: whitelabelFixture({ features: { ...features, chat: true } }) });
    const footer = await screen.findByRole('contentinfo');
    fireEvent.click(await within(footer).findByRole('button', { name: 'চ্যাট খুলুন' }));
    await waitFor(() => expect(useOverlayStore.getState().openModals).toContain('loginPopupModal'));
  });

  it('opens the chat room for a member', async () => {
    useSessionStore.getState().setSession({ token: 'token-1', isAgent: null, username: 'rahim01' });
    renderApp('/index', { whitelabel: whitelabelFixture({ features: { ...features, chat: true } }) });
    const footer = await screen.findByRole('contentinfo');
    fireEvent.click(await within(footer).findByRole('button', { name: 'চ্যাট খুলুন' }));
    expect(await screen.findByRole('dialog', { name: 'চ্যাট রুম' })).toBeTruthy();
  });

  it('opens the member centre on a page from the account menu', async () => {
    useSessionStore.getState().setSession({ token: 'token-1', isAgent: null, username: 'rahim01' });
    renderApp('/index');
    fireEvent.click(await screen.findByRole('button', { name: 'অ্যাকাউন্ট মেনু' }));
    // A page whose issue has not landed yet says so plainly.
    fireEvent.click(screen.getByRole('button', { name: 'মিশন ও লিডারবোর্ড' }));
    const panel = await screen.findByRole('dialog', { name: 'সদস্য কেন্দ্র' });
    expect(within(panel).getByRole('heading', { level: 2, name: 'মিশন ও লিডারবোর্ড' })).toBeTruthy();
    expect(within(panel).getByText('শীঘ্রই আসছে')).toBeTruthy();
  });

  it('opens the agent centre for an agent account', async () => {
    useSessionStore.getState().setSession({ token: 'token-2', isAgent: 1, username: 'agent01' });
    renderApp('/index');
    fireEvent.click(await screen.findByRole('button', { name: 'অ্যাকাউন্ট মেনু' }));
    fireEvent.click(screen.getByRole('button', { name: 'টিমের সারসংক্ষেপ' }));
    const panel = await screen.findByRole('dialog', { name: 'এজেন্ট সেন্টার' });
    expect(within(panel).getByRole('heading', { level: 2, name: 'টিমের সারসংক্ষেপ' })).toBeTruthy();
  });

  it('gives an agent their money: deposit, withdraw, transfer upline and account record work there', async () => {
    useSessionStore.getState().setSession({ token: 'token-2', isAgent: 41, username: 'agent01' });
    renderApp('/index');
    fireEvent.click(await screen.findByRole('button', { name: 'অ্যাকাউন্ট মেনু' }));
    const menu = screen.getByRole('list', { name: 'অ্যাকাউন্ট মেনু' });
    for (const label of ['জমা', 'উত্তোলন', 'আপলাইনে স্থানান্তর', 'অ্যাকাউন্ট রেকর্ড']) {
      expect(within(menu).getByRole('button', { name: label })).toBeTruthy();
    }
    fireEvent.click(within(menu).getByRole('button', { name: 'জমা' }));
    // The panel and the page are lazy chunks: a slow machine needs more than the default second.
    const panel = await screen.findByRole('dialog', { name: 'এজেন্ট সেন্টার' }, { timeout: 5000 });
    expect(within(panel).getByRole('heading', { level: 2, name: 'জমা' })).toBeTruthy();
    expect(panel.querySelector('[data-page="depositv2"]')).toBeTruthy();
    // The member centre's real page, not the placeholder of the agent pages still to come.
    await waitFor(() => expect(within(panel).queryByText('শীঘ্রই আসছে')).toBeNull(), { timeout: 5000 });
  });

  it('asks before logging out, then clears the session', async () => {
    useSessionStore.getState().setSession({ token: 'token-1', isAgent: null, username: 'rahim01' });
    const { router } = renderApp('/noticePage');
    fireEvent.click(await screen.findByRole('button', { name: 'অ্যাকাউন্ট মেনু' }));
    fireEvent.click(screen.getByRole('button', { name: 'লগ আউট' }));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'লগ আউট' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/index'));
    expect(window.sessionStorage.getItem('token')).toBeNull();
    expect(await screen.findByRole('button', { name: 'লগ ইন' })).toBeTruthy();
  });

  it('offers logout in the side menu, which phones use instead of the account menu', async () => {
    useSessionStore.getState().setSession({ token: 'token-1', isAgent: null, username: 'rahim01' });
    window.sessionStorage.setItem('vassalage', 'HOUSE');
    window.sessionStorage.setItem('noticePopupGuest', '1');
    const { router } = renderApp('/noticePage');
    fireEvent.click(await screen.findByRole('button', { name: 'মেনু' }));
    const menu = await screen.findByRole('dialog', { name: 'মেনু' });
    expect(within(menu).getByText('rahim01')).toBeTruthy();
    fireEvent.click(within(menu).getByRole('button', { name: 'লগ আউট' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'অনুগ্রহ করে নিশ্চিত করুন' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'লগ আউট' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/index'));
    // Spec 4: session storage is cleared (the guest's start-up notices stay seen).
    expect(window.sessionStorage.getItem('token')).toBeNull();
    expect(window.sessionStorage.getItem('vassalage')).toBeNull();
    expect(window.sessionStorage.getItem('noticePopupGuest')).toBe('1');
    expect(await screen.findByRole('button', { name: 'লগ ইন' })).toBeTruthy();
    expect(useOverlayStore.getState().sideMenuOpen).toBe(false);
  });

  it('offers logout in the member centre and closes it on the way out', async () => {
    useSessionStore.getState().setSession({ token: 'token-1', isAgent: null, username: 'rahim01' });
    renderApp('/index');
    await screen.findByRole('button', { name: 'অ্যাকাউন্ট মেনু' });
    useOverlayStore.getState().openMemberCentre('bonusDetails');
    const panel = await screen.findByRole('dialog', { name: 'সদস্য কেন্দ্র' });
    fireEvent.click(within(panel).getByRole('button', { name: 'লগ আউট' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'লগ আউট' }));
    await waitFor(() => expect(window.sessionStorage.getItem('token')).toBeNull());
    expect(useOverlayStore.getState().memberCentre.open).toBe(false);
  });

  it('keeps a cancelled logout from the side menu logged in', async () => {
    useSessionStore.getState().setSession({ token: 'token-1', isAgent: null, username: 'rahim01' });
    renderApp('/index');
    fireEvent.click(await screen.findByRole('button', { name: 'মেনু' }));
    const menu = await screen.findByRole('dialog', { name: 'মেনু' });
    fireEvent.click(within(menu).getByRole('button', { name: 'লগ আউট' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'বাতিল' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(window.sessionStorage.getItem('token')).toBe('token-1');
  });

  it('titles an error pop-up as an error and a question as a question', async () => {
    renderApp('/index');
    await screen.findByRole('banner');
    void useOverlayStore.getState().showError('err_network');
    const error = await screen.findByRole('alertdialog', { name: 'একটি সমস্যা হয়েছে' });
    expect(within(error).queryByRole('button', { name: 'বাতিল' })).toBeNull();
    fireEvent.click(within(error).getByRole('button', { name: 'নিশ্চিত করুন' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    void useOverlayStore.getState().requestConfirm({ messageKey: 'confirm_logout' });
    expect(await screen.findByRole('alertdialog', { name: 'অনুগ্রহ করে নিশ্চিত করুন' })).toBeTruthy();
  });

  it('says so with a toast when something worked, and the toast goes by itself', async () => {
    renderApp('/index');
    await screen.findByRole('banner');
    useOverlayStore.getState().showToast('text_password_changed');
    const status = await screen.findByText('আপনার পাসওয়ার্ড পরিবর্তন হয়েছে।');
    expect(status.closest('[role="status"]')).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'বন্ধ করুন' }));
    await waitFor(() => expect(screen.queryByText('আপনার পাসওয়ার্ড পরিবর্তন হয়েছে।')).toBeNull());
  });
});
