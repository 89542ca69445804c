import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import * as oidc from 'openid-client';
import type { LoginValue, SessionGrant } from '@khela/contract';
import { violatedUniqueConstraint } from '../../db/pg-errors.ts';
import { AppError } from '../../http/app-error.ts';
import type { AccountsContext } from './accounts.context.ts';
import { members, socialIdentities, socialStates, socialTickets } from './accounts.tables.ts';
import { assertMaySignIn, finishLogin, grantSession, loginWithPassword } from './login.service.ts';
import { accountNameTaken, findMemberById, type MemberRow } from './members.repository.ts';
import { recordAgreement } from './agreements.service.ts';
import { ruleViolation } from './password-policy.ts';
import { agreementIssues } from './register-rules.ts';

export type SocialProvider = 'google' | 'facebook';

const STATE_SECONDS = 600;
const TICKET_SECONDS = 900;

interface ProviderSettings {
  issuer: string;
  clientId: string;
  clientSecret: string | undefined;
  allowHttp: boolean;
}

/**
 * The provider's client settings, or FEATURE_DISABLED when the brand flag is off or the server has
 * no client id. Google speaks OpenID Connect; Facebook's web login is not OpenID Connect, so it
 * stays off until its adapter exists (docs/accounts.md).
 */
function providerSettings(context: AccountsContext, provider: SocialProvider): ProviderSettings {
  const { env, settings } = context;
  switch (provider) {
    case 'google':
      if (!settings.features.googleLogin || !env.SOCIAL_GOOGLE_CLIENT_ID)
        throw new AppError('FEATURE_DISABLED');
      return {
        issuer: env.SOCIAL_GOOGLE_ISSUER,
        clientId: env.SOCIAL_GOOGLE_CLIENT_ID,
        clientSecret: env.SOCIAL_GOOGLE_CLIENT_SECRET,
        allowHttp: env.SOCIAL_ALLOW_HTTP_ISSUER,
      };
    case 'facebook':
      throw new AppError('FEATURE_DISABLED');
  }
}

const configurations = new Map<string, Promise<oidc.Configuration>>();

/** Discovery once per issuer and client (the provider's keys are fetched and cached by the library). */
function configurationOf(provider: ProviderSettings): Promise<oidc.Configuration> {
  const key = `${provider.issuer}|${provider.clientId}`;
  let configuration = configurations.get(key);
  if (!configuration) {
    configuration = oidc.discovery(
      new URL(provider.issuer),
      provider.clientId,
      provider.clientSecret,
      undefined,
      provider.allowHttp ? { execute: [oidc.allowInsecureRequests] } : undefined,
    );
    configurations.set(key, configuration);
    configuration.catch(() => configurations.delete(key));
  }
  return configuration;
}

function failed(reason: string): AppError {
  return new AppError('SOCIAL_LOGIN_FAILED', { value: { reason } });
}

const hashTicket = (ticket: string) => createHash('sha256').update(ticket).digest('hex');

