import { z } from 'zod';
import { errorCodes } from './errors.ts';

/**
 * Every answer is `{ success, code?, message?, value? }` (docs/design.md, API conventions).
 * `success: true` carries `value`; `success: false` carries a catalogue `code` and a text key.
 */
export function okEnvelope<T extends z.ZodType>(value: T) {
  return z.object({
    success: z.literal(true),
    code: z.string().optional(),
    message: z.string().optional(),
    value,
  });
}

/**
 * Why a field was refused, as a stable machine word the web turns into a translated sentence
 * (`reason` is English for logs and API users; a person never sees it). `limit` is the bound that
 * was crossed (a length for strings, a value for numbers) where there is one.
 */
export const issueRules = [
  'required',
  'too_short',
  'too_long',
  'too_small',
  'too_big',
  'invalid_characters',
  'invalid_format',
  'invalid',
] as const;
export type IssueRule = (typeof issueRules)[number];

export const fieldIssueSchema = z.object({
  field: z.string(),
  reason: z.string(),
  rule: z.enum(issueRules).optional(),
  limit: z.number().optional(),
});

export const errorEnvelopeSchema = z.object({
  success: z.literal(false),
  code: z.enum(errorCodes as [string, ...string[]]),
  message: z.string(),
  value: z
    .object({
      issues: z.array(fieldIssueSchema).optional(),
    })
    .catchall(z.unknown())
    .optional(),
});

export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;
export type OkEnvelope<T> = { success: true; code?: string; message?: string; value: T };
