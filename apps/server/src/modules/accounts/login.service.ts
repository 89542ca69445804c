import { randomInt } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { accountTypes, isAgentType, type LoginValue, type SessionGrant } from '@khela/contract';
import { AppError } from '../../http/app-error.ts';
import { checkCaptcha } from '../captcha/captcha.service.ts';
import { clearCounter, hitCounter, readCounter } from '../counters/counters.service.ts';
import { verifyHumanProof } from '../human-check/human-check.service.ts';
import { normaliseMobile, useVerificationCode } from '../sms/sms.service.ts';
import type { AccountsContext } from './accounts.context.ts';
import { members } from './accounts.tables.ts';
import { findMemberByAccount, findMemberByMobile, type MemberRow } from './members.repository.ts';
import { hashPassword, needsRehash, spendVerificationTime, verifyPassword } from './password-hash.ts';
import { createSession, type SessionSite } from './session.service.ts';
import { startTwoFactorLogin } from './two-factor.service.ts';

const failureKeys = (context: AccountsContext, username: string) => ({
  user: `login-fail:user:${username.toLowerCase()}`,
  ip: `login-fail:ip:${context.ip}`,
});

/** Whether the image captcha is asked: enough recent failures for this username or this address. */
async function isCaptchaNeeded(context: AccountsContext, username: string): Promise<boolean> {
  const threshold = context.env.LOGIN_CAPTCHA_AFTER;
  if (threshold === 0) return true;
  const keys = failureKeys(context, username);
  const [byUser, byIp] = await Promise.all([
    readCounter({ db: context.db, key: keys.user }),
    readCounter({ db: context.db, key: keys.ip }),
  ]);
  return byUser >= threshold || byIp >= threshold;
}

/** Records a failed login; answers whether the captcha is needed from now on. */
async function recordFailure(context: AccountsContext, username: string): Promise<boolean> {
  const windowSeconds = context.env.LOGIN_FAILURE_WINDOW_MINUTES * 60;
  const keys = failureKeys(context, username);
  const [byUser, byIp] = await Promise.all([
    hitCounter({ db: context.db, key: keys.user, windowSeconds }),
    hitCounter({ db: context.db, key: keys.ip, windowSeconds }),
  ]);
  return byUser >= context.env.LOGIN_CAPTCHA_AFTER || byIp >= context.env.LOGIN_CAPTCHA_AFTER;
}

/** Counts a wrong password on the account; locks it after LOGIN_LOCK_AFTER in a row. */
async function recordWrongPassword(context: AccountsContext, member: MemberRow): Promise<Date | null> {
  const { LOGIN_LOCK_AFTER: lockAfter, LOGIN_LOCK_MINUTES: lockMinutes } = context.env;
  const [row] = await context.db
    .update(members)
    .set({
      failedLoginCount: sql`case when ${members.failedLoginCount} + 1 >= ${lockAfter} then 0 else ${members.failedLoginCount} + 1 end`,
      lockedUntil: sql`case when ${members.failedLoginCount} + 1 >= ${lockAfter} then now() + make_interval(mins => ${lockMinutes}) else ${members.lockedUntil} end`,
    })
    .where(eq(members.id, member.id))
    .returning({ lockedUntil: members.lockedUntil });
  return row?.lockedUntil && row.lockedUntil.getTime() > Date.now() ? row.lockedUntil : null;
}

function lockedError(lockedUntil: Date): AppError {
  return new AppError('ACCOUNT_LOCKED', { value: { lockedUntil: lockedUntil.getTime() } });
}

/** Spec 6: the member site takes players, agents and trials; the agent site only agents. */
export function assertMaySignIn(member: MemberRow, site: SessionSite): void {
  if (member.status !== 'active') throw new AppError('ACCOUNT_DISABLED');
  switch (site) {
    case 'member':
      if (member.role !== 'player') throw new AppError('NON_MEMBER_ACCOUNT');
      return;
    case 'agent':
      if (member.role !== 'player' || !isAgentType(member.type)) throw new AppError('NON_AGENT_ACCOUNT');
      return;
    case 'operator':
      if (member.role !== 'operator') throw new AppError('FORBIDDEN');
      return;
  }
}

export function isPasswordExpired(context: AccountsContext, member: MemberRow): boolean {
  if (member.mustChangePassword) return true;
  if (!context.settings.features.passwordExpiry || !member.passwordHash) return false;
  const maxAgeMs = context.env.PASSWORD_MAX_AGE_DAYS * 86_400_000;
  return Date.now() - member.passwordChangedAt.getTime() > maxAgeMs;
}

/** Opens the session of a login that passed every check; the last login becomes the previous one. */
export async function grantSession(
  context: AccountsContext,
  member: MemberRow,
  site: SessionSite,
): Promise<SessionGrant> {
  const token = await createSession({
    db: context.db,
    env: context.env,
    memberId: member.id,
    site,
    ip: context.ip,
    userAgent: context.userAgent,
  });
  await context.db
    .update(members)
    .set({
      previousLoginAt: sql`${members.lastLoginAt}`,
      lastLoginAt: sql`now()`,
      failedLoginCount: 0,
      lockedUntil: null,
    })
    .where(eq(members.id, member.id));
  return {
    twoFactorRequired: false,
    token,
    firstTimeLogin: member.firstLoginDoneAt === null && member.type !== accountTypes.trial,
    passwordExpired: isPasswordExpired(context, member),
    username: member.account,
    isAgent: member.type,
    idleMinutes: context.env.SESSION_IDLE_MINUTES,
  };
}

