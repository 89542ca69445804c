import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { RegisterSetting } from '@khela/contract';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { useOverlayStore } from '../../../shared/stores/overlay-store.ts';
import { features } from '../../../test/fixtures.ts';
import { renderApp, statusFixture, whitelabelFixture } from '../../../test/render-app.tsx';
import { demoSettings, rule } from './test-settings.ts';

/** A Bengali text of the catalogue (the tests run in the default language). */
const L = (key: string) => i18n.t(key);
const input = { selector: 'input' };
const submitButton = () =>
  within(screen.getByRole('form', { name: L('page_register') })).getByRole('button', {
    name: L('action_register'),
  });

const captchaImage = 'data:image/svg+xml;base64,PHN2Zy8+';

function renderRegister(
  path = '/register',
  options: { settings?: RegisterSetting; mobileRegistration?: boolean; site?: 'member' | 'agent' } = {},
) {
  const view = renderApp(path, {
    whitelabel: whitelabelFixture({
      features: { ...features, mobileRegistration: options.mobileRegistration ?? true },
    }),
    status: statusFixture({ site: options.site ?? 'member' }),
    answers: {
      '/wps/system/setting/register': options.settings ?? demoSettings(),
      '/wps/captcha': { captchaId: 'captcha-1', image: captchaImage, expiresInSeconds: 120 },
    },
  });
  return view;
}

/** Replaces the stubbed fetch from now on: the affiliate check fails, other calls as before. */
function failAffiliateCheck(fetchMock: ReturnType<typeof renderApp>['fetchMock']) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const { pathname } = new URL(input, 'http://localhost');
      calls.push(`${init?.method ?? 'GET'} ${pathname}`);
      if (pathname === '/wps/agent/affiliate') {
        return new Response(
          JSON.stringify({
            success: false,
            code: 'INVALID_AFFILIATE_CODE',
            message: 'invitation_code_error',
            value: { issues: [{ field: 'code', reason: 'unknown code' }] },
          }),
          { status: 400, headers: { 'content-type': 'application/json' } },
        );
      }
      return fetchMock(input);
    }),
  );
  return calls;
}

const fill = (label: string, value: string) => {
  const input = screen.getByLabelText(label, { selector: 'input' });
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
  return input;
};

