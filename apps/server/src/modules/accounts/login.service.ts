import { randomInt } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { accountTypes, isAgentType, type LoginValue, type SessionGrant } from '@khela/contract';
import { AppError } from '../../http/app-error.ts';
import { checkCaptcha } from '../captcha/captcha.service.ts';
import { clearCounter, counterWindowEnd, hitCounter, readCounter } from '../counters/counters.service.ts';
import { verifyHumanProof } from '../human-check/human-check.service.ts';
import { normaliseMobile, useVerificationCode } from '../sms/sms.service.ts';
import { loginHashing, type AccountsContext } from './accounts.context.ts';
import { members } from './accounts.tables.ts';
import { findMemberByAccount, findMemberByMobile, type MemberRow } from './members.repository.ts';
import { recordAccountDevice } from './account-devices.service.ts';
import { findKnownDevice, rememberDevice } from './known-devices.service.ts';
import { hashPassword, needsRehash, spendVerificationTime, verifyPassword } from './password-hash.ts';
import { createSession, idleMinutesOf, type SessionSite } from './session.service.ts';
import { startTwoFactorLogin } from './two-factor.service.ts';

/** Spec 9: the default password; a login with it must change it before anything else. */
const defaultPassword = '123456';

/**
 * Failed-login counters. `user` and `ip` count across the account and across the address; they
 * only ask for the captcha (with ALTCHA before it), so a flood from many addresses slows guessing
 * without locking the owner out. `source` counts one address's (or one known device's) failures on
 * one account: that pair is what a lock holds back, never the account as such, so ten wrong
 * passwords from address A leave the owner free to log in from B, from a known device or by SMS,
 * and no anonymous flood locks an operator. Keys use the typed username whether or not it exists,
 * so a lock says nothing about which accounts exist.
 */
const failureKeys = (context: AccountsContext, username: string, deviceId: number | null) => {
  const user = username.toLowerCase();
  const source = deviceId === null ? `ip:${context.ip}` : `device:${deviceId}`;
  return {
    user: `login-fail:user:${user}`,
    ip: `login-fail:ip:${context.ip}`,
    source: `login-fail:user:${user}:${source}`,
    lock: `login-lock:user:${user}:${source}`,
  };
};
type FailureKeys = ReturnType<typeof failureKeys>;

/**
 * Whether the image captcha is asked: enough recent failures from this address, or on this account
 * (the ceiling against guessing spread over many addresses). A known device is spared it: it
 * logged in to this account before, others' failures must not stand in its way, and its token opens
 * no other account (its own failures still lock it after LOGIN_LOCK_AFTER).
 */
async function isCaptchaNeeded(
  context: AccountsContext,
  keys: FailureKeys,
  isKnownDevice: boolean,
): Promise<boolean> {
  const threshold = context.env.LOGIN_CAPTCHA_AFTER;
  if (threshold === 0) return true;
  if (isKnownDevice) return false;
  const [byUser, byIp] = await Promise.all([
    readCounter({ db: context.db, key: keys.user }),
    readCounter({ db: context.db, key: keys.ip }),
  ]);
  return byUser >= threshold || byIp >= threshold;
}

/** Records a failed login; answers whether the captcha is needed from now on. */
async function recordFailure(context: AccountsContext, keys: FailureKeys): Promise<boolean> {
  const windowSeconds = context.env.LOGIN_FAILURE_WINDOW_MINUTES * 60;
  const [byUser, byIp] = await Promise.all([
    hitCounter({ db: context.db, key: keys.user, windowSeconds }),
    hitCounter({ db: context.db, key: keys.ip, windowSeconds }),
  ]);
  return byUser >= context.env.LOGIN_CAPTCHA_AFTER || byIp >= context.env.LOGIN_CAPTCHA_AFTER;
}

/**
 * Counts a wrong password from this source on the account; after LOGIN_LOCK_AFTER (within the
 * failure window, cleared by a success) this source's attempts on it wait LOGIN_LOCK_MINUTES.
 */
async function recordWrongPassword(context: AccountsContext, keys: FailureKeys): Promise<Date | null> {
  const { LOGIN_LOCK_AFTER: lockAfter, LOGIN_LOCK_MINUTES: lockMinutes } = context.env;
  const { db } = context;
  const failures = await hitCounter({
    db,
    key: keys.source,
    windowSeconds: context.env.LOGIN_FAILURE_WINDOW_MINUTES * 60,
  });
  if (failures < lockAfter) return null;
  await hitCounter({ db, key: keys.lock, windowSeconds: lockMinutes * 60 });
  await clearCounter({ db, key: keys.source });
  return counterWindowEnd({ db, key: keys.lock });
}

function lockedError(lockedUntil: Date): AppError {
  return new AppError('ACCOUNT_LOCKED', { value: { lockedUntil: lockedUntil.getTime() } });
}

