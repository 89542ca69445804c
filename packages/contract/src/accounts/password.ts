import { z } from 'zod';
import { defineCall } from '../define.ts';
import { mobileFields, newPasswordSchema, requiredText, verificationCodeSchema } from './fields.ts';
import { loginValueSchema } from './session.ts';

/** The login password: changed in a session, or reset by a mailed link or by an SMS code. */

export const passwordChangeBodySchema = z.object({
  oldPassword: z.string().min(1, 'Required').max(128),
  newPassword: newPasswordSchema,
  confirmNewPassword: z.string().min(1, 'Required').max(128),
});

export const passwordCalls = {
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
};
