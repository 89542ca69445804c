import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MemberInfo } from '@khela/contract';
import { changeLanguage } from '../../../shared/i18n/i18n.ts';
import { useOverlayStore } from '../../../shared/stores/overlay-store.ts';
import { useSessionStore } from '../../../shared/stores/session-store.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { answerCalls } from '../../../test/test-answers.ts';
import { formatLoginTime } from './security-center.tsx';
import { stubCalls } from '../../../test/stub-calls.ts';
import { demoSettings, rule } from '../register/test-settings.ts';

const lastLoginAt = Date.UTC(2026, 10, 20, 14, 5);

function memberInfo(overrides: Partial<MemberInfo> = {}): MemberInfo {
  return {
    id: 7,
    account: 'demoplayer',
    nickname: 'Demo',
    type: 0,
    isAgent: 0,
    toUpline: 'demoagent',
    clubLabel: { labelName: 'VIP1', rankLevel: 1 },
    memberLabel: [],
    lastLoginAt,
    mobileNum: '+880******0002',
    email: 'pl****@khela.local',
    affiliateCode: null,
    twoFactorEnabled: false,
    hasPaymentPassword: true,
    demoFunds: false,
    passwordExpired: false,
    firstTimeLogin: false,
    ...overrides,
  };
}

const recoveryCodes = Array.from({ length: 10 }, (_, index) => `code-${String(index).padStart(4, '0')}`);

async function openSecurityCentre(
  member: MemberInfo,
  language: 'EN' | 'BN' = 'EN',
  centre: 'member' | 'agent' = 'member',
) {
  await changeLanguage(language, { remember: true });
  useSessionStore.getState().setSession({ token: 'token-1', isAgent: member.type, username: member.account });
  const view = renderApp('/index');
  const seen = answerCalls(view.fetchMock, (path) => {
    if (path === '/wps/member/info') return { body: member };
    if (path === '/wps/member/2fa/setup') {
      return {
        body: {
          secret: 'JBSWY3DPEHPK3PXPJBSWY3DP',
          otpauthUrl: 'otpauth://totp/Khela:demoplayer?secret=JBSWY3DPEHPK3PXPJBSWY3DP',
          qrCode: 'data:image/png;base64,iVBORw0KGgo=',
        },
      };
    }
    if (path === '/wps/member/2fa/confirm') return { body: { recoveryCodes } };
    if (path === '/wps/member/logins') {
      return {
        body: {
          logins: [
            {
              at: lastLoginAt + 3_600_000,
              ip: '203.0.113.7',
              device: 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36',
              site: 'agent',
              current: true,
              active: true,
            },
            {
              at: lastLoginAt - 86_400_000,
              ip: null,
              device: null,
              site: 'member',
              current: false,
              active: false,
            },
          ],
        },
      };
    }
    if (path === '/wps/system/setting/register') {
      return {
        body: demoSettings({
          paymentPassword: rule({
            enabled: true,
            required: true,
            acceptedPattern: '^[0-9]+$',
            patternId: 'digits',
            minLength: 6,
            maxLength: 6,
          }),
        }),
      };
    }
    return undefined;
  });
  await screen.findByRole('banner');
  act(() =>
    centre === 'agent'
      ? useOverlayStore.getState().openAgentCentre('securityCenter')
      : useOverlayStore.getState().openMemberCentre(),
  );
  const panel = await screen.findByRole('dialog');
  return { ...view, panel, seen };
}

describe("an agent's own account in the agent centre (issue 38)", () => {
  it('opens My account with the security settings and the login history, with Log out under the menu', async () => {
    const { panel, seen } = await openSecurityCentre(
      memberInfo({ account: 'demoagent', type: 1, isAgent: 1 }),
      'EN',
      'agent',
    );
    expect(within(panel).getByRole('heading', { level: 2, name: 'My account' })).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'My account' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(await within(panel).findByRole('heading', { name: 'Login history' })).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Change password' })).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Turn on two-step verification' })).toBeTruthy();
    expect(await within(panel).findByText('This session')).toBeTruthy();
    expect(within(panel).getByText('Agent site · 203.0.113.7 · Chrome · Android')).toBeTruthy();
    expect(within(panel).getByText('Member site · Address unknown')).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Log out' })).toBeTruthy();
    expect(seen.some((call) => call.path === '/wps/member/logins')).toBe(true);
  });
});