/** Step one: where to send the person, with state, nonce and PKCE kept server-side. */
export async function startSocialSignIn({
  context,
  provider,
  origin,
}: {
  context: AccountsContext;
  provider: SocialProvider;
  origin: string;
}): Promise<{ authorizationUrl: string; redirectUri: string }> {
  const configuration = await configurationOf(providerSettings(context, provider)).catch((error: unknown) => {
    throw error instanceof AppError ? error : failed('provider unreachable');
  });
  const redirectUri = `${origin}/socialCallback`;
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  await context.db.insert(socialStates).values({
    state,
    provider,
    codeVerifier,
    nonce,
    redirectUri,
    site: context.site,
    expiresAt: sql`now() + make_interval(secs => ${STATE_SECONDS})`,
  });
  const authorizationUrl = oidc.buildAuthorizationUrl(configuration, {
    redirect_uri: redirectUri,
    scope: 'openid email profile',
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  return { authorizationUrl: authorizationUrl.href, redirectUri };
}

/**
 * Step two, with the query the provider sent back: the code is exchanged and the ID token checked
 * (signature, issuer, audience, nonce, expiry) by openid-client. A linked identity logs in (its
 * account's second step still applies); a new one answers a ticket to link or register with.
 */
export async function completeSocialSignIn({
  context,
  callbackQuery,
  deviceId,
}: {
  context: AccountsContext;
  callbackQuery: string;
  /** This browser's device id, recorded when the session opens (account_devices). */
  deviceId?: string | undefined;
}): Promise<
  | LoginValue
  | {
      linkRequired: true;
      linkTicket: string;
      provider: SocialProvider;
      email: string | null;
      expiresInSeconds: number;
    }
> {
  const query = callbackQuery.startsWith('?') ? callbackQuery : `?${callbackQuery}`;
  const params = new URLSearchParams(query);
  const state = params.get('state');
  if (!state) throw failed('no state');
  const [flow] = await context.db
    .update(socialStates)
    .set({ usedAt: sql`now()` })
    .where(
      and(eq(socialStates.state, state), isNull(socialStates.usedAt), gt(socialStates.expiresAt, sql`now()`)),
    )
    .returning();
  if (!flow) throw failed('expired');
  // access_denied: the person closed the provider's window or said no (spec 8).
  const providerError = params.get('error');
  if (providerError) throw failed(providerError);
  const provider = flow.provider as SocialProvider;

  let claims: oidc.IDToken | undefined;
  let profile: Record<string, unknown> = {};
  try {
    const configuration = await configurationOf(providerSettings(context, provider));
    const tokens = await oidc.authorizationCodeGrant(configuration, new URL(`${flow.redirectUri}${query}`), {
      pkceCodeVerifier: flow.codeVerifier,
      expectedState: state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
    claims = tokens.claims();
    profile = { ...claims };
    // Google puts the email in the ID token; a provider that keeps it for userinfo is asked there.
    if (claims?.sub && profile.email === undefined && tokens.access_token) {
      profile = await oidc.fetchUserInfo(configuration, tokens.access_token, claims.sub);
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw failed('token exchange refused');
  }
  if (!claims?.sub) throw failed('no subject');
  const email = profile.email_verified === true && typeof profile.email === 'string' ? profile.email : null;

  const [identity] = await context.db
    .select()
    .from(socialIdentities)
    .where(and(eq(socialIdentities.provider, provider), eq(socialIdentities.subject, claims.sub)));
  const member = identity ? await findMemberById(context.db, identity.memberId) : null;
  if (member) {
    assertMaySignIn(member, flow.site);
    return finishLogin(context, member, flow.site, { passwordProven: false, deviceId });
  }

  const linkTicket = randomBytes(32).toString('base64url');
  await context.db.insert(socialTickets).values({
    ticketHash: hashTicket(linkTicket),
    provider,
    subject: claims.sub,
    email,
    site: flow.site,
    expiresAt: sql`now() + make_interval(secs => ${TICKET_SECONDS})`,
  });
  return { linkRequired: true, linkTicket, provider, email, expiresInSeconds: TICKET_SECONDS };
}

async function claimTicket(context: AccountsContext, linkTicket: string) {
  const [ticket] = await context.db
    .update(socialTickets)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(socialTickets.ticketHash, hashTicket(linkTicket)),
        isNull(socialTickets.usedAt),
        gt(socialTickets.expiresAt, sql`now()`),
      ),
    )
    .returning();
  if (!ticket) throw failed('ticket expired');
  return ticket;
}

async function insertIdentity(
  context: AccountsContext,
  values: { provider: string; subject: string; memberId: number; email: string | null },
): Promise<void> {
  try {
    await context.db.insert(socialIdentities).values(values);
  } catch (error) {
    if (violatedUniqueConstraint(error)?.startsWith('social_identities_'))
      throw new AppError('SOCIAL_ALREADY_LINKED');
    throw error;
  }
}

/** Links the ticket's identity to the account whose password is given, then logs in. Permanent. */
export async function linkSocialIdentity({
  context,
  linkTicket,
  ...credentials
}: {
  context: AccountsContext;
  linkTicket: string;
  username: string;
  password: string;
  captcha?: string | undefined;
  captchaId?: string | undefined;
  altcha: string;
  deviceToken?: string | undefined;
  deviceId?: string | undefined;
}): Promise<LoginValue> {
  const [pending] = await context.db
    .select()
    .from(socialTickets)
    .where(
      and(
        eq(socialTickets.ticketHash, hashTicket(linkTicket)),
        isNull(socialTickets.usedAt),
        gt(socialTickets.expiresAt, sql`now()`),
      ),
    );
  if (!pending) throw failed('ticket expired');
  return loginWithPassword({
    context,
    ...credentials,
    site: pending.site,
    beforeSession: async (member: MemberRow) => {
      const ticket = await claimTicket(context, linkTicket);
      await insertIdentity(context, {
        provider: ticket.provider,
        subject: ticket.subject,
        memberId: member.id,
        email: ticket.email,
      });
    },
  });
}

/** Opens a new player account for the ticket's identity (no password: it signs in socially or by SMS). */
export async function registerWithSocial({
  context,
  linkTicket,
  username,
  deviceId,
  ageConfirmed,
  termsVersion,
}: {
  context: AccountsContext;
  linkTicket: string;
  username: string;
  deviceId?: string | undefined;
  /** The age confirmation and terms agreement, as registration's (agreementIssues). */
  ageConfirmed?: boolean | undefined;
  termsVersion?: string | undefined;
}): Promise<SessionGrant> {
  if (!context.settings.features.directRegistration || context.site !== 'member')
    throw new AppError('FEATURE_DISABLED');
  const reason = ruleViolation(context.settings.register.username, username);
  const issues = [
    ...(reason ? [{ field: 'username', reason }] : []),
    ...agreementIssues(context.settings, { ageConfirmed, termsVersion }),
  ];
  if (issues.length > 0) throw new AppError('VALIDATION_FAILED', { issues });
  if (await accountNameTaken(context.db, username)) {
    throw new AppError('USERNAME_TAKEN', { issues: [{ field: 'username', reason: 'taken' }] });
  }
  const ticket = await claimTicket(context, linkTicket);
  let created: MemberRow | undefined;
  try {
    created = await context.db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(members)
        .values({
          account: username,
          nickname: username,
          email: ticket.email,
          registerMethod: `SOCIAL_${ticket.provider.toUpperCase()}`,
          registerIp: context.ip,
        })
        .returning();
      if (!inserted) throw new Error('insert returned no member');
      await recordAgreement(tx, context.settings, {
        memberId: inserted.id,
        source: 'social',
        ip: context.ip,
      });
      return inserted;
    });
  } catch (error) {
    if (violatedUniqueConstraint(error) === 'members_account_key') {
      throw new AppError('USERNAME_TAKEN', { issues: [{ field: 'username', reason: 'taken' }] });
    }
    throw error;
  }
  if (!created) throw new Error('insert returned no member');
  await insertIdentity(context, {
    provider: ticket.provider,
    subject: ticket.subject,
    memberId: created.id,
    email: ticket.email,
  });
  return grantSession(context, created, 'member', { deviceId });
}
