import { describe, expect, it } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import type { MemberInfo, VipProgress } from '@khela/contract';
import { changeLanguage } from '../../../shared/i18n/i18n.ts';
import { useOverlayStore } from '../../../shared/stores/overlay-store.ts';
import { useSessionStore } from '../../../shared/stores/session-store.ts';
import { renderApp, whitelabelFixture } from '../../../test/render-app.tsx';
import { percentOf } from './vip-rank.tsx';

/**
 * VIP ranks on the member site (docs/vip.md): the header's rank label from member info's clubLabel,
 * the security centre's rank card (level, progress to the next level in bigint percent, the period
 * and the review on the brand's clock), and the VIP service's contact above level 4.
 */
function memberInfo(clubLabel: MemberInfo['clubLabel'], type = 0): MemberInfo {
  return {
    id: 7,
    account: 'demoplayer',
    nickname: 'Demo',
    type,
    isAgent: type,
    toUpline: null,
    clubLabel,
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
}

// 2026-12-07 00:00 in Dhaka is 2026-12-06 18:00 UTC.
const silver: VipProgress = {
  level: 2,
  name: 'Silver',
  periodDays: 30,
  periodFrom: Date.UTC(2026, 10, 7, 18, 0),
  turnover: '12500.00',
  deposits: '1000.00',
  next: { level: 3, name: 'Gold', turnover: '100000.00', deposits: '20000.00' },
  keep: { turnover: '25000.00', deposits: '5000.00' },
  reviewAt: Date.UTC(2027, 0, 5, 18, 0),
  dailyWithdrawalLimit: '250000.00',
  vipService: false,
};

async function openSecurity(
  member: MemberInfo,
  progress: VipProgress,
  options: { language?: 'EN' | 'BN'; channels?: boolean } = {},
) {
  await changeLanguage(options.language ?? 'EN', { remember: true });
  useSessionStore.getState().setSession({ token: 'token-1', isAgent: member.type, username: member.account });
  const view = renderApp('/index', {
    answers: { '/wps/member/info': member, '/wps/member/vip': progress },
    whitelabel: whitelabelFixture(
      options.channels ? { customerServiceUrl: 'https://support.khela.example/vip' } : {},
    ),
  });
  await screen.findByRole('banner');
  act(() => useOverlayStore.getState().openMemberCentre());
  const panel = await screen.findByRole('dialog');
  return { ...view, panel };
}

describe('VIP rank', () => {
  it("shows the rank's name in the header, labelled with its level", async () => {
    await openSecurity(memberInfo({ labelName: 'Silver', rankLevel: 2 }), silver);
    // The member centre is open (modal): the header is outside it, so found by its test id.
    const badge = await screen.findByTestId('rank-badge');
    expect(badge.getAttribute('aria-label')).toBe('VIP rank: Silver (level 2)');
    expect(badge.textContent).toBe('Silver');
  });

  it('gives an agent no rank label', async () => {
    await openSecurity(memberInfo({ labelName: 'Member', rankLevel: 0 }, 1), { ...silver, level: 0 });
    // Member info has loaded once the account menu shows the nickname.
    await screen.findAllByText('Demo');
    expect(screen.queryByTestId('rank-badge')).toBeNull();
  });

  it('shows the level, the progress to the next level and the review, in English', async () => {
    const { panel } = await openSecurity(memberInfo({ labelName: 'Silver', rankLevel: 2 }), silver);
    const card = (await within(panel).findByRole('heading', { name: 'VIP rank' })).closest('section')!;
    expect(await within(card as HTMLElement).findByText('Silver')).toBeTruthy();
    expect(within(card as HTMLElement).getByText('Level 2')).toBeTruthy();
    expect(within(card as HTMLElement).getByText(/Next: Gold \(level 3\)/)).toBeTruthy();
    const [turnover, deposits] = within(card as HTMLElement).getAllByRole('progressbar');
    expect(turnover!.getAttribute('aria-valuenow')).toBe('12');
    expect(deposits!.getAttribute('aria-valuenow')).toBe('5');
    expect(within(card as HTMLElement).getByText('৳12,500.00 of ৳100,000.00')).toBeTruthy();
    expect(
      within(card as HTMLElement).getByText(/Counted over the last 30 days, from .*Nov.* 8, 2026/),
    ).toBeTruthy();
    expect(
      within(card as HTMLElement).getByText(/reviewed on .*Jan.* 6, 2027: ৳25,000.00 of turnover/),
    ).toBeTruthy();
    expect(
      within(card as HTMLElement).getByText('Daily withdrawals at your level: up to ৳250,000.00.'),
    ).toBeTruthy();
    expect(within(card as HTMLElement).queryByTestId('vip-service')).toBeNull();
  });

  it('says it in Bengali', async () => {
    const { panel } = await openSecurity(memberInfo({ labelName: 'Silver', rankLevel: 2 }), silver, {
      language: 'BN',
    });
    const card = (await within(panel).findByRole('heading', { name: 'ভিআইপি র‍্যাঙ্ক' })).closest('section')!;
    expect(await within(card as HTMLElement).findByText('লেভেল 2')).toBeTruthy();
    expect(within(card as HTMLElement).getByText('টার্নওভার')).toBeTruthy();
    expect(within(card as HTMLElement).getByText('ডিপোজিট')).toBeTruthy();
  });

  it("opens the VIP service above level 4 with the brand's channels, and says when the top is held", async () => {
    const diamond: VipProgress = {
      ...silver,
      level: 6,
      name: 'Royal',
      next: null,
      dailyWithdrawalLimit: null,
      vipService: true,
    };
    const { panel } = await openSecurity(memberInfo({ labelName: 'Royal', rankLevel: 6 }), diamond, {
      channels: true,
    });
    const service = await within(panel).findByTestId('vip-service');
    expect(within(service).getByRole('heading', { name: 'VIP service' })).toBeTruthy();
    expect(
      within(service)
        .getByRole('link', { name: /Customer service/ })
        .getAttribute('href'),
    ).toBe('https://support.khela.example/vip');
    expect(within(panel).getByText('You hold the top level.')).toBeTruthy();
    expect(within(panel).getByText('Daily withdrawals at your level: no daily limit.')).toBeTruthy();
    expect(within(panel).queryAllByRole('progressbar')).toHaveLength(0);
  });
});

describe('percentOf', () => {
  it('counts whole percent in bigint, at most 100, 100 for a threshold of 0', () => {
    expect(percentOf('0.00', '1000.00')).toBe(0);
    expect(percentOf('999.99', '1000.00')).toBe(99);
    expect(percentOf('1000.00', '1000.00')).toBe(100);
    expect(percentOf('5000.00', '1000.00')).toBe(100);
    expect(percentOf('12.00', '0.00')).toBe(100);
    expect(percentOf('123456789.12', '123456790.00')).toBe(99);
  });
});
