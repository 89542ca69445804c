import { z } from 'zod';
import { defineCall } from '../define.ts';
import {
  agreementFields,
  altchaPayloadSchema,
  captchaFields,
  countryDialingCodeSchema,
  mobileFields,
  requiredText,
  smsSentSchema,
  text,
} from './fields.ts';
import { deviceIdSchema, sessionGrantSchema } from './session.ts';

/** Opening an account: by username or by mobile number and SMS code, with an agent's affiliate code. */

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
  /** This browser's device id (deviceIdSchema), for the duplicate-account signal. */
  deviceId: deviceIdSchema.optional(),
  ...agreementFields,
});
export type RegisterBody = z.input<typeof registerBodySchema>;

export const registerValueSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  /** Present when `login` was true. */
  session: sessionGrantSchema.nullable(),
});

export const registerCalls = {
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
};
