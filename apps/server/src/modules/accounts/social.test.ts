import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { signInAtTestProvider, startTestOidcProvider, testOidcClient } from './test-oidc-provider.ts';
import type { TestApp } from '../../test/helper.ts';
import { updateSettings } from '../settings/settings.service.ts';
import { accountDevices, memberAgreements, members, socialIdentities } from './accounts.tables.ts';
import { demoAccounts } from './accounts.seed.ts';
import { call, sharedAccountsApp, solveAltcha } from './accounts.test-support.ts';

/**
 * A real OpenID Connect provider (oidc-provider, its development login screens) on a loopback
 * port stands in for Google: the server discovers it, exchanges codes with PKCE and checks the
 * signed ID tokens exactly as it would with Google.
 */
let issuer: string;
let closeProvider: () => Promise<void>;
const redirectUri = 'http://localhost/socialCallback';
/** The age confirmation and terms agreement every new account gives (issue 42). */
const agreed = { ageConfirmed: true, termsVersion: '1' };

beforeAll(async () => {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as AddressInfo).port;
  await new Promise((resolve) => probe.close(resolve));
  ({ issuer, close: closeProvider } = await startTestOidcProvider({ port, redirectUris: [redirectUri] }));
});
afterAll(async () => {
  await closeProvider();
});

let sut: TestApp;
let shared: ReturnType<typeof sharedAccountsApp>;
beforeAll(async () => {
  shared = sharedAccountsApp({
    SOCIAL_GOOGLE_ISSUER: issuer,
    SOCIAL_GOOGLE_CLIENT_ID: testOidcClient.clientId,
    SOCIAL_GOOGLE_CLIENT_SECRET: testOidcClient.clientSecret,
    SOCIAL_ALLOW_HTTP_ISSUER: 'true',
  });
  await shared.start();
});
beforeEach(async () => {
  sut = await shared.reset();
  await updateSettings(sut.db, { features: { googleLogin: true } });
});
afterAll(() => shared.stop());

const signInAtProvider = (authorizationUrl: string, subject: string, cancel = false) =>
  signInAtTestProvider(authorizationUrl, { subject, redirectUri, cancel });

async function startAndSignIn(subject: string, cancel = false, deviceId?: string) {
  const start = await call(sut, { method: 'POST', url: '/wps/social/start', body: { provider: 'google' } });
  expect(start.body.value.redirectUri).toBe(redirectUri);
  const callbackQuery = await signInAtProvider(start.body.value.authorizationUrl, subject, cancel);
  return call(sut, {
    method: 'POST',
    url: '/wps/social/complete',
    body: { callbackQuery, ...(deviceId ? { deviceId } : {}) },
  });
}

