import { ApiError } from '@khela/contract';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { z } from 'zod';
import { i18n } from '../i18n/i18n.ts';
import { errorTextKey, fieldIssueText } from './api-errors.ts';

/**
 * Client rules of the password and contact forms (spec 5), mirroring the server's. Every message is a
 * text key: the forms show `t(error.message)` under the field.
 */
export const minPasswordLength = 8;

export const requiredText = z.string().trim().min(1, 'text_field_required');

/** Forgot by email: the username rule is letters and digits. */
export const usernameText = requiredText
  .max(64, 'text_too_long')
  .regex(/^[A-Za-z0-9]+$/, 'text_username_letters_digits');

export const emailText = requiredText.max(254, 'text_too_long').pipe(z.email('text_email_invalid'));

/** Digits, spaces and dashes as typed; six to fifteen digits in all. */
export const mobileText = requiredText.refine((value) => /^[0-9 -]+$/.test(value) && isMobileLike(value), {
  message: 'err_invalid_phone',
});

export function isMobileLike(value: string): boolean {
  const digits = value.replace(/[ -]/g, '');
  return /^[0-9]{6,15}$/.test(digits);
}

export const dialingCodeText = z.string().regex(/^\+?[0-9]{1,4}$/, 'text_field_required');

export const sixDigits = z
  .string()
  .trim()
  .regex(/^[0-9]{6}$/, 'text_code_six_digits');

export const newPasswordText = z
  .string()
  .min(1, 'text_field_required')
  .min(minPasswordLength, 'text_password_min_length')
  .max(128, 'text_too_long')
  .regex(/^\S+$/, 'text_password_no_spaces');

/**
 * Puts the server's field issues under the form's fields: the error's own text when it names the
 * problem (WRONG_PASSWORD, MOBILE_TAKEN, TWO_FACTOR_INVALID…), else the sentence of the issue's rule
 * with its limit (fieldIssueText), translated now: a limit cannot ride in a bare text key. Forms
 * that show `t(message)` get the sentence back unchanged (no such key). Answers true when one
 * landed, so the caller can skip the general alert.
 */
export function applyIssueKeys<Values extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<Values>,
  fields: readonly Path<Values>[],
  /** The page's translator; the app's own when not given. */
  translate?: (key: string, options?: Record<string, unknown>) => string,
): boolean {
  if (!(error instanceof ApiError)) return false;
  const tr = translate ?? ((key: string, options?: Record<string, unknown>) => i18n.t(key, options));
  let applied = false;
  for (const issue of error.issues) {
    const field = fields.find((name) => name === issue.field);
    if (!field) continue;
    const message = error.code === 'VALIDATION_FAILED' ? fieldIssueText(issue, tr) : tr(errorTextKey(error));
    setError(field, { type: 'server', message }, { shouldFocus: !applied });
    applied = true;
  }
  return applied;
}
