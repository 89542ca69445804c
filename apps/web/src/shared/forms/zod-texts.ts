import { z } from 'zod';
import { zodIssueText as sharedZodIssueText } from '@khela/contract/form-kit';
import { i18n } from '../i18n/i18n.ts';

/**
 * The sentence of a client-side zod check that names no text key of its own (`.max(64)` with no
 * message): zod's built-in English ("Too big: expected string to have <=64 characters") must never
 * reach a person, and in Bengali mode least of all. Translated when the check fails; the forms show
 * `t(message)`, which gives a sentence back unchanged.
 */
export function zodIssueText(issue: z.core.$ZodRawIssue): string {
  return sharedZodIssueText(issue, (key, values) => i18n.t(key, values));
}

let isConfigured = false;

/** Installs zodIssueText as zod's fallback text (once; explicit messages still win). */
export function installZodTexts(): void {
  if (isConfigured) return;
  isConfigured = true;
  z.config({ customError: zodIssueText });
}
