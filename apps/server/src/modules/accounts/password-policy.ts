import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FieldRule } from '@khela/contract';

export const MIN_PASSWORD_LENGTH = 8;

/** Beside the source in development, copied next to the bundle by tsup in production. */
function loadCommonPasswords(): Set<string> {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const file = [
    path.join(here, 'common-passwords.txt'),
    path.join(here, 'modules/accounts/common-passwords.txt'),
  ].find((candidate) => existsSync(candidate));
  if (!file) throw new Error('common-passwords.txt not found');
  return new Set(
    readFileSync(file, 'utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('#')),
  );
}

let commonPasswords: Set<string> | null = null;

export function isCommonPassword(password: string): boolean {
  commonPasswords ??= loadCommonPasswords();
  return commonPasswords.has(password.toLowerCase());
}

/** Accepted pattern `*` means anything (spec 5). */
export function ruleRegExp(rule: FieldRule): RegExp {
  return new RegExp(rule.acceptedPattern === '*' ? '.*' : rule.acceptedPattern, 'u');
}

/** Why a value breaks a field rule (length, pattern), or null. Empty values are the caller's matter. */
export function ruleViolation(rule: FieldRule, value: string): string | null {
  const length = [...value].length;
  if (length < rule.minLength || (rule.maxLength > 0 && length > rule.maxLength)) {
    return rule.minLength === rule.maxLength
      ? `must be ${rule.minLength} characters`
      : `must be ${rule.minLength} to ${rule.maxLength} characters`;
  }
  if (!ruleRegExp(rule).test(value)) return `pattern ${rule.patternId}`;
  return null;
}

/**
 * Why a new login password is refused, or null: the brand's password rule, at least eight
 * characters, not a common password, not the username.
 */
export function newPasswordViolation({
  password,
  rule,
  username,
}: {
  password: string;
  rule: FieldRule;
  username?: string | null;
}): string | null {
  if ([...password].length < MIN_PASSWORD_LENGTH) return `must be at least ${MIN_PASSWORD_LENGTH} characters`;
  const broken = ruleViolation(rule, password);
  if (broken) return broken;
  if (isCommonPassword(password)) return 'too common';
  if (username && password.toLowerCase() === username.toLowerCase()) return 'must differ from the username';
  return null;
}