/**
 * Spec 6: the member site takes players, agents and trials; the agent site only agents. A member
 * row marked `role = 'operator'` (an operator moved to `operators` by migration 0031, kept
 * disabled and without a password; or a forged mark) is refused at both.
 */
export function assertMaySignIn(member: MemberRow, site: SessionSite): void {
  // An operator's hold says so (it is lifted by support), apart from a closed account (issue 38).
  if (member.status === 'locked') throw new AppError('ACCOUNT_ON_HOLD');
  if (member.status !== 'active') throw new AppError('ACCOUNT_DISABLED');
  switch (site) {
    case 'member':
      if (member.role !== 'player') throw new AppError('NON_MEMBER_ACCOUNT');
      return;
    case 'agent':
      if (member.role !== 'player' || !isAgentType(member.type)) throw new AppError('NON_AGENT_ACCOUNT');
      return;
  }
}

export function isPasswordExpired(
  context: AccountsContext,
  member: Pick<MemberRow, 'mustChangePassword' | 'passwordHash' | 'passwordChangedAt'>,
): boolean {
  if (member.mustChangePassword) return true;
  if (!context.settings.features.passwordExpiry || !member.passwordHash) return false;
  const maxAgeMs = context.env.PASSWORD_MAX_AGE_DAYS * 86_400_000;
  return Date.now() - member.passwordChangedAt.getTime() > maxAgeMs;
}

/** How a login was proven, for what its session may do. */
export interface LoginProof {
  /** The known-device token the browser sent (password logins). */
  deviceToken?: string | undefined;
  /** The browser's device id (account_devices: the `same_device` signal). */
  deviceId?: string | undefined;
  /**
   * False when the login proved an SMS code or a social identity, not the password: such a login
   * is not held to a password change (spec 4: the dialog is for password logins; the member may
   * not know the old one and resets it by SMS instead). A two-step completion counts as proven.
   */
  passwordProven?: boolean;
}

/** Opens the session of a login that passed every check; the last login becomes the previous one. */
export async function grantSession(
  context: AccountsContext,
  member: MemberRow,
  site: SessionSite,
  { deviceToken, deviceId, passwordProven = true }: LoginProof = {},
): Promise<SessionGrant> {
  const passwordExpired = isPasswordExpired(context, member);
  const passwordChangeRequired = passwordExpired && passwordProven;
  const token = await createSession({
    db: context.db,
    env: context.env,
    memberId: member.id,
    site,
    ip: context.ip,
    userAgent: context.userAgent,
    passwordChangeRequired,
  });
  await context.db
    .update(members)
    .set({
      previousLoginAt: sql`${members.lastLoginAt}`,
      lastLoginAt: sql`now()`,
    })
    .where(eq(members.id, member.id));
  await recordAccountDevice({ db: context.db, memberId: member.id, deviceId });
  return {
    twoFactorRequired: false,
    token,
    firstTimeLogin: member.firstLoginDoneAt === null && member.type !== accountTypes.trial,
    passwordExpired,
    username: member.account,
    isAgent: member.type,
    idleMinutes: idleMinutesOf(context.env, site),
    // Trial accounts have no password to guess: no device to remember.
    ...(member.passwordHash
      ? { deviceToken: await rememberDevice({ db: context.db, memberId: member.id, deviceToken }) }
      : {}),
  };
}

/** After the first factor: the second step when the account has TOTP, the session otherwise. */
export async function finishLogin(
  context: AccountsContext,
  member: MemberRow,
  site: SessionSite,
  proof: LoginProof = {},
): Promise<LoginValue> {
  if (member.totpSecret) return startTwoFactorLogin({ db: context.db, accountId: member.id, site });
  return grantSession(context, member, site, proof);
}

/** An account as the password check sees it: a member or an operator. */
export interface PasswordAccount {
  id: number;
  passwordHash: string | null;
  /** A hold support set on the account (not set by failed logins). */
  lockedUntil: Date | null;
}

/** A login by username and password, as a member or an operator sends it. */
export interface PasswordAttempt {
  context: AccountsContext;
  username: string;
  password: string;
  captcha?: string | undefined;
  captchaId?: string | undefined;
  altcha: string;
  /** The known-device token this browser got at an earlier login of the account. */
  deviceToken?: string | undefined;
  /** The browser's device id, noted when a session opens (account-devices.service.ts). */
  deviceId?: string | undefined;
}

/**
 * The first factor behind the flood guard, for the member and the operator logins alike: ALTCHA
 * first, then the captcha when recent failures ask for it, the lock of this source (address or
 * known device), the password. `find` looks the username up in the login's own table only.
 * Failures answer `value.captcha` so the page shows the captcha; an unknown username fails
 * exactly like a wrong password. `clearFailures` forgets this source's failures once the login's
 * own checks (its site, its status) have passed.
 */
