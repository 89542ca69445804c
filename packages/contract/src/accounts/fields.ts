import { z } from 'zod';

/** Fields and small schemas shared by the account flows (spec 2 Dialogs, 3, 4, 5, 6, 7 Login group). */

/** Account types (spec 6, 9). 1, 2, 41 and 42 are agent kinds whose meaning the spec does not give. */
export const accountTypes = {
  /** A player. */
  member: 0,
  agent1: 1,
  agent2: 2,
  /** Free-play trial account: demo funds, refused member actions (in_need_true_account). */
  trial: 4,
  agent41: 41,
  agent42: 42,
} as const;
export const agentTypes: readonly number[] = [1, 2, 41, 42];
export function isAgentType(type: number): boolean {
  return agentTypes.includes(type);
}

export const text = (max: number) => z.string().trim().max(max);

/**
 * What a new account confirms at registration (issue 42 item 4, spec 5 "age confirmation 18 or 21
 * by variant", "terms agreement required"): that its holder is at least the brand's minimum age,
 * and the version of the terms it accepted, both as the registration settings gave them. The server
 * refuses a registration without both, or with a version that is no longer current.
 */
export const agreementFields = {
  ageConfirmed: z.boolean().optional(),
  termsVersion: text(32).optional(),
};
export const requiredText = (max: number) => z.string().trim().min(1, 'Required').max(max);

/**
 * The ALTCHA proof-of-work answer: base64 of the JSON `{ challenge, solution }` (what the ALTCHA
 * widget puts in its hidden field). Every challenge is single use.
 */
export const altchaPayloadSchema = z
  .string()
  .min(1, 'Required')
  .max(8192)
  .describe('base64 of JSON { challenge, solution } from GET /wps/verification/challenge');

export const mobileNumSchema = z
  .string()
  .trim()
  .min(1, 'Required')
  .max(20)
  .regex(/^[0-9 -]+$/, 'digits only');
export const countryDialingCodeSchema = z
  .string()
  .trim()
  .max(5)
  .regex(/^\+?[0-9]{1,4}$/, 'like +880')
  .default('+880');
/** Six digits (spec 9 allows up to 255 characters in the field; ours are always six digits). */
export const verificationCodeSchema = z.string().trim().min(1, 'Required').max(255);
/** New login passwords: the registration rule (settings) plus ≥ 8 and not a common password. */
export const newPasswordSchema = z.string().min(1, 'Required').max(128);

export const captchaFields = {
  /** The characters shown in the captcha image, when the captcha is asked for. */
  captcha: text(16).optional(),
  /** The `captchaId` from GET /wps/captcha. */
  captchaId: text(64).optional(),
};

export const smsSentSchema = z.object({
  /** The code lives this long; the web counts down expiredMinutes × 60 s. */
  expiredMinutes: z.number().int(),
});

export const mobileFields = {
  mobileNum: mobileNumSchema,
  countryDialingCode: countryDialingCodeSchema,
};

export const okSchema = z.object({ done: z.literal(true) });