/** The SHA-256s of the browsers an account was noted on (account_devices). */
const deviceHashesOf = async (memberId: number) =>
  (await sut.db.select().from(accountDevices).where(eq(accountDevices.memberId, memberId))).map(
    (row) => row.deviceHash,
  );
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('social sign-in (OpenID Connect)', () => {
  it('links a new identity to an existing account with its password, then signs in with it alone', async () => {
    const first = await startAndSignIn('alice-google-1');
    expect(first.body.value).toMatchObject({
      linkRequired: true,
      provider: 'google',
      email: 'alice-google-1@mail.test',
    });
    const link = await call(sut, {
      method: 'POST',
      url: '/wps/social/link',
      sealed: true,
      body: {
        linkTicket: first.body.value.linkTicket,
        username: demoAccounts.player.account,
        password: demoAccounts.player.password,
        altcha: await solveAltcha(sut),
      },
    });
    expect(link.body.value).toMatchObject({ twoFactorRequired: false, username: 'demoplayer' });

    const again = await startAndSignIn('alice-google-1');
    expect(again.body.value).toMatchObject({
      twoFactorRequired: false,
      username: 'demoplayer',
      token: expect.any(String),
    });

    // The link is permanent: the account takes no second Google identity, and the ticket is spent.
    const other = await startAndSignIn('mallory-google-2');
    const relink = await call(sut, {
      method: 'POST',
      url: '/wps/social/link',
      sealed: true,
      body: {
        linkTicket: other.body.value.linkTicket,
        username: demoAccounts.player.account,
        password: demoAccounts.player.password,
        altcha: await solveAltcha(sut),
      },
    });
    expect(relink.body).toMatchObject({
      code: 'SOCIAL_ALREADY_LINKED',
      message: 'err_social_already_linked',
    });
    const [player] = await sut.db.select().from(members).where(eq(members.account, 'demoplayer'));
    expect(
      await sut.db.select().from(socialIdentities).where(eq(socialIdentities.memberId, player!.id)),
    ).toHaveLength(1);
  });

  it('refuses to link with a wrong password', async () => {
    const first = await startAndSignIn('bob-google-3');
    const link = await call(sut, {
      method: 'POST',
      url: '/wps/social/link',
      sealed: true,
      body: {
        linkTicket: first.body.value.linkTicket,
        username: demoAccounts.player.account,
        password: 'not-the-password',
        altcha: await solveAltcha(sut),
      },
    });
    expect(link.body.code).toBe('LOGIN_FAILED');
    expect(await sut.db.select().from(socialIdentities)).toHaveLength(0);
  });

  it('opens a new account for a new identity', async () => {
    const first = await startAndSignIn('carol-google-4');
    // Without the age confirmation and the terms agreement: refused, nothing opened.
    const unagreed = await call(sut, {
      method: 'POST',
      url: '/wps/social/register',
      body: { linkTicket: first.body.value.linkTicket, username: 'carolplays', termsVersion: '0' },
    });
    expect(unagreed.body.code).toBe('VALIDATION_FAILED');
    expect(unagreed.body.value.issues.map((issue: { field: string }) => issue.field)).toEqual([
      'ageConfirmed',
      'termsVersion',
    ]);
    expect(await sut.db.select().from(members).where(eq(members.account, 'carolplays'))).toHaveLength(0);
    const taken = await call(sut, {
      method: 'POST',
      url: '/wps/social/register',
      body: { ...agreed, linkTicket: first.body.value.linkTicket, username: 'demoplayer' },
    });
    expect(taken.body.code).toBe('USERNAME_TAKEN');
    const laptop = randomBytes(16).toString('base64url');
    const made = await call(sut, {
      method: 'POST',
      url: '/wps/social/register',
      body: { ...agreed, linkTicket: first.body.value.linkTicket, username: 'carolplays', deviceId: laptop },
    });
    expect(made.body.value).toMatchObject({ username: 'carolplays', isAgent: 0 });
    const [carol] = await sut.db.select().from(members).where(eq(members.account, 'carolplays'));
    expect(carol).toMatchObject({
      email: 'carol-google-4@mail.test',
      passwordHash: null,
      registerMethod: 'SOCIAL_GOOGLE',
    });
    expect(
      await sut.db.select().from(memberAgreements).where(eq(memberAgreements.memberId, carol!.id)),
    ).toEqual([expect.objectContaining({ minimumAge: 18, termsVersion: '1', source: 'social' })]);
    // The browsers of the registration and of a later social sign-in are noted (same_device).
    const phone = randomBytes(16).toString('base64url');
    expect((await startAndSignIn('carol-google-4', false, phone)).body.value.username).toBe('carolplays');
    expect(new Set(await deviceHashesOf(carol!.id))).toEqual(new Set([sha256(laptop), sha256(phone)]));
  });

  it('reports a cancelled sign-in and a replayed callback as SOCIAL_LOGIN_FAILED', async () => {
    const cancelled = await startAndSignIn('dave-google-5', true);
    expect(cancelled.body).toMatchObject({ code: 'SOCIAL_LOGIN_FAILED', value: { reason: 'access_denied' } });

    const start = await call(sut, { method: 'POST', url: '/wps/social/start', body: { provider: 'google' } });
    const callbackQuery = await signInAtProvider(start.body.value.authorizationUrl, 'erin-google-6');
    expect(
      (await call(sut, { method: 'POST', url: '/wps/social/complete', body: { callbackQuery } })).status,
    ).toBe(200);
    const replay = await call(sut, { method: 'POST', url: '/wps/social/complete', body: { callbackQuery } });
    expect(replay.body).toMatchObject({ code: 'SOCIAL_LOGIN_FAILED', value: { reason: 'expired' } });
    const forged = await call(sut, {
      method: 'POST',
      url: '/wps/social/complete',
      body: { callbackQuery: '?code=x&state=nope' },
    });
    expect(forged.body.code).toBe('SOCIAL_LOGIN_FAILED');
  });

  it('is off when the brand flag is off, and for Facebook (no OpenID Connect web login)', async () => {
    expect(
      (await call(sut, { method: 'POST', url: '/wps/social/start', body: { provider: 'facebook' } })).body
        .code,
    ).toBe('FEATURE_DISABLED');
    await updateSettings(sut.db, { features: { googleLogin: false } });
    expect(
      (await call(sut, { method: 'POST', url: '/wps/social/start', body: { provider: 'google' } })).body.code,
    ).toBe('FEATURE_DISABLED');
  });
});