export async function checkPasswordGuarded<A extends PasswordAccount>({
  context,
  username,
  password,
  captcha,
  captchaId,
  altcha,
  deviceToken,
  find,
}: PasswordAttempt & { find: () => Promise<A | null> }): Promise<{
  found: A & { passwordHash: string };
  clearFailures: () => Promise<void>;
}> {
  const { db } = context;
  await verifyHumanProof({ db, env: context.env, payload: altcha });

  const found = await find();
  const deviceId = found ? await findKnownDevice({ db, memberId: found.id, deviceToken }) : null;
  const keys = failureKeys(context, username, deviceId);

  if (await isCaptchaNeeded(context, keys, deviceId !== null)) {
    if (!captcha || !captchaId) {
      throw new AppError('CAPTCHA_REQUIRED', {
        value: { captcha: true },
        issues: [{ field: 'captcha', reason: 'Required' }],
      });
    }
    if (!(await checkCaptcha({ db, captchaId, answer: captcha }))) {
      // A wrong captcha is a failed try like a wrong password: a solver that guesses images keeps
      // the username and its address in the failure window (not the account lock: anyone can
      // send a wrong captcha for any username).
      await recordFailure(context, keys);
      throw new AppError('CAPTCHA_INVALID', {
        value: { captcha: true },
        issues: [{ field: 'captcha', reason: 'wrong' }],
      });
    }
  }

  const sourceLockedUntil = await counterWindowEnd({ db, key: keys.lock });
  if (sourceLockedUntil) throw lockedError(sourceLockedUntil);

  const passwordHash = found?.passwordHash;
  if (!found || !passwordHash) {
    await spendVerificationTime(password, context.scrypt, loginHashing(context, username));
    const captchaNeeded = await recordFailure(context, keys);
    const lockedUntil = await recordWrongPassword(context, keys);
    if (lockedUntil) throw lockedError(lockedUntil);
    throw new AppError('LOGIN_FAILED', { value: { captcha: captchaNeeded } });
  }
  // A lock the account itself carries (support, or money-action lockouts): not set by failed logins.
  if (found.lockedUntil && found.lockedUntil.getTime() > Date.now()) throw lockedError(found.lockedUntil);

  // A login from the account's known device goes before a flood's hashes (issue 35, item 4).
  const admission = loginHashing(context, username, { trusted: deviceId !== null });
  if (!(await verifyPassword(password, passwordHash, admission))) {
    const captchaNeeded = await recordFailure(context, keys);
    const lockedUntil = await recordWrongPassword(context, keys);
    if (lockedUntil) throw lockedError(lockedUntil);
    throw new AppError('LOGIN_FAILED', { value: { captcha: captchaNeeded } });
  }
  return {
    found: { ...found, passwordHash },
    clearFailures: async () => {
      await Promise.all([clearCounter({ db, key: keys.user }), clearCounter({ db, key: keys.source })]);
    },
  };
}

/**
 * Username and password at the member or agent site (spec 4): the guarded first factor
 * (`checkPasswordGuarded`) against the members' table, then the site. Operators log in at the
 * back office only (operator-login.service.ts), against their own table.
 */
export async function loginWithPassword({
  site: siteAsked,
  beforeSession,
  ...attempt
}: PasswordAttempt & {
  site?: SessionSite;
  /** Runs once the password is proven and the site admits the account (social linking). */
  beforeSession?: (member: MemberRow) => Promise<void>;
}): Promise<LoginValue> {
  const { context, username, password, deviceToken, deviceId } = attempt;
  const site = siteAsked ?? context.site;
  const { db } = context;
  const { found, clearFailures } = await checkPasswordGuarded({
    ...attempt,
    find: () => findMemberByAccount(db, username),
  });
  assertMaySignIn(found, site);
  await beforeSession?.(found);
  await clearFailures();
  const member =
    password === defaultPassword && !found.mustChangePassword
      ? await markPasswordChangeNeeded(context, found)
      : found;
  if (needsRehash(found.passwordHash, context.scrypt)) {
    // The hash was made with other parameters (raised since): upgrade it while the password is known.
    await db
      .update(members)
      .set({ passwordHash: await hashPassword(password, context.scrypt, loginHashing(context, username)) })
      .where(eq(members.id, member.id));
  }
  return finishLogin(context, member, site, { deviceToken, deviceId });
}

/**
 * The default password proves nothing (it is public): the account must change it before anything
 * else, also after a two-step login, a reload or on another device, so the mark is stored.
 */
async function markPasswordChangeNeeded(context: AccountsContext, member: MemberRow): Promise<MemberRow> {
  await context.db.update(members).set({ mustChangePassword: true }).where(eq(members.id, member.id));
  return { ...member, mustChangePassword: true };
}

/** Mobile number and SMS code (no ALTCHA, spec 4). The code proves the phone, so no lock applies. */
export async function loginWithSms({
  context,
  mobileNum,
  countryDialingCode,
  verificationCode,
  deviceId,
}: {
  context: AccountsContext;
  mobileNum: string;
  countryDialingCode: string;
  verificationCode: string;
  deviceId?: string | undefined;
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
  return finishLogin(context, member, context.site, { passwordProven: false, deviceId });
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
