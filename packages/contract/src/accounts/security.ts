import { z } from 'zod';
import { defineCall } from '../define.ts';
import {
  countryDialingCodeSchema,
  mobileFields,
  mobileNumSchema,
  okSchema,
  smsSentSchema,
  text,
} from './fields.ts';

/** What guards an account: the second step (TOTP), the contact details and the payment password. */

export const securityCalls = {
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
};
