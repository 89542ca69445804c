import { ApiError, type FieldIssue, type IssueRule } from '@khela/contract';
import { z } from 'zod';
import { hasText, t, type Translate } from '../i18n/i18n.ts';

/**
 * Failures and field issues as sentences (the same mapping as apps/web/src/shared/forms/api-errors.ts,
 * over the back office's own catalogue: the web's kit is bound to the web's text store and its
 * catalogue chunks, so it is not imported).
 */

/** A field issue as the server sends it: `rule` and `limit` are there when the server knows them. */
export type ShownIssue = Omit<FieldIssue, 'rule'> & { rule?: IssueRule | (string & {}); limit?: number };

/** The text key of a failed call (the server's `message`), or the generic text for an unknown key. */
export function errorTextKey(error: unknown): string {
  if (error instanceof ApiError && hasText(error.message)) return error.message;
  if (error instanceof ApiError && error.code === 'NETWORK') return 'err_network';
  return 'err_unknown';
}

/** The sentence of a failure, with the missing permission named for a refusal. */
export function errorText(error: unknown): string {
  if (error instanceof ApiError && error.code === 'FORBIDDEN') {
    const value = error.value as { permission?: unknown } | undefined;
    if (typeof value?.permission === 'string')
      return t('shell_forbidden_permission', { permission: value.permission });
  }
  return t(errorTextKey(error));
}

function specificReasonKey(reason: string): string | null {
  if (reason === 'too common') return 'text_password_too_common';
  if (reason.startsWith('must differ from the username')) return 'text_password_same_as_username';
  if (reason.startsWith('must differ from the old')) return 'text_password_same_as_old';
  if (reason.startsWith('must match')) return 'text_password_mismatch';
  if (reason === 'six digits') return 'text_code_six_digits';
  return null;
}

function ruleOfReason(reason: string): IssueRule | null {
  if (reason === 'Required') return 'required';
  if (reason.startsWith('must be at least')) return 'too_short';
  return null;
}

/** The sentence a person reads for a server's field issue (never the validator's English). */
export function fieldIssueText(issue: ShownIssue, translate: Translate = t): string {
  const specific = specificReasonKey(issue.reason);
  if (specific) return translate(specific);
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
      return translate('text_field_rule');
  }
}

/**
 * The sentence of a client-side zod check (the contract's schemas carry English reasons such as
 * 'Required' or 'six digits', or none): read as the same rules as the server's issues.
 */
export function zodIssueText(issue: z.core.$ZodRawIssue): string {
  const limitOf = (value: unknown) =>
    typeof value === 'number' || typeof value === 'bigint' ? Number(value) : undefined;
  switch (issue.code) {
    case 'too_small': {
      const limit = limitOf(issue.minimum);
      if (issue.origin === 'string' || issue.origin === 'array') {
        return limit === undefined || limit <= 1 ? t('text_field_required') : t('rule_too_short', { limit });
      }
      return limit === undefined ? t('rule_too_small_plain') : t('rule_too_small', { limit });
    }
    case 'too_big': {
      const limit = limitOf(issue.maximum);
      if (issue.origin === 'string' || issue.origin === 'array') {
        return limit === undefined ? t('text_too_long') : t('rule_too_long', { limit });
      }
      return limit === undefined ? t('rule_too_big_plain') : t('rule_too_big', { limit });
    }
    case 'invalid_type':
      return issue.input === undefined || issue.input === null || issue.input === ''
        ? t('text_field_required')
        : t('text_field_rule');
    case 'invalid_format':
      return t('rule_invalid_format');
    case 'invalid_value':
      return t('text_field_required');
    default:
      return t('text_field_rule');
  }
}

/** A zod issue's message as shown: the contract's own English reasons read as our sentences. */
export function shownZodMessage(message: string): string {
  if (hasText(message)) return t(message);
  const specific = specificReasonKey(message);
  if (specific) return t(specific);
  if (message === 'Required') return t('text_field_required');
  const atLeast = /^at least (\d+) characters$/.exec(message);
  if (atLeast) return t('rule_too_short', { limit: Number(atLeast[1]) });
  // The contract's own rule words ('letters, digits, _ . -', 'YYYY-MM-DD') name the rule best.
  return message.length > 0 ? t('shell_field_rule_reason', { reason: message }) : t('text_field_rule');
}

let isConfigured = false;

/** zod's fallback texts (checks that name no message) become our sentences; once. */
export function installZodTexts(): void {
  if (isConfigured) return;
  isConfigured = true;
  z.config({ customError: zodIssueText });
}
