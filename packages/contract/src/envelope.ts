import { z } from 'zod';
import { errorCodes } from './errors.ts';

/**
 * Every answer is `{ success, code?, message?, value? }` (DESIGN.md, API conventions).
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

export const fieldIssueSchema = z.object({ field: z.string(), reason: z.string() });

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
