import { recordOperatorChange } from '../audit/audit.service.ts';
import type { FastifyInstance } from 'fastify';
import { calls } from '@khela/contract';
import { AppError } from '../../http/app-error.ts';
import { registerCall } from '../../http/register-call.ts';
import { createMailProvider, listMailOutbox } from '../mail/mail.service.ts';
import { createSmsProvider } from '../sms/sms.provider.ts';
import { listSmsOutbox } from '../sms/sms.service.ts';
import type { SiteSettings } from '../settings/settings.schema.ts';
import { pruneExpiredAccountRows } from './accounts.cleanup.ts';
import { accountsContext } from './accounts.context.ts';
import { operatorOf, sessionOf } from './authorize.ts';
import { grantSession, loginWithPassword, loginWithSms, startFreePlay } from './login.service.ts';
import { grantOperatorSession, loginOperator } from './operator-login.service.ts';
import { findMemberByAccount, findMemberById } from './members.repository.ts';
import { avatarOf, getMemberInfo, markFirstLoginDone, type ClubLabelSource } from './member.service.ts';
import {
  changePassword,
  checkResetToken,
  linkOrigin,
  requestPasswordResetByEmail,
  resetPasswordWithSms,
  resetPasswordWithToken,
} from './password.service.ts';
import type { AffiliateLinkDirectory, MemberReferralDirectory } from './downline.service.ts';
import { registerMember, resolveInvitationCode } from './register.service.ts';
import { clearStrikes } from './secret-strikes.ts';
import {
  loginHistory,
  onMemberSessionsRevoked,
  revokeMemberSessions,
  type SessionsRevokedHandler,
} from './session.service.ts';
import { sendChangeMobileCode, sendCodeToMember, sendRegistrationCode } from './sms-codes.service.ts';
import { setPaymentPassword, updateContact } from './contact.service.ts';
import {
  completeSocialSignIn,
  linkSocialIdentity,
  registerWithSocial,
  startSocialSignIn,
} from './social.service.ts';
import {
  completeTwoFactorLogin,
  confirmTwoFactorSetup,
  disableTwoFactor,
  startTwoFactorSetup,
} from './two-factor.service.ts';

/**
 * What the modules built on accounts add to its flows, handed in by app.ts so that accounts
 * imports none of them (no import cycle: wallet and games import accounts).
 */
export interface AccountsRoutesOptions {
  /** A new free-play (trial) account was made: the wallet grants its demo funds. */
  onFreePlayCreated: (args: {
    db: FastifyInstance['db'];
    settings: SiteSettings;
    memberId: number;
  }) => Promise<void>;
  /** A member's sessions ended: the games module ends the member's game sessions. */
  onMemberSessionsRevoked: SessionsRevokedHandler;
  /** Agents' affiliate links, for registration with a link's code (the agents module). */
  affiliateLinks?: AffiliateLinkDirectory;
  /** Members' invitation codes, for registration with a friend's code (the promotions module). */
  memberReferrals?: MemberReferralDirectory;
  /** The member's VIP rank as member info shows it (`clubLabel`, the vip module). */
  clubLabel?: ClubLabelSource;
}

