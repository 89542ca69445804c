import { ApiError } from '@khela/contract';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { z } from 'zod';

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

/** Server reasons of 400 VALIDATION_FAILED field issues, as text keys. */
function reasonTextKey(reason: string): string {
  if (reason === 'Required') return 'text_field_required';
  if (reason === 'too common') return 'text_password_too_common';
  if (reason.startsWith('must differ from the username')) return 'text_password_same_as_username';
  if (reason.startsWith('must differ from the old')) return 'text_password_same_as_old';
  if (reason.startsWith('must match')) return 'text_password_mismatch';
  if (reason.startsWith('must be at least')) return 'text_password_min_length';
  if (reason === 'six digits') return 'text_code_six_digits';
  return 'text_field_rule';
}

/**
 * Puts the server's field issues under the form's fields, as text keys: the error's own text when
 * it names the problem (WRONG_PASSWORD, MOBILE_TAKEN, TWO_FACTOR_INVALID…), else the issue's
 * reason. Answers true when one landed, so the caller can skip the general alert.
 */
export function applyIssueKeys<Values extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<Values>,
  fields: readonly Path<Values>[],
  /** For forms that keep shown texts (not keys) as their errors: translate before setting. */
  translate?: (key: string) => string,
): boolean {
  if (!(error instanceof ApiError)) return false;
  let applied = false;
  for (const issue of error.issues) {
    const field = fields.find((name) => name === issue.field);
    if (!field) continue;
    const key = error.code === 'VALIDATION_FAILED' ? reasonTextKey(issue.reason) : error.message;
    setError(field, { type: 'server', message: translate ? translate(key) : key }, { shouldFocus: !applied });
    applied = true;
  }
  return applied;
}
