import { eq } from 'drizzle-orm';
import { violatedUniqueConstraint } from '../../db/pg-errors.ts';
import { AppError } from '../../http/app-error.ts';
import { normaliseMobile, useVerificationCode } from '../sms/sms.service.ts';
import { memberHashing, type AccountsContext } from './accounts.context.ts';
import { members } from './accounts.tables.ts';
import { findMemberById, findMemberByMobile } from './members.repository.ts';
import { maskEmail, maskMobile } from './member.service.ts';
import { hashPassword, verifyPassword } from './password-hash.ts';
import { ruleViolation } from './password-policy.ts';
import { clearStrikes, confirmPasswordAgain } from './secret-strikes.ts';

const BASIC_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Changes the email and/or the mobile number (issue 3: asks for the password again). A new number
 * must be free and proven with an SMS code of purpose changeMobile; an email follows the brand's
 * email rule. Nothing changes unless every check passes.
 */
export async function updateContact({
  context,
  memberId,
  sessionId,
  password,
  email,
  mobileNum,
  countryDialingCode,
  verificationCode,
}: {
  context: AccountsContext;
  memberId: number;
  /** The calling session, ended when the password asked again locks. */
  sessionId: number | null;
  password: string;
  email?: string | undefined;
  mobileNum?: string | undefined;
  countryDialingCode: string;
  verificationCode?: string | undefined;
}): Promise<{ mobileNum: string | null; email: string | null }> {
  const { db } = context;
  const member = await memberWhosePasswordMatches(context, { memberId, sessionId, password });

  const changes: { email?: string; mobile?: string; countryDialingCode?: string } = {};
  if (email) {
    const rule = context.settings.register.email;
    const reason = rule.enabled
      ? ruleViolation(rule, email)
      : BASIC_EMAIL.test(email)
        ? null
        : 'pattern email';
    if (reason) throw new AppError('VALIDATION_FAILED', { issues: [{ field: 'email', reason }] });
    changes.email = email;
  }
  if (mobileNum) {
    const mobile = normaliseMobile({ mobileNum, countryDialingCode });
    if (mobile === member.mobile && !email) {
      // Re-saving the number the account has: say so, rather than an empty update.
      throw new AppError('MOBILE_UNCHANGED', { issues: [{ field: 'mobileNum', reason: 'unchanged' }] });
    }
    if (mobile !== member.mobile) {
      if (!verificationCode) {
        throw new AppError('VALIDATION_FAILED', {
          issues: [{ field: 'verificationCode', reason: 'Required' }],
        });
      }
      const holder = await findMemberByMobile(db, mobile);
      if (holder && holder.id !== member.id) {
        throw new AppError('MOBILE_TAKEN', { issues: [{ field: 'mobileNum', reason: 'taken' }] });
      }
      await useVerificationCode({ db, mobile, purpose: 'changeMobile', code: verificationCode });
      changes.mobile = mobile;
      changes.countryDialingCode = countryDialingCode;
    }
  }
  if (Object.keys(changes).length === 0) {
    // Nothing differs (the same email again): a no-op answers what the account holds.
    return {
      mobileNum: maskMobile(member.mobile, member.countryDialingCode),
      email: maskEmail(member.email),
    };
  }
  try {
    const [updated] = await db.update(members).set(changes).where(eq(members.id, member.id)).returning();
    return {
      mobileNum: maskMobile(updated?.mobile ?? null, updated?.countryDialingCode ?? null),
      email: maskEmail(updated?.email ?? null),
    };
  } catch (error) {
    if (violatedUniqueConstraint(error) === 'members_mobile_key') {
      throw new AppError('MOBILE_TAKEN', { issues: [{ field: 'mobileNum', reason: 'taken' }] });
    }
    throw error;
  }
}

/**
 * Sets or replaces the payment password that confirms withdrawals and transfers. The login
 * password is asked again (a stolen session alone cannot set it); the new one follows the brand's
 * registration rule for payment passwords and must be typed twice. It lifts a payment password
 * lock: this is how a member who forgot it unlocks the money actions.
 */
export async function setPaymentPassword({
  context,
  memberId,
  sessionId,
  password,
  newPaymentPassword,
  confirmPaymentPassword,
}: {
  context: AccountsContext;
  memberId: number;
  sessionId: number | null;
  password: string;
  newPaymentPassword: string;
  confirmPaymentPassword: string;
}): Promise<{ hasPaymentPassword: true }> {
  const { db } = context;
  const member = await memberWhosePasswordMatches(context, { memberId, sessionId, password });
  const reason = ruleViolation(context.settings.register.paymentPassword, newPaymentPassword);
  if (reason) {
    throw new AppError('VALIDATION_FAILED', { issues: [{ field: 'newPaymentPassword', reason }] });
  }
  if (newPaymentPassword !== confirmPaymentPassword) {
    throw new AppError('VALIDATION_FAILED', {
      issues: [{ field: 'confirmPaymentPassword', reason: 'does not match' }],
    });
  }
  const hashing = memberHashing(context, memberId);
  if (member.passwordHash && (await verifyPassword(newPaymentPassword, member.passwordHash, hashing))) {
    throw new AppError('VALIDATION_FAILED', {
      issues: [{ field: 'newPaymentPassword', reason: 'must differ from the login password' }],
    });
  }
  await db
    .update(members)
    .set({
      paymentPasswordHash: await hashPassword(newPaymentPassword, context.scrypt, hashing),
      mustSetPaymentPassword: false,
    })
    .where(eq(members.id, memberId));
  // The login password proved the owner: a new payment password lifts its lock.
  await clearStrikes({ db, secret: 'paymentPassword', memberId });
  return { hasPaymentPassword: true };
}

/** The caller's account once the login password typed again is right (counted by secret-strikes). */
async function memberWhosePasswordMatches(
  context: AccountsContext,
  { memberId, sessionId, password }: { memberId: number; sessionId: number | null; password: string },
) {
  const member = await findMemberById(context.db, memberId);
  if (!member) throw new AppError('UNAUTHENTICATED');
  await confirmPasswordAgain({
    db: context.db,
    address: context.ip,
    memberId: member.id,
    sessionId,
    passwordHash: member.passwordHash,
    password,
    field: 'password',
  });
  return member;
}
