import type { OperatorRole } from '@khela/contract';
import type { Database } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/pg-errors.ts';
import { AppError } from '../../http/app-error.ts';
import { getSettings } from '../settings/settings.service.ts';
import { accountNameTaken } from './members.repository.ts';
import { operators } from './operators.tables.ts';
import { hashPassword, type ScryptParams } from './password-hash.ts';
import { newPasswordViolation, ruleViolation } from './password-policy.ts';

/**
 * A new operator (table `operators`, back office only), for `npm run operator:create` (how a
 * production database gets its first operator without a public demo password) and the back
 * office's operator creation. The username follows the brand's username rule and the password its
 * password policy; a username taken by an operator or a member (in any case) is a CONFLICT.
 */
export async function createOperator(
  db: Database,
  options: {
    username: string;
    nickname?: string | undefined;
    password: string;
    scrypt: ScryptParams;
    /** The back-office role; the first operator (the CLI's) is an owner. */
    role?: OperatorRole;
    /**
     * Created by another operator (the back office): the password was chosen for them and must
     * change at the first login; then the second step is enrolled (required for operators).
     */
    mustChangePassword?: boolean;
    registerMethod?: string;
  },
): Promise<{ id: number; account: string }> {
  const settings = await getSettings(db);
  const username = options.username.trim();
  const usernameProblem = username ? ruleViolation(settings.register.username, username) : 'Required';
  if (usernameProblem) {
    throw new AppError('VALIDATION_FAILED', { issues: [{ field: 'username', reason: usernameProblem }] });
  }
  const passwordProblem = newPasswordViolation({
    password: options.password,
    rule: settings.register.password,
    username,
  });
  if (passwordProblem) {
    throw new AppError('VALIDATION_FAILED', { issues: [{ field: 'password', reason: passwordProblem }] });
  }
  const taken = { issues: [{ field: 'username', reason: 'already taken' }] };
  if (await accountNameTaken(db, username)) throw new AppError('CONFLICT', taken);
  try {
    const [created] = await db
      .insert(operators)
      .values({
        account: username,
        nickname: options.nickname?.trim() || username,
        operatorRole: options.role ?? 'owner',
        passwordHash: await hashPassword(options.password, options.scrypt),
        registerMethod: options.registerMethod ?? 'CLI',
        // Chosen by the operator just now (CLI): no forced change.
        mustChangePassword: options.mustChangePassword ?? false,
      })
      .returning({ id: operators.id, account: operators.account });
    if (!created) throw new AppError('INTERNAL');
    return created;
  } catch (error) {
    // Two creations racing for one name: the unique index decides (docs/stack.md gotcha 8).
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', taken);
    throw error;
  }
}
