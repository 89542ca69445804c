import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { LoginValue } from '@khela/contract';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { sendAfterAnswer, type MailProvider } from '../mail/mail.service.ts';
import { normaliseMobile, useVerificationCode } from '../sms/sms.service.ts';
import { hostNameOf } from '../system/system.service.ts';
import { memberHashing, type AccountsContext } from './accounts.context.ts';
import { members, passwordResetTokens } from './accounts.tables.ts';
import { findMemberByAccount, findMemberById, findMemberByMobile } from './members.repository.ts';
import { assertMaySignIn, finishLogin } from './login.service.ts';
import { hashPassword } from './password-hash.ts';
import { newPasswordViolation } from './password-policy.ts';
import { clearStrikes, confirmPasswordAgain } from './secret-strikes.ts';
import { createSession, revokeMemberSessions, type SessionInfo } from './session.service.ts';

function assertNewPassword(
  context: AccountsContext,
  {
    password,
    confirmation,
    username,
  }: { password: string; confirmation: string | undefined; username: string | null },
): void {
  const reason = newPasswordViolation({ password, rule: context.settings.register.password, username });
  if (reason) throw new AppError('VALIDATION_FAILED', { issues: [{ field: 'newPassword', reason }] });
  if (confirmation !== undefined && confirmation !== password) {
    throw new AppError('VALIDATION_FAILED', {
      issues: [{ field: 'confirmNewPassword', reason: 'must match newPassword' }],
    });
  }
}

/**
 * Sets a new password, clears a lock (of logins and of the password asked again in a session) and
 * the forced-change mark, and ends every session.
 */
async function setPassword(context: AccountsContext, memberId: number, password: string): Promise<void> {
  await context.db
    .update(members)
    .set({
      passwordHash: await hashPassword(password, context.scrypt, memberHashing(context, memberId)),
      passwordChangedAt: sql`now()`,
      mustChangePassword: false,
      failedLoginCount: 0,
      lockedUntil: null,
    })
    .where(eq(members.id, memberId));
  await clearStrikes({ db: context.db, secret: 'password', memberId });
  await revokeMemberSessions({ db: context.db, memberId });
}

/**
 * Change password (spec 2, 4, 5): the old one must be right. Every session of the account ends,
 * and this caller gets a new token so the dialog can carry on.
 */
export async function changePassword({
  context,
  session,
  oldPassword,
  newPassword,
  confirmNewPassword,
}: {
  context: AccountsContext;
  session: SessionInfo;
  oldPassword: string;
  newPassword: string;
  confirmNewPassword: string;
}): Promise<{ token: string }> {
  const member = await findMemberById(context.db, session.memberId);
  if (!member) throw new AppError('UNAUTHENTICATED');
  await confirmPasswordAgain({
    db: context.db,
    address: context.ip,
    memberId: member.id,
    sessionId: session.sessionId,
    passwordHash: member.passwordHash,
    password: oldPassword,
    field: 'oldPassword',
  });
  assertNewPassword(context, {
    password: newPassword,
    confirmation: confirmNewPassword,
    username: member.account,
  });
  if (newPassword === oldPassword) {
    throw new AppError('VALIDATION_FAILED', {
      issues: [{ field: 'newPassword', reason: 'must differ from the old password' }],
    });
  }
  await setPassword(context, member.id, newPassword);
  const token = await createSession({
    db: context.db,
    env: context.env,
    memberId: member.id,
    site: session.site,
    ip: context.ip,
    userAgent: context.userAgent,
  });
  return { token };
}

function hashResetToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Where the reset link points: PUBLIC_BASE_URL, or the request's host when it is a brand domain. */
export function linkOrigin(context: AccountsContext, request: { protocol: string; host: string }): string {
  if (context.env.PUBLIC_BASE_URL) return context.env.PUBLIC_BASE_URL.replace(/\/$/, '');
  const host = hostNameOf(request.host);
  // Never build a mailed link from an unlisted Host header (a forged host would steal the token).
  const isBrandHost = context.settings.domains.some((entry) => entry.domain.toLowerCase() === host);
  return isBrandHost ? `${request.protocol}://${request.host}` : `http://localhost:${context.env.PORT}`;
}

/**
 * Forgot password by email (spec 4): when the username and email belong together (an active
 * player's), mails a link with a single-use token that expires after RESET_LINK_MINUTES; earlier
 * links stop working. The answer is the same whether or not they do (the spec's 'Username/Email
 * does not exist' told anyone which pairs are real: issue 35, item 5d); the web says "if they
 * match an account, a link is on its way". It is also given in the same time: the look-up, the
 * token and the mail run after the answer (mail/mail.service.ts, sendAfterAnswer), so neither a slow mail transport
 * nor the work of a match tells a right pair from a wrong one (issue 35, item 5).
 */
export async function requestPasswordResetByEmail({
  context,
  username,
  email,
  origin,
  mail,
}: {
  context: AccountsContext;
  username: string;
  email: string;
  origin: string;
  mail: MailProvider;
}): Promise<{ expiredMinutes: number }> {
  const minutes = context.env.RESET_LINK_MINUTES;
  sendAfterAnswer(
    () => mailResetLink({ context, username, email, origin, mail, minutes }),
    'a password reset mail',
  );
  return { expiredMinutes: minutes };
}

