import { act, screen } from '@testing-library/react';
import type { MemberInfo } from '@khela/contract';
import type { MemberCentrePageKey } from '../../../shared/config/centre-pages.ts';
import { changeLanguage } from '../../../shared/i18n/i18n.ts';
import { useOverlayStore } from '../../../shared/stores/overlay-store.ts';
import { useSessionStore } from '../../../shared/stores/session-store.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { publicKeyAnswer } from '../../../test/sealed-calls.ts';
import { answerCalls, type Answer } from '../../../test/test-answers.ts';

export { openSealed } from '../../../test/sealed-calls.ts';

/** Component tests of the wallet pages: the app with a logged-in member and stubbed wallet calls. */

export function memberInfo(overrides: Partial<MemberInfo> = {}): MemberInfo {
  return {
    id: 7,
    account: 'demoplayer',
    nickname: 'Demo',
    type: 0,
    isAgent: 0,
    toUpline: 'demoagent',
    clubLabel: { labelName: 'VIP1', rankLevel: 1 },
    memberLabel: [],
    lastLoginAt: null,
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

export function balance(main: string, extra: { held?: string } = {}) {
  return {
    sumBalance: main,
    gameWallets: '0.00',
    totalBalance: main,
    currency: 'BDT',
    held: extra.held ?? '0.00',
    demo: false,
    wallets: [
      { kind: 'main', vendor: null, balance: main },
      { kind: 'bonus', vendor: null, balance: '0.00' },
    ],
  };
}

/**
 * Renders the app logged in, opens the member centre on `page`, answers the wallet calls with
 * `answer` (path, body) first and then the defaults (member info, balance, public key).
 */
export async function openWalletPage(
  page: MemberCentrePageKey,
  answer: (path: string, body: unknown) => Answer | undefined,
  options: { member?: MemberInfo; language?: 'EN' | 'BN' } = {},
) {
  await changeLanguage(options.language ?? 'EN', { remember: true });
  useSessionStore.getState().setSession({ token: 'token-1', isAgent: 0, username: 'demoplayer' });
  const publicKey = await publicKeyAnswer();
  const view = renderApp('/index');
  const seen = answerCalls(view.fetchMock, (path, body) => {
    const found = answer(path, body);
    if (found) return found;
    if (path === '/wps/member/info') return { body: options.member ?? memberInfo() };
    if (path === '/wps/v2/wallets/balance') return { body: balance('1000.00') };
    if (path === '/wps/system/publicKey') return { body: publicKey };
    return undefined;
  });
  await screen.findByRole('banner');
  act(() => useOverlayStore.getState().openMemberCentre(page));
  const panel = await screen.findByRole('dialog');
  return { ...view, panel, seen };
}
