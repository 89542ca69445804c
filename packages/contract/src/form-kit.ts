import type { z } from 'zod';
import { ApiError } from './client.ts';
import type { IssueRule } from './envelope.ts';
import type { ErrorCode, FieldIssue } from './errors.ts';
import type { Translate } from './client-kit.ts';

/**
 * The form part of the client kit (./client-kit.ts) both apps share: server issues and zod checks
 * read as text keys of each app's catalogue, and what a server form is told besides its schema.
 */

/** A field issue as the server sends it: `rule` and `limit` are there when the server knows them. */
// A newer server may send a rule word this client does not know yet: it reads as the generic sentence.
export type ShownIssue = Omit<FieldIssue, 'rule'> & { rule?: IssueRule | (string & {}); limit?: number };

/**
 * Reasons that carry a meaning of their own beyond their rule (the password rules, the code's
 * digits), as text keys. The reason is matched here and never shown: it is English, for logs and
 * API users.
 */
export function specificReasonKey(reason: string): string | null {
  if (reason === 'too common') return 'text_password_too_common';
  if (reason.startsWith('must differ from the username')) return 'text_password_same_as_username';
  if (reason.startsWith('must differ from the old')) return 'text_password_same_as_old';
  if (reason.startsWith('must match')) return 'text_password_mismatch';
  if (reason === 'six digits') return 'text_code_six_digits';
  return null;
}

/** Reasons of servers that do not send `rule` yet (zod's and ours), read as a rule. */
export function ruleOfReason(reason: string): IssueRule | null {
  if (reason === 'Required') return 'required';
  if (reason.startsWith('must be at least')) return 'too_short';
  return null;
}

/**
 * The sentence of an issue's rule (its own, or read from its reason), with the limit put in where
 * the rule has one; null for a rule this kit does not know.
 */
export function ruleIssueText(issue: ShownIssue, translate: Translate): string | null {
  const rule = issue.rule ?? ruleOfReason(issue.reason);
  const limit = issue.limit;
  const hasLimit = typeof limit === 'number' && Number.isFinite(limit);
  switch (rule) {
    case 'required':
      return translate('text_field_required');
    case 'too_short':
      return hasLimit ? translate('rule_too_short', { limit }) : translate('rule_too_short_plain');
    case 'too_long':
      return hasLimit ? translate('rule_too_long', { limit }) : translate('text_too_long');
    case 'too_small':
      return hasLimit ? translate('rule_too_small', { limit }) : translate('rule_too_small_plain');
    case 'too_big':
      return hasLimit ? translate('rule_too_big', { limit }) : translate('rule_too_big_plain');
    case 'invalid_characters':
      return translate('rule_invalid_characters');
    case 'invalid_format':
      return translate('rule_invalid_format');
    default:
      return null;
  }
}

/**
 * The sentence of a client-side zod check that names no text key of its own (`.max(64)` with no
 * message): zod's built-in English must never reach a person. Read as the same rules as the
 * server's issues; a code this kit does not read is the generic "does not meet the rules".
 */
export function zodIssueText(issue: z.core.$ZodRawIssue, translate: Translate): string {
  const limitOf = (value: unknown) =>
    typeof value === 'number' || typeof value === 'bigint' ? Number(value) : undefined;
  switch (issue.code) {
    case 'too_small': {
      const limit = limitOf(issue.minimum);
      if (issue.origin === 'string' || issue.origin === 'array') {
        if (limit === undefined || limit <= 1) return translate('text_field_required');
        return translate('rule_too_short', { limit });
      }
      return limit === undefined ? translate('rule_too_small_plain') : translate('rule_too_small', { limit });
    }
    case 'too_big': {
      const limit = limitOf(issue.maximum);
      if (issue.origin === 'string' || issue.origin === 'array') {
        return limit === undefined ? translate('text_too_long') : translate('rule_too_long', { limit });
      }
      return limit === undefined ? translate('rule_too_big_plain') : translate('rule_too_big', { limit });
    }
    case 'invalid_type':
      return issue.input === undefined || issue.input === null || issue.input === ''
        ? translate('text_field_required')
        : translate('text_field_rule');
    case 'invalid_format':
      return translate('rule_invalid_format');
    default:
      return translate('text_field_rule');
  }
}

/** The text keys this kit passes to `translate`: each app's catalogue has them (its locale tests check). */
export const formKitTextKeys = [
  'text_password_too_common',
  'text_password_same_as_username',
  'text_password_same_as_old',
  'text_password_mismatch',
  'text_code_six_digits',
  'text_field_required',
  'text_field_rule',
  'text_too_long',
  'rule_too_short',
  'rule_too_short_plain',
  'rule_too_long',
  'rule_too_small',
  'rule_too_small_plain',
  'rule_too_big',
  'rule_too_big_plain',
  'rule_invalid_characters',
  'rule_invalid_format',
] as const;

/** What a server form is told besides its schema: the fields on screen, the call, the code fields. */
export interface FormCallOptions<Values, Field extends string> {
  /** The fields on screen: server issues for others become the alert. */
  fields: readonly Field[];
  /** The call: resolves when done, throws the call's failure (an ApiError) otherwise. */
  action: (values: Values) => Promise<void>;
  /** Failures that belong under one field (WRONG_PASSWORD under the password, TWO_FACTOR_INVALID under the code). */
  codeFields?: Partial<Record<ErrorCode, Field>>;
}

/** The field a failure belongs under by its code (`codeFields`), or undefined. */
export function codeFieldOf<Field extends string>(
  error: unknown,
  codeFields: Partial<Record<ErrorCode, Field>> | undefined,
): Field | undefined {
  return error instanceof ApiError ? codeFields?.[error.code as ErrorCode] : undefined;
}
