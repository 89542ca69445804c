import { act, screen } from '@testing-library/react';
import type { MemberInfo } from '@khela/contract';
import { base64ToBytes, bytesToBase64, type SealedEnvelope } from '@khela/contract';
import type { MemberCentrePageKey } from '../../../shared/config/centre-pages.ts';
import { changeLanguage } from '../../../shared/i18n/i18n.ts';
import { useOverlayStore } from '../../../shared/stores/overlay-store.ts';
import { useSessionStore } from '../../../shared/stores/session-store.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { answerCalls, type Answer } from '../../../test/test-answers.ts';

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

/** A real RSA key pair, so encrypted calls are sealed as in the browser and can be opened here. */
let keys: Promise<CryptoKeyPair> | null = null;
function sealingKeys(): Promise<CryptoKeyPair> {
  keys ??= crypto.subtle.generateKey(
    { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    true,
    ['encrypt', 'decrypt'],
  );
  return keys;
}

async function publicKeyAnswer() {
  const pair = await sealingKeys();
  const spki = new Uint8Array(await crypto.subtle.exportKey('spki', pair.publicKey));
  return { keyId: 'test-key', spki: bytesToBase64(spki), algorithm: 'RSA-OAEP-256+A256GCM' };
}

/** Opens what the page sealed: the plain body of an encrypted call. */
export async function openSealed(envelope: unknown): Promise<Record<string, unknown>> {
  const sealed = envelope as SealedEnvelope;
  const pair = await sealingKeys();
  const rawKey = await crypto.subtle.decrypt(
    { name: 'RSA-OAEP' },
    pair.privateKey,
    base64ToBytes(sealed.key),
  );
  const aesKey = await crypto.subtle.importKey('raw', rawKey, { name: 'AES-GCM' }, false, ['decrypt']);
  const plain = await crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: base64ToBytes(sealed.iv) },
    aesKey,
    base64ToBytes(sealed.data),
  );
  return JSON.parse(new TextDecoder().decode(plain)) as Record<string, unknown>;
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
