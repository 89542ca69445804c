import { z } from 'zod';
import { defineCall } from '../define.ts';
import {
  altchaPayloadSchema,
  captchaFields,
  countryDialingCodeSchema,
  mobileFields,
  mobileNumSchema,
  okSchema,
  requiredText,
  smsSentSchema,
  text,
  verificationCodeSchema,
} from './fields.ts';

/** Logging in and out: the human checks before a login, the login itself, its second step and SMS codes. */

/**
 * The known-device token a successful login gave this browser for the account (kept in
 * localStorage, never the password): failures from it count apart, so others cannot lock it out.
 */
export const deviceTokenSchema = z
  .string()
  .max(43)
  .regex(/^[A-Za-z0-9_-]{43}$/, 'malformed');

/**
 * This browser's device id: one random id per browser (localStorage `deviceId`, 128 bits in
 * base64url), whoever logs in there, sent with registration and login. The server keeps only its
 * SHA-256, per account, for the duplicate-account signal `same_device` (docs/promotions.md
 * "Referral"); it proves nothing and opens nothing.
 */
export const deviceIdSchema = z
  .string()
  .max(64)
  .regex(/^[A-Za-z0-9_-]{16,64}$/, 'malformed');

export const usernameLogin = z.object({
  type: z.literal('username'),
  username: requiredText(64),
  password: z.string().min(1, 'Required').max(128),
  ...captchaFields,
  altcha: altchaPayloadSchema,
  deviceToken: deviceTokenSchema.optional(),
  deviceId: deviceIdSchema.optional(),
});
const smsLogin = z.object({
  type: z.literal('sms'),
  mobileNum: mobileNumSchema,
  countryDialingCode: countryDialingCodeSchema,
  verificationCode: verificationCodeSchema,
  deviceId: deviceIdSchema.optional(),
});
export const loginBodySchema = z.discriminatedUnion('type', [usernameLogin, smsLogin]);
export type LoginBody = z.input<typeof loginBodySchema>;

/** A finished login: the session token and what the web does next (spec 4). */
export const sessionGrantSchema = z.object({
  twoFactorRequired: z.literal(false),
  token: z.string(),
  /** The first-login action runs (POST /wps/member/firstLogin). */
  firstTimeLogin: z.boolean(),
  /** The change-password dialog opens (expired, or set by the operator such as '123456'). */
  passwordExpired: z.boolean(),
  username: z.string(),
  /** The account type: 0 player, 1/2/41/42 agents, 4 trial (session storage `isAgent`). */
  isAgent: z.number().int(),
  /** Idle timeout of the session in minutes. */
  idleMinutes: z.number().int(),
  /** This browser's known-device token for the account (absent for trial accounts). */
  deviceToken: deviceTokenSchema.optional(),
});
export type SessionGrant = z.infer<typeof sessionGrantSchema>;

/** Password right, but the account has a second step: send a TOTP code with this challenge id. */
export const twoFactorPendingSchema = z.object({
  twoFactorRequired: z.literal(true),
  challengeId: z.string(),
  expiresInSeconds: z.number().int(),
});
export const loginValueSchema = z.discriminatedUnion('twoFactorRequired', [
  sessionGrantSchema,
  twoFactorPendingSchema,
]);
export type LoginValue = z.infer<typeof loginValueSchema>;

export const captchaValueSchema = z.object({
  captchaId: z.string(),
  /** data:image/png;base64,… (spec: base64 png), 272 × 88 pixels, shown at 136 × 44 CSS pixels. */
  image: z.string(),
  expiresInSeconds: z.number().int(),
});

/** The ALTCHA v2 challenge, as altcha-lib creates it; solve it and send the payload back. */
export const humanChallengeSchema = z.object({
  parameters: z.object({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
    keySignature: z.string().optional(),
    expiresAt: z.number().optional(),
    data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
  }),
  signature: z.string().optional(),
});

export const publicKeySchema = z.object({
  /** Changes when the server key changes: re-import the key when it does. */
  keyId: z.string(),
  /** RSA public key, SubjectPublicKeyInfo DER, base64: `crypto.subtle.importKey('spki', …)`. */
  spki: z.string(),
  algorithm: z.literal('RSA-OAEP-256+A256GCM'),
});

export const sessionCalls = {
  publicKey: defineCall({
    id: 'systemPublicKey',
    method: 'GET',
    path: '/wps/system/publicKey',
    auth: 'public',
    encrypted: false,
    summary: 'The RSA public key that seals the bodies of encrypted calls',
    tag: 'accounts',
    value: publicKeySchema,
  }),
  humanChallenge: defineCall({
    id: 'humanChallenge',
    method: 'GET',
    path: '/wps/verification/challenge',
    auth: 'public',
    encrypted: false,
    summary: 'An ALTCHA proof-of-work challenge (human verification before login and registration)',
    tag: 'accounts',
    value: humanChallengeSchema,
  }),
  captcha: defineCall({
    id: 'captcha',
    method: 'GET',
    path: '/wps/captcha',
    auth: 'public',
    encrypted: false,
    summary: 'A new image captcha; answer it with captchaId + captcha (single use, expires)',
    tag: 'accounts',
    value: captchaValueSchema,
  }),
  login: defineCall({
    id: 'login',
    method: 'POST',
    path: '/wps/session/login',
    auth: 'public',
    encrypted: true,
    summary: 'Log in by username and password (after ALTCHA) or by mobile number and SMS code',
    tag: 'accounts',
    body: loginBodySchema,
    value: loginValueSchema,
  }),
  loginTwoFactor: defineCall({
    id: 'loginTwoFactor',
    method: 'POST',
    path: '/wps/session/login/2fa',
    auth: 'public',
    encrypted: true,
    summary: 'Second step of a login: a TOTP code or a recovery code for the challenge',
    tag: 'accounts',
    body: z
      .object({
        challengeId: requiredText(64),
        code: text(6)
          .regex(/^[0-9]{6}$/, 'six digits')
          .optional(),
        recoveryCode: text(32).optional(),
        /** This browser's device id, recorded when the session opens (as the first step's). */
        deviceId: deviceIdSchema.optional(),
      })
      .refine((body) => Boolean(body.code) !== Boolean(body.recoveryCode), {
        message: 'Give either code or recoveryCode',
        path: ['code'],
      }),
    value: sessionGrantSchema,
  }),
  freePlay: defineCall({
    id: 'loginFreePlay',
    method: 'POST',
    path: '/wps/session/login/freeplay',
    auth: 'public',
    encrypted: false,
    summary: 'Create a trial account (type 4, demo funds) and log it in',
    tag: 'accounts',
    body: z
      .object({
        os: text(32).optional(),
        platform: text(8).optional(),
        gatewayVersion: z.union([z.string().max(8), z.number().min(0).max(1_000_000)]).optional(),
      })
      .optional(),
    value: sessionGrantSchema,
  }),
  logout: defineCall({
    id: 'logout',
    method: 'DELETE',
    path: '/wps/session/logout',
    auth: 'member',
    encrypted: false,
    summary: 'End every session of the account',
    tag: 'accounts',
    value: okSchema,
  }),
  smsNoLogin: defineCall({
    id: 'smsNoLogin',
    method: 'POST',
    path: '/wps/verification/sms/noLogin',
    auth: 'public',
    encrypted: false,
    summary: 'Send an SMS code to a registered number, for SMS login or a password reset by phone',
    tag: 'accounts',
    body: z.object({
      ...mobileFields,
      purpose: z.enum(['login', 'resetPassword']).default('login'),
      altcha: altchaPayloadSchema,
    }),
    value: smsSentSchema,
  }),
};
