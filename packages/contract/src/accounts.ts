import { z } from 'zod';
import { defineCall } from './define.ts';

/**
 * Accounts and sessions (spec 2 Dialogs, 3, 4, 5, 6, 7 Login group). Calls marked `encrypted`
 * travel sealed (see `seal.ts`); their body schemas below describe the plaintext inside.
 */

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

const text = (max: number) => z.string().trim().max(max);
const requiredText = (max: number) => z.string().trim().min(1, 'Required').max(max);

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

/**
 * The known-device token a successful login gave this browser for the account (kept in
 * localStorage, never the password): failures from it count apart, so others cannot lock it out.
 */
const deviceTokenSchema = z
  .string()
  .max(43)
  .regex(/^[A-Za-z0-9_-]{43}$/, 'malformed');

const usernameLogin = z.object({
  type: z.literal('username'),
  username: requiredText(64),
  password: z.string().min(1, 'Required').max(128),
  ...captchaFields,
  altcha: altchaPayloadSchema,
  deviceToken: deviceTokenSchema.optional(),
});
const smsLogin = z.object({
  type: z.literal('sms'),
  mobileNum: mobileNumSchema,
  countryDialingCode: countryDialingCodeSchema,
  verificationCode: verificationCodeSchema,
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

export const socialProviders = ['google', 'facebook'] as const;
export const socialProviderSchema = z.enum(socialProviders);

/** A verified identity that no account has yet: link it (username + password) or open an account. */
export const socialLinkRequiredSchema = z.object({
  linkRequired: z.literal(true),
  linkTicket: z.string(),
  provider: socialProviderSchema,
  email: z.string().nullable(),
  expiresInSeconds: z.number().int(),
});
export const socialCompleteValueSchema = z.union([
  sessionGrantSchema,
  twoFactorPendingSchema,
  socialLinkRequiredSchema,
]);

export const registerBodySchema = z.object({
  username: text(64).optional(),
  password: z.string().max(128).optional(),
  /** The form's `checkPass` (must equal password). */
  confirmPassword: z.string().max(128).optional(),
  mobileNum: text(20).optional(),
  countryDialingCode: countryDialingCodeSchema,
  verificationCode: text(255).optional(),
  payeeName: text(128).optional(),
  paymentPassword: z.string().max(64).optional(),
  qqNum: text(64).optional(),
  line: text(64).optional(),
  whatsapp: text(64).optional(),
  facebook: text(128).optional(),
  wechat: text(64).optional(),
  idNumber: text(64).optional(),
  email: text(254).optional(),
  recommenderId: text(64).optional(),
  /** The upline agent's code; the web fills it from the stored code when the field is empty. */
  affiliateCode: text(64).optional(),
  referralCode: text(64).optional(),
  ...captchaFields,
  registerUrl: text(2048).optional(),
  domain: text(255).optional(),
  registerMethod: z.literal('WEB').default('WEB'),
  /** When true the answer carries a session (the web logs straight in). */
  login: z.boolean().default(true),
  altcha: altchaPayloadSchema,
});
export type RegisterBody = z.input<typeof registerBodySchema>;

export const registerValueSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  /** Present when `login` was true. */
  session: sessionGrantSchema.nullable(),
});

export const smsSentSchema = z.object({
  /** The code lives this long; the web counts down expiredMinutes × 60 s. */
  expiredMinutes: z.number().int(),
});

export const memberInfoSchema = z.object({
  id: z.number().int(),
  account: z.string(),
  nickname: z.string(),
  /** 0 player, 1/2/41/42 agent kinds, 4 trial. */
  type: z.number().int(),
  isAgent: z.number().int(),
  /** The upline's account name. */
  toUpline: z.string().nullable(),
  clubLabel: z.object({ labelName: z.string(), rankLevel: z.number().int() }),
  memberLabel: z.array(z.string()),
  /** The previous login's time (ms since epoch); null on the very first login. */
  lastLoginAt: z.number().nullable(),
  /** Masked, e.g. +880******5678. */
  mobileNum: z.string().nullable(),
  email: z.string().nullable(),
  affiliateCode: z.string().nullable(),
  twoFactorEnabled: z.boolean(),
  /** Whether withdrawals and transfers can be confirmed (setPaymentPassword sets one). */
  hasPaymentPassword: z.boolean(),
  /** Trial accounts play with demo funds that can never be withdrawn or transferred. */
  demoFunds: z.boolean(),
  passwordExpired: z.boolean(),
  firstTimeLogin: z.boolean(),
});
export type MemberInfo = z.infer<typeof memberInfoSchema>;