describe('registration form (/register)', () => {
  it('shows the fields the settings enable, with ＊ before required placeholders', async () => {
    renderRegister();
    const username = await screen.findByLabelText(L('label_username'), input);
    expect(username.getAttribute('placeholder')?.startsWith('＊')).toBe(true);
    expect(
      screen.getByLabelText(L('label_payment_password'), input).getAttribute('placeholder')?.startsWith('＊'),
    ).toBe(true);
    // Optional fields show without the mark; disabled ones do not show.
    const email = screen.getByLabelText(L('label_email'), input);
    expect(email.getAttribute('placeholder')?.startsWith('＊')).toBe(false);
    expect(screen.queryByLabelText(L('label_whatsapp'), input)).toBeNull();
    expect(screen.getByRole('button', { name: L('action_refresh_captcha') })).toBeTruthy();
  });

  it('follows the operator settings: a required WhatsApp field appears, a disabled email goes', async () => {
    renderRegister('/register', {
      settings: demoSettings({
        whatsapp: rule({
          enabled: true,
          required: true,
          patternId: 'digits',
          acceptedPattern: '^[0-9]+$',
          minLength: 6,
          maxLength: 15,
        }),
        email: rule({ patternId: 'email' }),
      }),
    });
    const whatsapp = await screen.findByLabelText(L('label_whatsapp'), input);
    expect(whatsapp.getAttribute('placeholder')).toBe(`＊${L('label_whatsapp')}`);
    // The rule shows under the field, announced with it.
    const hint = document.getElementById(whatsapp.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toBe(i18n.t('rule_digits', { min: 6, max: 15 }));
    expect(screen.queryByLabelText(L('label_email'), input)).toBeNull();
  });

  it('shows the rule message with min and max under a field that breaks it', async () => {
    renderRegister();
    await screen.findByLabelText(L('label_username'), input);
    fill(L('label_username'), '1abc');
    const expected = i18n.t('rule_first_letter_then_mix', { min: 6, max: 16 });
    expect(expected).toContain('6–16');
    expect(await screen.findByText(expected, { selector: '.field__error' })).toBeTruthy();
    fill(L('label_payment_password'), '12');
    const exact = i18n.t('rule_digits_exact', { min: 6 });
    expect(exact).not.toContain('–');
    expect(await screen.findByText(exact, { selector: '.field__error' })).toBeTruthy();
  });

  it('refuses a confirmation that differs from the password', async () => {
    renderRegister();
    await screen.findByLabelText(L('label_username'), input);
    fill(L('label_password'), 'Sunny-river-42');
    fill(L('label_confirm_password'), 'Sunny-river-43');
    expect(await screen.findByText(i18n.t('text_password_mismatch'))).toBeTruthy();
  });

  it('asks for required fields on submit and sends nothing', async () => {
    const { fetchMock } = renderRegister();
    await screen.findByLabelText(L('label_username'), input);
    fireEvent.click(submitButton());
    const required = await screen.findAllByText(i18n.t('text_field_required'));
    expect(required.length).toBe(5);
    // The age confirmation and terms agreement too, under its box.
    expect(await screen.findByText(i18n.t('text_agreement_required'))).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/wps/member/register'))).toBe(false);
  });

  it('reads referralCode from the query and keeps an affiliate code from the link', async () => {
    renderRegister('/register?referralCode=FRIEND1&affiliateCode=KHELA01');
    expect(await screen.findByText(i18n.t('text_referral_code', { code: 'FRIEND1' }))).toBeTruthy();
    expect((screen.getByLabelText(L('label_affiliate_code'), input) as HTMLInputElement).value).toBe(
      'KHELA01',
    );
    expect(window.localStorage.getItem('affiliateCode')).toBe('KHELA01');
  });

  it("puts the referral link's code in the invitation field, so it is checked and names the upline", async () => {
    renderRegister('/register?referralCode=KHELA01');
    expect(await screen.findByText(i18n.t('text_referral_code', { code: 'KHELA01' }))).toBeTruthy();
    expect((screen.getByLabelText(L('label_affiliate_code'), input) as HTMLInputElement).value).toBe(
      'KHELA01',
    );
  });

  it("asks for the brand's minimum age, with the terms a link beside the form", async () => {
    renderRegister('/register', { settings: demoSettings({ minimumAge: 21, termsVersion: '2026-12' }) });
    const box = await screen.findByRole('checkbox', { name: i18n.t('text_register_agreement', { age: 21 }) });
    expect((box as HTMLInputElement).checked).toBe(false);
    const terms = screen.getByRole('link', { name: i18n.t('action_read_terms') });
    expect(terms.getAttribute('href')).toBe('/help?page=general-terms');
    expect(terms.getAttribute('target')).toBe('_blank');
  });

  it('shows no tab strip without mobile registration', async () => {
    renderRegister('/register', { mobileRegistration: false });
    await screen.findByLabelText(L('label_username'), input);
    expect(screen.queryByRole('tablist')).toBeNull();
  });

  it('switches to the mobile tab: number, code with its get-code button, no username', async () => {
    renderRegister();
    const tabs = await screen.findByRole('tablist');
    fireEvent.click(within(tabs).getByRole('tab', { name: L('label_mobile_number') }));
    const panel = await screen.findByRole('tabpanel');
    expect(within(panel).queryByLabelText(L('label_username'))).toBeNull();
    expect(
      within(panel).getByLabelText(L('label_mobile_number')).getAttribute('placeholder')?.startsWith('＊'),
    ).toBe(true);
    const getCode = within(panel).getByRole('button', { name: i18n.t('action_get_code') });
    expect((getCode as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(within(panel).getByLabelText(L('label_mobile_number')), {
      target: { value: '01711111111' },
    });
    await waitFor(() => expect((getCode as HTMLButtonElement).disabled).toBe(false));
  });

  it('shows the invitation_code_error popup for an unknown affiliate code and registers nothing', async () => {
    const { fetchMock } = renderRegister();
    await screen.findByLabelText(L('label_username'), input);
    await screen.findByRole('img', { name: L('label_captcha_image') });
    const calls = failAffiliateCheck(fetchMock);
    fill(L('label_username'), 'newplayer1');
    fill(L('label_password'), 'Sunny-river-42');
    fill(L('label_confirm_password'), 'Sunny-river-42');
    fill(L('label_payment_password'), '135790');
    fill(L('label_affiliate_code'), 'NOPE1234');
    fill(L('label_captcha'), 'ab34');
    fireEvent.click(screen.getByRole('checkbox', { name: i18n.t('text_register_agreement', { age: 18 }) }));
    fireEvent.click(submitButton());
    const popup = await screen.findByRole('alertdialog');
    expect(within(popup).getByText(i18n.t('invitation_code_error'))).toBeTruthy();
    expect(useOverlayStore.getState().pendingConfirm?.hideCancel).toBe(true);
    expect(calls.some((call) => call.startsWith('GET /wps/agent/affiliate'))).toBe(true);
    expect(calls.some((call) => call.includes('/wps/member/register'))).toBe(false);
    expect(calls.some((call) => call.includes('/wps/verification/challenge'))).toBe(false);
  });
});

describe('registerModal', () => {
  it('opens from the header, shows the form, and its log-in link swaps it for the login dialog', async () => {
    renderRegister('/index');
    const header = await screen.findByRole('banner');
    fireEvent.click(within(header).getByRole('button', { name: L('action_register') }));
    const dialog = await screen.findByRole('dialog', { name: L('page_register') });
    expect(await within(dialog).findByLabelText(L('label_username'), input)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: L('action_login') }));
    await waitFor(() => expect(useOverlayStore.getState().openModals).toEqual(['loginPopupModal']));
  });
});

describe('the agent site', () => {
  it('offers no Register (header, login dialog, /register) since the server refuses it there', async () => {
    renderRegister('/register', { site: 'agent' });
    expect(await screen.findByText(L('text_register_agent_site'))).toBeTruthy();
    expect(screen.queryByLabelText(L('label_username'), input)).toBeNull();
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('button', { name: L('action_login') })).toBeTruthy();
    expect(within(header).queryByRole('button', { name: L('action_register') })).toBeNull();
    fireEvent.click(within(header).getByRole('button', { name: L('action_login') }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByRole('button', { name: L('action_login') });
    expect(within(dialog).queryByRole('button', { name: L('action_register') })).toBeNull();
  });
});
