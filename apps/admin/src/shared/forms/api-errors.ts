import { ApiError } from '@khela/contract';
import {
  ruleIssueText,
  specificReasonKey,
  zodIssueText as sharedZodIssueText,
  type ShownIssue,
} from '@khela/contract/form-kit';
import { z } from 'zod';
import { hasText, t, type Translate } from '../i18n/i18n.ts';

/**
 * Failures and field issues as sentences over the back office's own catalogue: the rules are the
 * contract's form kit (@khela/contract/form-kit), shared with the member site, whose own kit is
 * bound to its text store and catalogue chunks.
 */

export type { ShownIssue };

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

/** The sentence a person reads for a server's field issue (never the validator's English). */
export function fieldIssueText(issue: ShownIssue, translate: Translate = t): string {
  const specific = specificReasonKey(issue.reason);
  if (specific) return translate(specific);
  return ruleIssueText(issue, translate) ?? translate('text_field_rule');
}

/**
 * The sentence of a client-side zod check (the contract's schemas carry English reasons such as
 * 'Required' or 'six digits', or none): read as the same rules as the server's issues.
 */
export function zodIssueText(issue: z.core.$ZodRawIssue): string {
  return issue.code === 'invalid_value' ? t('text_field_required') : sharedZodIssueText(issue, t);
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
