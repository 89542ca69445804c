import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, isNull, lt, lte, sql } from 'drizzle-orm';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import type { Database } from '../../db/database.ts';
import type { Env } from '../../config/env.ts';
import { AppError } from '../../http/app-error.ts';
import { hitCounter } from '../counters/counters.service.ts';
import type { SmsProvider } from './sms.provider.ts';
import { smsOutbox, verificationCodes } from './sms.tables.ts';

export type CodePurpose = 'login' | 'register' | 'resetPassword' | 'changeMobile';

/** A code dies after this many wrong tries (issue 3). */
export const MAX_CODE_ATTEMPTS = 5;

/**
 * The number in E.164, from the form's national number and dialing code. Throws PHONE_INVALID
 * naming `mobileNum` when the number cannot exist (libphonenumber's metadata).
 */
export function normaliseMobile({
  mobileNum,
  countryDialingCode,
}: {
  mobileNum: string;
  countryDialingCode: string;
}): string {
  const digits = mobileNum.replace(/[\s-]/g, '');
  const callingCode = countryDialingCode.replace(/^\+/, '');
  const parsed = parsePhoneNumberFromString(digits, { defaultCallingCode: callingCode });
  if (!parsed?.isValid() || parsed.countryCallingCode !== callingCode) {
    throw new AppError('PHONE_INVALID', {
      issues: [{ field: 'mobileNum', reason: 'not a valid mobile number' }],
    });
  }
  return parsed.number;
}

function hashCode(mobile: string, purpose: CodePurpose, code: string): Buffer {
  return createHash('sha256').update(`${mobile}:${purpose}:${code}`).digest();
}

/**
 * Sends a new six-digit code after the abuse limits: per client address and per number in a
 * short window (RATE_LIMITED, "try again after 5 minutes") and a daily quota per number
 * (QUOTA_EXCEEDED). The new code retires any earlier one for the same number and purpose.
 */
export async function sendVerificationCode({
  db,
  env,
  provider,
  mobile,
  purpose,
  ip,
  expiredMinutes,
  brandName,
  deliver = true,
}: {
  db: Database;
  env: Pick<
    Env,
    'SMS_MAX_PER_NUMBER' | 'SMS_MAX_PER_IP' | 'SMS_LIMIT_WINDOW_MINUTES' | 'SMS_DAILY_QUOTA_PER_NUMBER'
  >;
  provider: SmsProvider;
  mobile: string;
  purpose: CodePurpose;
  ip: string;
  expiredMinutes: number;
  brandName: string;
  /**
   * False: do everything a send does (limits counted, a code stored) but send nothing. For a
   * number that has no account, so that the answer, the limits and the work are the same as for
   * one that has (the caller must not learn which numbers are registered).
   */
  deliver?: boolean;
}): Promise<{ expiredMinutes: number }> {
  const windowSeconds = env.SMS_LIMIT_WINDOW_MINUTES * 60;
  const retryAfter = { retryAfterSeconds: windowSeconds };
  if ((await hitCounter({ db, key: `sms:ip:${ip}`, windowSeconds })) > env.SMS_MAX_PER_IP) {
    throw new AppError('RATE_LIMITED', { value: retryAfter });
  }
  if ((await hitCounter({ db, key: `sms:number:${mobile}`, windowSeconds })) > env.SMS_MAX_PER_NUMBER) {
    throw new AppError('RATE_LIMITED', { value: retryAfter });
  }
  if (
    (await hitCounter({ db, key: `sms:day:${mobile}`, windowSeconds: 86_400 })) >
    env.SMS_DAILY_QUOTA_PER_NUMBER
  ) {
    throw new AppError('QUOTA_EXCEEDED');
  }

  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db
    .update(verificationCodes)
    .set({ consumedAt: sql`now()` })
    .where(
      and(
        eq(verificationCodes.mobile, mobile),
        eq(verificationCodes.purpose, purpose),
        isNull(verificationCodes.consumedAt),
      ),
    );
  await db.insert(verificationCodes).values({
    purpose,
    mobile,
    codeHash: hashCode(mobile, purpose, code).toString('hex'),
    expiresAt: sql`now() + make_interval(mins => ${expiredMinutes})`,
  });
  if (!deliver) return { expiredMinutes };
  await provider.send({
    to: mobile,
    body: `${brandName}: your verification code is ${code}. It expires in ${expiredMinutes} minutes. Never share it.`,
  });
  return { expiredMinutes };
}

/**
 * Uses up the code for this number and purpose when it is right. Wrong: one of the five tries is
 * spent (VERIFICATION_CODE_INVALID). Expired, used, out of tries or never sent:
 * VERIFICATION_CODE_EXPIRED. Both name the `verificationCode` field.
 */
export async function useVerificationCode({
  db,
  mobile,
  purpose,
  code,
}: {
  db: Database;
  mobile: string;
  purpose: CodePurpose;
  code: string;
}): Promise<void> {
  const expired = new AppError('VERIFICATION_CODE_EXPIRED', {
    issues: [{ field: 'verificationCode', reason: 'expired or used: request a new code' }],
  });
  const [row] = await db
    .select()
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.mobile, mobile),
        eq(verificationCodes.purpose, purpose),
        isNull(verificationCodes.consumedAt),
      ),
    )
    .orderBy(desc(verificationCodes.id))
    .limit(1);
  if (!row || row.expiresAt.getTime() <= Date.now() || row.attempts >= MAX_CODE_ATTEMPTS) throw expired;

  const isRight = timingSafeEqual(Buffer.from(row.codeHash, 'hex'), hashCode(mobile, purpose, code.trim()));
  if (!isRight) {
    // Counted in one guarded statement, so parallel guesses cannot exceed the five tries.
    const [spent] = await db
      .update(verificationCodes)
      .set({ attempts: sql`${verificationCodes.attempts} + 1` })
      .where(and(eq(verificationCodes.id, row.id), lt(verificationCodes.attempts, MAX_CODE_ATTEMPTS)))
      .returning({ attempts: verificationCodes.attempts });
    if (!spent) throw expired;
    throw new AppError('VERIFICATION_CODE_INVALID', {
      issues: [{ field: 'verificationCode', reason: 'wrong code' }],
      value: { triesLeft: MAX_CODE_ATTEMPTS - spent.attempts },
    });
  }
  const [used] = await db
    .update(verificationCodes)
    .set({ consumedAt: sql`now()` })
    .where(
      and(
        eq(verificationCodes.id, row.id),
        isNull(verificationCodes.consumedAt),
        lt(verificationCodes.attempts, MAX_CODE_ATTEMPTS),
      ),
    )
    .returning({ id: verificationCodes.id });
  if (!used) throw expired;
}

/** The latest outbox messages, newest first (operator call and tests). */
/** Drops verification codes that expired more than a day ago (the periodic cleanup runs it). */
export async function pruneVerificationCodes(db: Database): Promise<void> {
  await db.delete(verificationCodes).where(lte(verificationCodes.expiresAt, sql`now() - interval '1 day'`));
}

export async function listSmsOutbox({ db, mobile, limit }: { db: Database; mobile?: string; limit: number }) {
  const rows = await db
    .select()
    .from(smsOutbox)
    .where(mobile ? eq(smsOutbox.to, mobile) : undefined)
    .orderBy(desc(smsOutbox.id))
    .limit(limit);
  return rows.map((row) => ({ id: row.id, to: row.to, body: row.body, createdAt: row.createdAt.getTime() }));
}