/** After the first factor: the second step when the account has TOTP, the session otherwise. */
export async function finishLogin(
  context: AccountsContext,
  member: MemberRow,
  site: SessionSite,
): Promise<LoginValue> {
  if (member.totpSecret) return startTwoFactorLogin({ db: context.db, memberId: member.id, site });
  return grantSession(context, member, site);
}

/**
 * Username and password (spec 4): ALTCHA first, then the captcha when recent failures ask for it,
 * the lock, the password, the site. Failures answer `value.captcha` so the web shows the captcha.
 */
export async function loginWithPassword({
  context,
  username,
  password,
  captcha,
  captchaId,
  altcha,
  site = context.site,
  beforeSession,
}: {
  context: AccountsContext;
  username: string;
  password: string;
  captcha?: string | undefined;
  captchaId?: string | undefined;
  altcha: string;
  site?: SessionSite;
  /** Runs once the password is proven and the site admits the account (social linking). */
  beforeSession?: (member: MemberRow) => Promise<void>;
}): Promise<LoginValue> {
  const { db } = context;
  await verifyHumanProof({ db, env: context.env, payload: altcha });

  if (await isCaptchaNeeded(context, username)) {
    if (!captcha || !captchaId) {
      throw new AppError('CAPTCHA_REQUIRED', {
        value: { captcha: true },
        issues: [{ field: 'captcha', reason: 'Required' }],
      });
    }
    if (!(await checkCaptcha({ db, captchaId, answer: captcha }))) {
      throw new AppError('CAPTCHA_INVALID', {
        value: { captcha: true },
        issues: [{ field: 'captcha', reason: 'wrong' }],
      });
    }
  }

  const member = await findMemberByAccount(db, username);
  if (!member?.passwordHash) {
    await spendVerificationTime(password, context.scrypt);
    const captchaNeeded = await recordFailure(context, username);
    throw new AppError('LOGIN_FAILED', { value: { captcha: captchaNeeded } });
  }
  if (member.lockedUntil && member.lockedUntil.getTime() > Date.now()) throw lockedError(member.lockedUntil);

  if (!(await verifyPassword(password, member.passwordHash))) {
    const captchaNeeded = await recordFailure(context, username);
    const lockedUntil = await recordWrongPassword(context, member);
    if (lockedUntil) throw lockedError(lockedUntil);
    throw new AppError('LOGIN_FAILED', { value: { captcha: captchaNeeded } });
  }

  assertMaySignIn(member, site);
  await beforeSession?.(member);
  const keys = failureKeys(context, username);
  await clearCounter({ db, key: keys.user });
  if (needsRehash(member.passwordHash, context.scrypt)) {
    // The hash was made with other parameters (raised since): upgrade it while the password is known.
    await db
      .update(members)
      .set({ passwordHash: await hashPassword(password, context.scrypt) })
      .where(eq(members.id, member.id));
  }
  return finishLogin(context, member, site);
}

/** Mobile number and SMS code (no ALTCHA, spec 4). The code proves the phone, so no lock applies. */
export async function loginWithSms({
  context,
  mobileNum,
  countryDialingCode,
  verificationCode,
}: {
  context: AccountsContext;
  mobileNum: string;
  countryDialingCode: string;
  verificationCode: string;
}): Promise<LoginValue> {
  if (!context.settings.features.smsLogin) throw new AppError('FEATURE_DISABLED');
  const mobile = normaliseMobile({ mobileNum, countryDialingCode });
  // The code first: a number with no account fails exactly like a wrong or missing code (its
  // stored code was never sent), so this call does not tell who is registered either.
  await useVerificationCode({ db: context.db, mobile, purpose: 'login', code: verificationCode });
  const member = await findMemberByMobile(context.db, mobile);
  if (!member) {
    throw new AppError('VERIFICATION_CODE_EXPIRED', {
      issues: [{ field: 'verificationCode', reason: 'expired or used: request a new code' }],
    });
  }
  assertMaySignIn(member, context.site);
  return finishLogin(context, member, context.site);
}

/**
 * Free play (spec 1, 6): a new trial account, type 4, logged in at once. `onCreated` gives it its
 * demo funds (the wallet module's business, passed in by the route) before the session starts.
 */
export async function startFreePlay({
  context,
  onCreated,
}: {
  context: AccountsContext;
  onCreated?: (memberId: number) => Promise<void>;
}): Promise<SessionGrant> {
  if (!context.settings.features.freePlay || context.site !== 'member')
    throw new AppError('FEATURE_DISABLED');
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const account = `guest${randomInt(10_000_000, 100_000_000)}`;
    const [member] = await context.db
      .insert(members)
      .values({
        account,
        nickname: `Guest ${account.slice(-4)}`,
        type: accountTypes.trial,
        demoFunds: true,
        registerMethod: 'FREEPLAY',
        registerIp: context.ip,
        // A trial is never asked to change a password it does not have.
        firstLoginDoneAt: sql`now()`,
      })
      .onConflictDoNothing()
      .returning();
    if (!member) continue;
    await onCreated?.(member.id);
    return grantSession(context, member, 'member');
  }
  throw new Error('no free guest name after 5 tries');
}
