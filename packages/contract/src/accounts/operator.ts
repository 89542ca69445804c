import { z } from 'zod';
import { defineCall } from '../define.ts';
import { requiredText, text } from './fields.ts';
import { loginValueSchema, usernameLogin } from './session.ts';

/** The back office's account calls: operator login, the SMS and mail outboxes, unlocking secrets. */

export const operatorAccountCalls = {
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
