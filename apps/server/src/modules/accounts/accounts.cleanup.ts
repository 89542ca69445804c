import { lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { pruneCaptchas } from '../captcha/captcha.service.ts';
import { pruneCounters } from '../counters/counters.service.ts';
import { pruneUsedHumanChallenges } from '../human-check/human-check.service.ts';
import { pruneVerificationCodes } from '../sms/sms.service.ts';
import { passwordResetTokens, sessions, twoFactorChallenges } from './accounts.tables.ts';

/**
 * Deletes rows that can never be used again: expired captchas, challenges, counters, codes, reset
 * links and sessions (a day after they ended, so support can still see a recent one). Every
 * statement is idempotent, so every instance may run it; no lock is needed.
 */
export async function pruneExpiredAccountRows(db: Database): Promise<void> {
  await pruneCaptchas(db);
  await pruneUsedHumanChallenges(db);
  await pruneCounters(db);
  await pruneVerificationCodes(db);
  await db
    .delete(passwordResetTokens)
    .where(lte(passwordResetTokens.expiresAt, sql`now() - interval '1 day'`));
  await db
    .delete(twoFactorChallenges)
    .where(lte(twoFactorChallenges.expiresAt, sql`now() - interval '1 day'`));
  await db
    .delete(sessions)
    .where(
      or(
        lte(sessions.expiresAt, sql`now() - interval '1 day'`),
        lte(sessions.revokedAt, sql`now() - interval '1 day'`),
      ),
    );
}