export async function accountsRoutes(app: FastifyInstance, options: AccountsRoutesOptions) {
  const { db, env } = app;
  onMemberSessionsRevoked(options.onMemberSessionsRevoked);
  const sms = createSmsProvider(db, env);
  const mail = createMailProvider(db, env);
  const loginLimit = { rateLimit: { max: env.LOGIN_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' } };
  const registerLimit = { rateLimit: { max: env.REGISTER_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' } };
  const smsLimit = { rateLimit: { max: env.SMS_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' } };
  app.jobs.define({
    name: 'account-cleanup',
    summary: 'Deletes expired captchas, challenges, counters, codes, reset links and sessions',
    schedule: { cron: '*/10 * * * *' },
    retry: { limit: 2, delaySeconds: 30, backoff: true },
    timeoutSeconds: 300,
    run: () => pruneExpiredAccountRows(app.db),
  });

  registerCall(
    app,
    calls.login,
    async ({ body, request }) => {
      const context = await accountsContext(app, request);
      switch (body.type) {
        case 'username':
          return loginWithPassword({ context, ...body });
        case 'sms':
          return loginWithSms({ context, ...body });
      }
    },
    loginLimit,
  );

  registerCall(
    app,
    calls.loginTwoFactor,
    async ({ body, request }) => {
      const context = await accountsContext(app, request);
      return completeTwoFactorLogin({
        context,
        ...body,
        // An operator's wrong codes, waits and locks go to the audit trail (issue 35, item 4).
        audit: (entry) => recordOperatorChange(db, request, entry),
        // The challenge says whose second step it was: an operator's opens an operator session.
        grant: async (accountId, site) => {
          if (site === 'operator') return grantOperatorSession(context, accountId);
          const member = await findMemberById(db, accountId);
          if (!member) throw new AppError('UNAUTHENTICATED');
          return grantSession(context, member, site, { deviceId: body.deviceId });
        },
      });
    },
    loginLimit,
  );

  registerCall(
    app,
    calls.freePlay,
    async ({ request }) => {
      const context = await accountsContext(app, request);
      return startFreePlay({
        context,
        onCreated: (memberId) => options.onFreePlayCreated({ db, settings: context.settings, memberId }),
      });
    },
    registerLimit,
  );

  registerCall(app, calls.logout, async ({ request }) => {
    await revokeMemberSessions({ db, memberId: sessionOf(request).memberId });
    return { done: true as const };
  });

  registerCall(
    app,
    calls.smsNoLogin,
    async ({ body, request }) =>
      sendCodeToMember({ context: await accountsContext(app, request), provider: sms, ...body }),
    smsLimit,
  );

  registerCall(
    app,
    calls.smsRegister,
    async ({ body, request }) =>
      sendRegistrationCode({ context: await accountsContext(app, request), provider: sms, ...body }),
    smsLimit,
  );

  registerCall(
    app,
    calls.smsMember,
    async ({ body, request }) =>
      sendChangeMobileCode({
        context: await accountsContext(app, request),
        provider: sms,
        memberId: sessionOf(request).memberId,
        ...body,
      }),
    smsLimit,
  );

  registerCall(
    app,
    calls.updateContact,
    async ({ body, request }) =>
      updateContact({
        context: await accountsContext(app, request),
        memberId: sessionOf(request).memberId,
        sessionId: sessionOf(request).sessionId,
        ...body,
      }),
    loginLimit,
  );

  registerCall(
    app,
    calls.setPaymentPassword,
    async ({ body, request }) =>
      setPaymentPassword({
        context: await accountsContext(app, request),
        memberId: sessionOf(request).memberId,
        sessionId: sessionOf(request).sessionId,
        ...body,
      }),
    loginLimit,
  );

  registerCall(app, calls.memberLoginHistory, async ({ request }) => {
    const session = sessionOf(request);
    return {
      logins: await loginHistory({
        db,
        env: app.env,
        memberId: session.memberId,
        currentSessionId: session.sessionId,
      }),
    };
  });

  registerCall(app, calls.memberInfo, async ({ request }) =>
    getMemberInfo({
      context: await accountsContext(app, request),
      memberId: sessionOf(request).memberId,
      clubLabel: options.clubLabel,
    }),
  );

  const avatar = async (memberId: number) => {
    const member = await findMemberById(db, memberId);
    if (!member) throw new AppError('UNAUTHENTICATED');
    return { avatarUrl: avatarOf(member) };
  };
  registerCall(app, calls.memberIcon, async ({ request }) => avatar(sessionOf(request).memberId));
  registerCall(app, calls.playerAvatar, async ({ request }) => avatar(sessionOf(request).memberId));

  registerCall(app, calls.firstLogin, async ({ request }) => {
    await markFirstLoginDone({
      context: await accountsContext(app, request),
      memberId: sessionOf(request).memberId,
    });
    return { done: true as const };
  });

  registerCall(
    app,
    calls.register,
    async ({ body, request }) =>
      registerMember({
        context: await accountsContext(app, request),
        body,
        kind: 'username',
        links: options.affiliateLinks,
        referrals: options.memberReferrals,
      }),
    registerLimit,
  );
  registerCall(
    app,
    calls.registerMobile,
    async ({ body, request }) =>
      registerMember({
        context: await accountsContext(app, request),
        body,
        kind: 'mobile',
        links: options.affiliateLinks,
        referrals: options.memberReferrals,
      }),
    registerLimit,
  );

  registerCall(app, calls.changePassword, async ({ body, request }) =>
    changePassword({ context: await accountsContext(app, request), session: sessionOf(request), ...body }),
  );

  registerCall(
    app,
    calls.passwordByEmail,
    async ({ body, request }) => {
      const context = await accountsContext(app, request);
      return requestPasswordResetByEmail({ context, ...body, origin: linkOrigin(context, request), mail });
    },
    { rateLimit: { max: 5, timeWindow: '1 minute' } },
  );

  registerCall(
    app,
    calls.passwordResetCheck,
    async ({ body, request }) =>
      checkResetToken({ context: await accountsContext(app, request), token: body.token }),
    loginLimit,
  );

  registerCall(
    app,
    calls.passwordReset,
    async ({ body, request }) =>
      resetPasswordWithToken({ context: await accountsContext(app, request), ...body }),
    loginLimit,
  );

  registerCall(
    app,
    calls.passwordByPhone,
    async ({ body, request }) =>
      resetPasswordWithSms({ context: await accountsContext(app, request), ...body }),
    loginLimit,
  );

  registerCall(
    app,
    calls.affiliateCheck,
    // Any code registration takes: an agent's own code (answered as the agent spells it), an agent's
    // link, or a member's own code while referral runs.
    async ({ query, request }) => {
      const invitation = await resolveInvitationCode(await accountsContext(app, request), query.code.trim(), {
        links: options.affiliateLinks,
        referrals: options.memberReferrals,
      });
      if (!invitation) {
        throw new AppError('INVALID_AFFILIATE_CODE', { issues: [{ field: 'code', reason: 'unknown code' }] });
      }
      const own = invitation.referrer ? null : invitation.upline?.affiliateCode;
      return { code: own && own.toLowerCase() === query.code.trim().toLowerCase() ? own : query.code.trim() };
    },
    { rateLimit: { max: 30, timeWindow: '1 minute' } },
  );

  registerCall(app, calls.twoFactorSetup, async ({ request }) => {
    const context = await accountsContext(app, request);
    return startTwoFactorSetup({
      db,
      accountId: sessionOf(request).memberId,
      issuer: context.settings.brandName,
    });
  });
  registerCall(app, calls.twoFactorConfirm, async ({ body, request }) =>
    confirmTwoFactorSetup({ db, accountId: sessionOf(request).memberId, code: body.code }),
  );
  registerCall(app, calls.twoFactorDisable, async ({ body, request }) => {
    const session = sessionOf(request);
    await disableTwoFactor({
      db,
      memberId: session.memberId,
      sessionId: session.sessionId,
      address: request.ip,
      ...body,
    });
    return { done: true as const };
  });

  registerCall(
    app,
    calls.socialStart,
    async ({ body, request }) => {
      const context = await accountsContext(app, request);
      return startSocialSignIn({ context, provider: body.provider, origin: linkOrigin(context, request) });
    },
    loginLimit,
  );
  registerCall(
    app,
    calls.socialComplete,
    async ({ body, request }) =>
      completeSocialSignIn({
        context: await accountsContext(app, request),
        callbackQuery: body.callbackQuery,
        deviceId: body.deviceId,
      }),
    loginLimit,
  );
  registerCall(
    app,
    calls.socialLink,
    async ({ body, request }) =>
      linkSocialIdentity({ context: await accountsContext(app, request), ...body }),
    loginLimit,
  );
  registerCall(
    app,
    calls.socialRegister,
    async ({ body, request }) =>
      registerWithSocial({ context: await accountsContext(app, request), ...body }),
    registerLimit,
  );

  registerCall(
    app,
    calls.operatorLogin,
    async ({ body, request }) =>
      loginOperator({
        context: await accountsContext(app, request),
        ...body,
        audit: (entry) => recordOperatorChange(db, request, entry),
      }),
    loginLimit,
  );
  registerCall(app, calls.operatorSmsOutbox, async ({ query }) =>
    listSmsOutbox({ db, ...(query.mobile ? { mobile: query.mobile } : {}), limit: query.limit }),
  );
  registerCall(app, calls.operatorUnlockSecrets, async ({ body, request }) => {
    const member = await findMemberByAccount(db, body.account);
    if (!member)
      throw new AppError('NOT_FOUND', { issues: [{ field: 'account', reason: 'no such account' }] });
    const [paymentPasswordWasLocked, passwordWasLocked] = await Promise.all([
      clearStrikes({ db, secret: 'paymentPassword', memberId: member.id }),
      clearStrikes({ db, secret: 'password', memberId: member.id }),
    ]);
    request.log.info(
      {
        operator: operatorOf(request).account,
        member: member.account,
        paymentPasswordWasLocked,
        passwordWasLocked,
      },
      'password locks lifted by support',
    );
    return { account: member.account, paymentPasswordWasLocked, passwordWasLocked };
  });
  registerCall(app, calls.operatorMailOutbox, async ({ query }) =>
    listMailOutbox({ db, ...(query.to ? { to: query.to } : {}), limit: query.limit }),
  );
}
