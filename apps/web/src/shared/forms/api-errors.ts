import { ApiError, type FieldIssue, type IssueRule } from '@khela/contract';
import { i18n } from '../i18n/i18n.ts';
import { installZodTexts } from './zod-texts.ts';

// Every form reaches this module (directly or through form-rules): its zod checks speak our texts.
installZodTexts();

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * The text key of a failed call (the server's `message`), or the network/unknown text. A key this
 * catalogue does not know (a newer server's code) becomes the generic sentence, never the raw key.
 */
export function errorTextKey(error: unknown): string {
  if (error instanceof ApiError && i18n.exists(error.message)) return error.message;
  return 'err_unknown';
}

/** A field issue as the server sends it: `rule` and `limit` are there when the server knows them. */
// A newer server may send a rule word this web does not know yet: it reads as the generic sentence.
export type ShownIssue = Omit<FieldIssue, 'rule'> & { rule?: IssueRule | (string & {}); limit?: number };

/**
 * Reasons that carry a meaning of their own beyond their rule (the password rules, a taken name).
 * The reason is matched here and never shown: it is English, for logs and API users.
 */
function specificReasonKey(reason: string): string | null {
  if (reason === 'too common') return 'text_password_too_common';
  if (reason.startsWith('must differ from the username')) return 'text_password_same_as_username';
  if (reason.startsWith('must differ from the old')) return 'text_password_same_as_old';
  if (reason.startsWith('must match')) return 'text_password_mismatch';
  if (reason === 'six digits') return 'text_code_six_digits';
  if (reason === 'not a valid mobile number') return 'err_invalid_phone';
  return null;
}

/** Reasons of servers that do not send `rule` yet (zod's and ours), read as a rule. */
function ruleOfReason(reason: string): IssueRule | null {
  if (reason === 'Required') return 'required';
  if (reason.startsWith('must be at least')) return 'too_short';
  return null;
}

/**
 * The sentence a person reads for a server's field issue, in the page's language, with the limit
 * put in where the rule has one (spec 5: errors under each field; a person never sees validator
 * text). An unknown rule reads as the generic "does not meet the rules".
 */
export function fieldIssueText(issue: ShownIssue, t: Translate): string {
  return knownIssueText(issue, t) ?? t('text_field_rule');
}

/** The sentence of a reason with a meaning of its own (a password rule…); null for any other. */
export function specificIssueText(issue: ShownIssue, t: Translate): string | null {
  const key = specificReasonKey(issue.reason);
  return key ? t(key) : null;
}

/** The issue's rule says only that the text's shape is wrong (a form may know the rule better). */
export function isShapeIssue(issue: ShownIssue): boolean {
  return (
    issue.rule === undefined ||
    issue.rule === 'invalid' ||
    issue.rule === 'invalid_characters' ||
    issue.rule === 'invalid_format'
  );
}

/** The sentence of an issue whose reason or rule this app knows; null for any other. */
export function knownIssueText(issue: ShownIssue, t: Translate): string | null {
  const specific = specificIssueText(issue, t);
  if (specific) return specific;
  const rule = issue.rule ?? ruleOfReason(issue.reason);
  const limit = issue.limit;
  const hasLimit = typeof limit === 'number' && Number.isFinite(limit);
  switch (rule) {
    case 'required':
      return t('text_field_required');
    case 'too_short':
      return hasLimit ? t('rule_too_short', { limit }) : t('rule_too_short_plain');
    case 'too_long':
      return hasLimit ? t('rule_too_long', { limit }) : t('text_too_long');
    case 'too_small':
      return hasLimit ? t('rule_too_small', { limit }) : t('rule_too_small_plain');
    case 'too_big':
      return hasLimit ? t('rule_too_big', { limit }) : t('rule_too_big_plain');
    case 'invalid_characters':
      return t('rule_invalid_characters');
    case 'invalid_format':
      return t('rule_invalid_format');
    default:
      return null;
  }
}