export const avatarSchema = z.object({
  /** A self-contained image (data URL), so no avatar store is needed. */
  avatarUrl: z.string(),
});

export const passwordChangeBodySchema = z.object({
  oldPassword: z.string().min(1, 'Required').max(128),
  newPassword: newPasswordSchema,
  confirmNewPassword: z.string().min(1, 'Required').max(128),
});

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

const mobileFields = {
  mobileNum: mobileNumSchema,
  countryDialingCode: countryDialingCodeSchema,
};

const okSchema = z.object({ done: z.literal(true) });

export const accountCalls = {
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
  smsRegister: defineCall({
    id: 'smsRegister',
    method: 'POST',
    path: '/wps/verification/sms/register',
    auth: 'public',
    encrypted: false,
    summary: 'Send an SMS code to a number not yet registered, for the username or mobile registration',
    tag: 'accounts',
    body: z.object({
      regType: z.enum(['username', 'mobile']),
      ...mobileFields,
      altcha: altchaPayloadSchema,
    }),
    value: smsSentSchema,
  }),
  memberInfo: defineCall({
    id: 'memberInfo',
    method: 'GET',
    path: '/wps/member/info',
    auth: 'member',
    encrypted: false,
    summary: 'The logged-in account: id, account, nickname, type, upline, club and member labels',
    tag: 'accounts',
    value: memberInfoSchema,
  }),
  memberIcon: defineCall({
    id: 'memberIcon',
    method: 'GET',
    path: '/wps/member/info/icon',
    auth: 'member',
    encrypted: false,
    summary: "The account's icon",
    tag: 'accounts',
    value: avatarSchema,
  }),
  playerAvatar: defineCall({
    id: 'playerAvatar',
    method: 'GET',
    path: '/wps/relay/MCSFE_getPlayerAvatar',
    auth: 'member',
    encrypted: false,
    summary: "The player's avatar",
    tag: 'accounts',
    value: avatarSchema,
  }),
  firstLogin: defineCall({
    id: 'firstLogin',
    method: 'POST',
    path: '/wps/member/firstLogin',
    auth: 'member',
    encrypted: false,
    summary: 'Mark the first-login action done (firstTimeLogin becomes false)',
    tag: 'accounts',
    value: okSchema,
  }),
  register: defineCall({
    id: 'register',
    method: 'PUT',
    path: '/wps/member/register',
    auth: 'public',
    encrypted: true,
    summary: 'Register by username; fields and rules from the registration settings',
    tag: 'accounts',
    body: registerBodySchema,
    value: registerValueSchema,
  }),
  registerMobile: defineCall({
    id: 'registerMobile',
    method: 'PUT',
    path: '/wps/member/register/mobile',
    auth: 'public',
    encrypted: true,
    summary: 'Register by mobile number and SMS code',
    tag: 'accounts',
    body: registerBodySchema,
    value: registerValueSchema,
  }),
  changePassword: defineCall({
    id: 'changePassword',
    method: 'POST',
    path: '/wps/member/password',
    auth: 'realMember',
    encrypted: true,
    summary: 'Change the login password; ends every session and answers a new token for this one',
    tag: 'accounts',
    body: passwordChangeBodySchema,
    value: z.object({ token: z.string() }),
  }),
  passwordByEmail: defineCall({
    id: 'passwordByEmail',
    method: 'POST',
    path: '/wps/member/password/email',
    auth: 'public',
    encrypted: false,
    bodyKind: 'form',
    summary: 'Forgot password: mail a single-use reset link to the account email',
    tag: 'accounts',
    body: z.object({ username: requiredText(64), email: requiredText(254) }),
    value: z.object({ expiredMinutes: z.number().int() }),
  }),
  passwordResetCheck: defineCall({
    id: 'passwordResetCheck',
    method: 'POST',
    path: '/wps/member/password/reset/check',
    auth: 'public',
    encrypted: false,
    summary: 'Whether a reset link token is still usable (the reset page asks before showing the form)',
    tag: 'accounts',
    // In the body, not the query: request lines are logged, and the token is a credential.
    body: z.object({ token: requiredText(128) }),
    value: z.object({ username: z.string() }),
  }),
  passwordReset: defineCall({
    id: 'passwordReset',
    method: 'POST',
    path: '/wps/member/password/reset',
    auth: 'public',
    encrypted: true,
    summary: 'Set a new password with the token of a reset link (single use); then log in anew',
    tag: 'accounts',
    body: z.object({
      token: requiredText(128),
      newPassword: newPasswordSchema,
      confirmNewPassword: z.string().min(1, 'Required').max(128),
    }),
    value: z.object({ username: z.string() }),
  }),
  passwordByPhone: defineCall({
    id: 'passwordByPhone',
    method: 'POST',
    path: '/wps/member/password/verification',
    auth: 'public',
    encrypted: true,
    summary: 'Forgot password by phone: SMS code (purpose resetPassword) and a new password',
    tag: 'accounts',
    body: z.object({
      ...mobileFields,
      verificationCode: verificationCodeSchema,
      newPassword: newPasswordSchema,
      confirmNewPassword: z.string().max(128).optional(),
    }),
    /**
     * The new login (spec 4: auto-login after a reset by phone): a session, or the second step of a
     * two-step account; null when this site does not admit the account (it logs in elsewhere).
     */
    value: z.object({ username: z.string(), login: loginValueSchema.nullable() }),
  }),
  affiliateCheck: defineCall({
    id: 'affiliateCheck',
    method: 'GET',
    path: '/wps/agent/affiliate',
    auth: 'public',
    encrypted: false,
    summary: 'Whether an affiliate (invitation) code belongs to an active agent; failure means invalid',
    tag: 'accounts',
    query: z.object({ code: requiredText(64), domain: text(255).optional() }),
    value: z.object({ code: z.string() }),
  }),
  twoFactorSetup: defineCall({
    id: 'twoFactorSetup',
    method: 'POST',
    path: '/wps/member/2fa/setup',
    auth: 'realMember',
    encrypted: false,
    summary: 'Start TOTP enrolment: a new secret, its otpauth URL and QR code',
    tag: 'accounts',
    value: z.object({ secret: z.string(), otpauthUrl: z.string(), qrCode: z.string() }),
  }),
  twoFactorConfirm: defineCall({
    id: 'twoFactorConfirm',
    method: 'POST',
    path: '/wps/member/2fa/confirm',
    auth: 'realMember',
    encrypted: false,
    summary: 'Confirm TOTP enrolment with a code; answers the recovery codes once',
    tag: 'accounts',
    body: z.object({
      code: z
        .string()
        .max(6)
        .regex(/^[0-9]{6}$/, 'six digits'),
    }),
    value: z.object({ recoveryCodes: z.array(z.string()) }),
  }),
  twoFactorDisable: defineCall({
    id: 'twoFactorDisable',
    method: 'POST',
    path: '/wps/member/2fa/disable',
    auth: 'realMember',
    encrypted: true,
    summary: 'Turn the second step off (password and a current code)',
    tag: 'accounts',
    body: z.object({
      password: z.string().min(1, 'Required').max(128),
      code: z
        .string()
        .max(6)
        .regex(/^[0-9]{6}$/, 'six digits'),
    }),
    value: okSchema,
  }),
  smsMember: defineCall({
    id: 'smsMember',
    method: 'POST',
    path: '/wps/verification/sms/member',
    auth: 'realMember',
    encrypted: false,
    summary: 'Send an SMS code to a new number the logged-in member wants to use',
    tag: 'accounts',
    body: z.object(mobileFields),
    value: smsSentSchema,
  }),
  updateContact: defineCall({
    id: 'updateContact',
    method: 'PUT',
    path: '/wps/member/contact',
    auth: 'realMember',
    encrypted: true,
    summary:
      'Change the email or the mobile number; asks for the password again (and an SMS code for a number)',
    tag: 'accounts',
    body: z
      .object({
        password: z.string().min(1, 'Required').max(128),
        email: text(254).optional(),
        mobileNum: mobileNumSchema.optional(),
        countryDialingCode: countryDialingCodeSchema,
        verificationCode: text(255).optional(),
      })
      .refine((body) => Boolean(body.email) || Boolean(body.mobileNum), {
        message: 'Give email or mobileNum',
        path: ['email'],
      }),
    value: z.object({ mobileNum: z.string().nullable(), email: z.string().nullable() }),
  }),
  setPaymentPassword: defineCall({
    id: 'setPaymentPassword',
    method: 'POST',
    path: '/wps/member/password/payment',
    auth: 'realMember',
    encrypted: true,
    summary: 'Set or change the payment password (withdrawals, transfers); asks for the login password again',
    tag: 'accounts',
    body: z.object({
      password: z.string().min(1, 'Required').max(128),
      newPaymentPassword: z.string().min(1, 'Required').max(64),
      confirmPaymentPassword: z.string().min(1, 'Required').max(64),
    }),
    value: z.object({ hasPaymentPassword: z.literal(true) }),
  }),
  socialStart: defineCall({
    id: 'socialStart',
    method: 'POST',
    path: '/wps/social/start',
    auth: 'public',
    encrypted: false,
    summary: 'Start a social sign-in: the provider URL to open (it returns to /socialCallback)',
    tag: 'accounts',
    body: z.object({ provider: socialProviderSchema }),
    value: z.object({ authorizationUrl: z.string(), redirectUri: z.string() }),
  }),
  socialComplete: defineCall({
    id: 'socialComplete',
    method: 'POST',
    path: '/wps/social/complete',
    auth: 'public',
    encrypted: false,
    summary: 'Finish a social sign-in with the query the provider returned to /socialCallback',
    tag: 'accounts',
    body: z.object({
      /** `location.search` of the callback page, e.g. `?code=…&state=…&iss=…`. */
      callbackQuery: z.string().min(1, 'Required').max(4096),
    }),
    value: socialCompleteValueSchema,
  }),
  socialLink: defineCall({
    id: 'socialLink',
    method: 'POST',
    path: '/wps/social/link',
    auth: 'public',
    encrypted: true,
    summary: 'Link a new social identity to an existing account (its password proves it); permanent',
    tag: 'accounts',
    body: usernameLogin.omit({ type: true }).extend({ linkTicket: requiredText(128) }),
    value: loginValueSchema,
  }),
  socialRegister: defineCall({
    id: 'socialRegister',
    method: 'POST',
    path: '/wps/social/register',
    auth: 'public',
    encrypted: false,
    summary: 'Open a new account for a social identity (no password; SMS or social sign-in later)',
    tag: 'accounts',
    body: z.object({ linkTicket: requiredText(128), username: requiredText(64) }),
    value: sessionGrantSchema,
  }),
  operatorLogin: defineCall({
    id: 'operatorLogin',
    method: 'POST',
    path: '/api/operator/session/login',
    auth: 'public',
    encrypted: true,
    summary: 'Log an operator in (back office); players and agents are refused',
    tag: 'operator',
    body: usernameLogin.omit({ type: true }),
    value: loginValueSchema,
  }),
  operatorSmsOutbox: defineCall({
    id: 'operatorSmsOutbox',
    method: 'GET',
    path: '/api/operator/sms/outbox',
    auth: 'operator',
    encrypted: false,
    summary: 'The latest messages of the SMS outbox (the outbox provider, for demos and support)',
    tag: 'operator',
    query: z.object({
      mobile: text(32).optional(),
      limit: z.coerce.number().int().min(1).max(200).default(50),
    }),
    value: z.array(
      z.object({ id: z.number().int(), to: z.string(), body: z.string(), createdAt: z.number() }),
    ),
  }),
  operatorUnlockSecrets: defineCall({
    id: 'operatorUnlockSecrets',
    method: 'POST',
    path: '/api/operator/member/unlock-secrets',
    auth: 'operator',
    encrypted: false,
    summary:
      "Lift a member's payment password lock and the lock of the password asked again in a session (support)",
    tag: 'operator',
    body: z.object({ account: requiredText(64) }),
    value: z.object({
      account: z.string(),
      /** Whether each was locked before this call (both are cleared either way). */
      paymentPasswordWasLocked: z.boolean(),
      passwordWasLocked: z.boolean(),
    }),
  }),
  operatorMailOutbox: defineCall({
    id: 'operatorMailOutbox',
    method: 'GET',
    path: '/api/operator/mail/outbox',
    auth: 'operator',
    encrypted: false,
    summary: 'The latest mails of the mail outbox (the outbox provider, for demos and support)',
    tag: 'operator',
    query: z.object({
      to: text(254).optional(),
      limit: z.coerce.number().int().min(1).max(200).default(50),
    }),
    value: z.array(
      z.object({
        id: z.number().int(),
        to: z.string(),
        subject: z.string(),
        text: z.string(),
        createdAt: z.number(),
      }),
    ),
  }),
};
