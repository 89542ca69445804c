import { z } from 'zod';
import { defineCall } from '../define.ts';
import { agreementFields, requiredText } from './fields.ts';
import {
  deviceIdSchema,
  loginValueSchema,
  sessionGrantSchema,
  twoFactorPendingSchema,
  usernameLogin,
} from './session.ts';

/** Social sign-in (Google, Facebook): start, complete, and link or open an account for a new identity. */

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

export const socialCalls = {
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
      /** This browser's device id, recorded when a session opens. */
      deviceId: deviceIdSchema.optional(),
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
    body: z.object({
      linkTicket: requiredText(128),
      username: requiredText(64),
      /** This browser's device id, recorded for the new account (as registration's). */
      deviceId: deviceIdSchema.optional(),
      ...agreementFields,
    }),
    value: sessionGrantSchema,
  }),
};