describe('the security centre', () => {
  it('shows who the account is and the previous login, in the visitor language', async () => {
    const { panel } = await openSecurityCentre(memberInfo());
    expect(await within(panel).findByText('demoplayer')).toBeTruthy();
    expect(within(panel).getByText('demoagent')).toBeTruthy();
    expect(within(panel).getByText('VIP1')).toBeTruthy();
    expect(within(panel).getByText('Previous login')).toBeTruthy();
    const shown = formatLoginTime(lastLoginAt, 'EN', false, 'Asia/Dhaka');
    expect(shown).toMatch(/November 20, 2026/);
    expect(within(panel).getByText(shown)).toBeTruthy();
    expect(within(panel).getByText('+880******0002')).toBeTruthy();
    expect(within(panel).getByText('pl****@khela.local')).toBeTruthy();
  });

  it('says "first login" when there is no previous one, and uses Bengali in Bengali', async () => {
    const { panel } = await openSecurityCentre(memberInfo({ lastLoginAt: null }), 'BN');
    expect(await within(panel).findByText('এটাই আপনার প্রথম লগইন')).toBeTruthy();
    expect(formatLoginTime(lastLoginAt, 'BN', true, 'Asia/Dhaka')).toMatch(/নভেম্বর/);
  });

  it('walks through TOTP enrolment: QR code and key, a code, then the ten recovery codes once', async () => {
    const { panel, seen } = await openSecurityCentre(memberInfo());
    fireEvent.click(await within(panel).findByRole('button', { name: 'Turn on two-step verification' }));
    fireEvent.click(within(panel).getByRole('button', { name: 'Start setup' }));

    const qr = await within(panel).findByRole('img', { name: 'QR code for the authenticator app' });
    expect(qr.getAttribute('src')).toBe('data:image/png;base64,iVBORw0KGgo=');
    expect(within(panel).getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP')).toBeTruthy();

    const code = within(panel).getByLabelText('Six-digit code');
    fireEvent.change(code, { target: { value: '12345' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Verify' }));
    expect(await within(panel).findByText('Enter the six digits.')).toBeTruthy();
    expect(seen.some((call) => call.path === '/wps/member/2fa/confirm')).toBe(false);

    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Verify' }));
    const list = await within(panel).findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(recoveryCodes);
    expect(seen.find((call) => call.path === '/wps/member/2fa/confirm')?.body).toEqual({ code: '123456' });

    const done = within(panel).getByRole('button', { name: 'Done' });
    expect(done.hasAttribute('disabled')).toBe(true);
    fireEvent.click(within(panel).getByLabelText('I have saved them'));
    expect(done.hasAttribute('disabled')).toBe(false);
    fireEvent.click(done);
    await waitFor(() => expect(within(panel).queryByRole('list', { name: 'Recovery codes' })).toBeNull());
    expect(within(panel).getByText('Two-step verification is now on.')).toBeTruthy();
  });

  it('opens the change-password dialog', async () => {
    const { panel } = await openSecurityCentre(memberInfo());
    fireEvent.click(await within(panel).findByRole('button', { name: 'Change password' }));
    expect(useOverlayStore.getState().openModals).toContain('changePassModal');
  });

  it('shows a trial account the register notice instead of the forms', async () => {
    const { panel } = await openSecurityCentre(memberInfo({ account: 'trial01', type: 4, isAgent: 4 }));
    expect(await within(panel).findByText('Please Register An Account First')).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Change email' })).toBeNull();
    expect(within(panel).queryByRole('button', { name: 'Turn on two-step verification' })).toBeNull();
  });

  it('sets a payment password: the brand rule, typed twice, the login password again', async () => {
    const { panel } = await openSecurityCentre(memberInfo({ hasPaymentPassword: false }));
    const seen = stubCalls({ setPaymentPassword: () => ({ hasPaymentPassword: true }) });
    const sent = () => seen.map((call) => call.body);
    expect(await within(panel).findByText('Not set', { exact: false })).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: 'Set payment password' }));
    const form = await within(panel).findByRole('form', { name: 'Payment password' });
    const [fresh, again, login] = within(form).getAllByLabelText(
      /payment password|Current password/i,
    ) as HTMLInputElement[];
    fireEvent.change(fresh!, { target: { value: '12ab' } });
    fireEvent.change(again!, { target: { value: '999999' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('6 characters, digits only')).toBeTruthy();
    expect(within(form).getByText('The passwords do not match', { exact: false })).toBeTruthy();
    expect(sent()).toEqual([]);
    fireEvent.change(fresh!, { target: { value: '975310' } });
    fireEvent.change(again!, { target: { value: '975310' } });
    fireEvent.change(login!, { target: { value: 'Player-demo-2026' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(panel).findByText(/Payment password saved/)).toBeTruthy();
    expect(sent()).toEqual([
      { newPaymentPassword: '975310', confirmPaymentPassword: '975310', password: 'Player-demo-2026' },
    ]);
  });

  it('turning the second step off says every session ended, closes the centre and offers the login', async () => {
    const { panel } = await openSecurityCentre(memberInfo({ twoFactorEnabled: true }), 'BN');
    const seen = stubCalls({ twoFactorDisable: () => null });
    const sent = () => seen.map((call) => call.body);
    fireEvent.click(await within(panel).findByRole('button', { name: 'দ্বি-ধাপ যাচাই বন্ধ করুন' }));
    const form = await within(panel).findByRole('form', { name: 'দ্বি-ধাপ যাচাই বন্ধ করুন' });
    fireEvent.change(within(form).getByLabelText('বর্তমান পাসওয়ার্ড'), {
      target: { value: 'Player-demo-2026' },
    });
    fireEvent.change(within(form).getByLabelText('ছয় অঙ্কের কোড'), { target: { value: '123456' } });
    fireEvent.click(within(form).getByRole('button', { name: 'দ্বি-ধাপ যাচাই বন্ধ করুন' }));
    const notice = await screen.findByRole('alertdialog');
    expect(within(notice).getByText(/দ্বি-ধাপ যাচাই এখন বন্ধ।/)).toBeTruthy();
    expect(sent()).toEqual([{ password: 'Player-demo-2026', code: '123456' }]);
    // The session is over here too: nothing waits on a 401 and the centre does not spin.
    expect(useSessionStore.getState().token).toBeNull();
    expect(useOverlayStore.getState().memberCentre.open).toBe(false);
    fireEvent.click(within(notice).getByRole('button', { name: 'লগ ইন' }));
    await waitFor(() => expect(useOverlayStore.getState().openModals).toContain('loginPopupModal'));
  });
});
