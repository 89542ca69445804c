import { z } from 'zod';
import { i18n } from '../i18n/i18n.ts';

/**
 * The sentence of a client-side zod check that names no text key of its own (`.max(64)` with no
 * message): zod's built-in English ("Too big: expected string to have <=64 characters") must never
 * reach a person, and in Bengali mode least of all. Translated when the check fails; the forms show
 * `t(message)`, which gives a sentence back unchanged.
 */
export function zodIssueText(issue: z.core.$ZodRawIssue): string {
  const limitOf = (value: unknown) =>
    typeof value === 'number' || typeof value === 'bigint' ? Number(value) : undefined;
  switch (issue.code) {
    case 'too_small': {
      const limit = limitOf(issue.minimum);
      if (issue.origin === 'string' || issue.origin === 'array') {
        if (limit === undefined || limit <= 1) return i18n.t('text_field_required');
        return i18n.t('rule_too_short', { limit });
      }
      return limit === undefined ? i18n.t('rule_too_small_plain') : i18n.t('rule_too_small', { limit });
    }
    case 'too_big': {
      const limit = limitOf(issue.maximum);
      if (issue.origin === 'string' || issue.origin === 'array') {
        return limit === undefined ? i18n.t('text_too_long') : i18n.t('rule_too_long', { limit });
      }
      return limit === undefined ? i18n.t('rule_too_big_plain') : i18n.t('rule_too_big', { limit });
    }
    case 'invalid_type':
      return issue.input === undefined || issue.input === null || issue.input === ''
        ? i18n.t('text_field_required')
        : i18n.t('text_field_rule');
    case 'invalid_format':
      return i18n.t('rule_invalid_format');
    default:
      return i18n.t('text_field_rule');
  }
}

let isConfigured = false;

/** Installs zodIssueText as zod's fallback text (once; explicit messages still win). */
export function installZodTexts(): void {
  if (isConfigured) return;
  isConfigured = true;
  z.config({ customError: zodIssueText });
}
