import { ApiError } from '@khela/contract';
import {
  ruleIssueText,
  specificReasonKey as sharedSpecificReasonKey,
  type ShownIssue,
} from '@khela/contract/form-kit';
import type { Translate } from '@khela/contract/client-kit';
import { i18n } from '../i18n/i18n.ts';
import { installZodTexts } from './zod-texts.ts';

// Every form reaches this module (directly or through form-rules): its zod checks speak our texts.
installZodTexts();

/**
 * The text key of a failed call (the server's `message`), or the network/unknown text. A key this
 * catalogue does not know (a newer server's code) becomes the generic sentence, never the raw key.
 */
export function errorTextKey(error: unknown): string {
  if (error instanceof ApiError && error.code === 'WRONG_PASSWORD' && attemptsLeftOf(error) !== null) {
    // A sentence (a count cannot ride in a bare key); t() reads it back unchanged.
    return wrongPasswordText(error, (key, options) => i18n.t(key, options));
  }
  if (error instanceof ApiError && i18n.exists(error.message)) return error.message;
  return 'err_unknown';
}

/** The tries a secret has left before it locks (the server's `value.attemptsLeft`), or null. */
export function attemptsLeftOf(error: unknown): number | null {
  if (!(error instanceof ApiError) || typeof error.value !== 'object' || error.value === null) return null;
  const left = (error.value as { attemptsLeft?: unknown }).attemptsLeft;
  return typeof left === 'number' && Number.isInteger(left) && left >= 0 ? left : null;
}

/**
 * A wrong password or payment password, saying how many tries are left before it locks for 30
 * minutes when the server says so (docs/accounts.md "Secrets asked again in a session").
 */
export function wrongPasswordText(error: unknown, t: Translate): string {
  const left = attemptsLeftOf(error);
  return left === null ? t('err_wrong_password') : t('err_wrong_password_tries', { count: left });
}

export type { ShownIssue };

/** The contract's reasons with a meaning of their own, and the member site's phone rule. */
function specificReasonKey(reason: string): string | null {
  if (reason === 'not a valid mobile number') return 'err_invalid_phone';
  return sharedSpecificReasonKey(reason);
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
  return ruleIssueText(issue, t);
}