/** The work of a reset request, after its answer: nothing unless the pair belongs to an active player. */
async function mailResetLink({
  context,
  username,
  email,
  origin,
  mail,
  minutes,
}: {
  context: AccountsContext;
  username: string;
  email: string;
  origin: string;
  mail: MailProvider;
  minutes: number;
}): Promise<void> {
  const member = await findMemberByAccount(context.db, username);
  const isMatch =
    member !== null &&
    member.role === 'player' &&
    member.status === 'active' &&
    member.email !== null &&
    member.email.toLowerCase() === email.trim().toLowerCase();
  if (!isMatch) return;

  const token = randomBytes(32).toString('base64url');
  await context.db
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResetTokens.memberId, member.id), isNull(passwordResetTokens.usedAt)));
  await context.db.insert(passwordResetTokens).values({
    tokenHash: hashResetToken(token),
    memberId: member.id,
    expiresAt: sql`now() + make_interval(mins => ${minutes})`,
  });
  const link = `${origin}/resetPassword?token=${token}`;
  await mail.send({
    to: member.email!,
    subject: `${context.settings.brandName}: reset your password`,
    text: [
      `Hello ${member.account},`,
      '',
      `Someone asked to reset the password of your ${context.settings.brandName} account. To choose a new password, open:`,
      link,
      '',
      `The link works once and expires in ${minutes} minutes. If you did not ask for it, ignore this mail: your password stays as it is.`,
    ].join('\n'),
  });
}

async function findUsableResetToken(db: Database, token: string) {
  const [row] = await db
    .select()
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.tokenHash, hashResetToken(token)),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, sql`now()`),
      ),
    );
  return row ?? null;
}

export async function checkResetToken({ context, token }: { context: AccountsContext; token: string }) {
  const row = await findUsableResetToken(context.db, token);
  const member = row ? await findMemberById(context.db, row.memberId) : null;
  if (!member) throw new AppError('RESET_LINK_INVALID');
  return { username: member.account };
}

/** The reset page: the token is used up, the password set, every session ended (a new login follows). */
export async function resetPasswordWithToken({
  context,
  token,
  newPassword,
  confirmNewPassword,
}: {
  context: AccountsContext;
  token: string;
  newPassword: string;
  confirmNewPassword: string;
}): Promise<{ username: string }> {
  const { username } = await checkResetToken({ context, token });
  assertNewPassword(context, { password: newPassword, confirmation: confirmNewPassword, username });
  // Claimed in one guarded statement: two submissions of one link cannot both pass.
  const [claimed] = await context.db
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(passwordResetTokens.tokenHash, hashResetToken(token)),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ memberId: passwordResetTokens.memberId });
  if (!claimed) throw new AppError('RESET_LINK_INVALID');
  await setPassword(context, claimed.memberId, newPassword);
  return { username };
}

/**
 * Forgot password by phone (CHNGPASSVERIF3): SMS code of purpose resetPassword. Every old session
 * ends (spec 4: a reset ends with a new login), and the answer carries that new login (spec 4: "by
 * phone: set password by phone, auto-login"): the SMS code proves the phone as an SMS login does, so
 * no captcha or ALTCHA stands between the reset and the session. Two-step accounts get their second
 * step; a site that does not admit the account (a player on the agent site) gets `login: null`.
 *
 * A number with no player account is answered as a registered one (issue 35, item 5): no
 * MOBILE_NOT_REGISTERED. The code step (sms-codes.service.ts) stored a code for it and sent nothing,
 * so a guess there spends a try and fails as a wrong code does (VERIFICATION_CODE_INVALID, then
 * VERIFICATION_CODE_EXPIRED). The password rules that need no account are checked first for every
 * number; "not the username" only once the code has proved the phone (before, it would tell a caller
 * which username a number belongs to), so that refusal costs the member a new code.
 */
export async function resetPasswordWithSms({
  context,
  mobileNum,
  countryDialingCode,
  verificationCode,
  newPassword,
  confirmNewPassword,
}: {
  context: AccountsContext;
  mobileNum: string;
  countryDialingCode: string;
  verificationCode: string;
  newPassword: string;
  confirmNewPassword?: string | undefined;
}): Promise<{ username: string; login: LoginValue | null }> {
  if (!context.settings.features.changePasswordByMobile) throw new AppError('FEATURE_DISABLED');
  const mobile = normaliseMobile({ mobileNum, countryDialingCode });
  const found = await findMemberByMobile(context.db, mobile);
  const member = found && found.role === 'player' && found.type !== 4 ? found : null;
  assertNewPassword(context, { password: newPassword, confirmation: confirmNewPassword, username: null });
  await useVerificationCode({ db: context.db, mobile, purpose: 'resetPassword', code: verificationCode });
  if (!member) {
    // Only a code nobody was sent could get here (or a trial account's): the code is used up now,
    // and the answer is that of a used code.
    throw new AppError('VERIFICATION_CODE_EXPIRED', {
      issues: [{ field: 'verificationCode', reason: 'expired or used: request a new code' }],
    });
  }
  assertNewPassword(context, {
    password: newPassword,
    confirmation: confirmNewPassword,
    username: member.account,
  });
  await setPassword(context, member.id, newPassword);
  try {
    assertMaySignIn(member, context.site);
  } catch {
    return { username: member.account, login: null };
  }
  const updated = (await findMemberById(context.db, member.id)) ?? member;
  return { username: member.account, login: await finishLogin(context, updated, context.site) };
}
