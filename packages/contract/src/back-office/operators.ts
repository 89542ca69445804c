import { z } from 'zod';
import { defineCall } from '../define.ts';
import { newPasswordSchema, requiredText, text } from '../accounts/fields.ts';
import { passwordChangeBodySchema } from '../accounts/password.ts';
import { operatorPermissions, operatorRoles } from './roles.ts';

/**
 * The back office's own accounts (issue 15): who the operator is, the first-login steps every
 * operator goes through (a new password, then the second step, which is required for operators),
 * the operators list the owner manages, and the audit trail.
 */

const sixDigits = z
  .string()
  .max(6)
  .regex(/^[0-9]{6}$/, 'six digits');

/** A calendar day, YYYY-MM-DD (UTC in the back office). */
export const isoDay = z
  .string()
  .max(10)
  .regex(/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/, 'YYYY-MM-DD')
  .refine((day) => {
    const time = Date.parse(`${day}T00:00:00Z`);
    return !Number.isNaN(time) && new Date(time).toISOString().startsWith(day);
  }, 'not a calendar day');

export const operatorRoleSchema = z.enum(operatorRoles);
export const operatorPermissionSchema = z.enum(operatorPermissions);

/** A reason an operator gives for an action on someone (kept in the audit trail). */
export const operatorReasonSchema = requiredText(500);

export const operatorSelfSchema = z.object({
  id: z.number().int(),
  account: z.string(),
  nickname: z.string(),
  role: operatorRoleSchema,
  permissions: z.array(operatorPermissionSchema),
  /** The login's password must change first (a new operator's first login, or reset by the owner). */
  passwordChangeRequired: z.boolean(),
  /** The second step is not on yet: the session may only enrol it (setup, confirm). */
  twoFactorSetupRequired: z.boolean(),
  idleMinutes: z.number().int(),
});
export type OperatorSelf = z.infer<typeof operatorSelfSchema>;

export const operatorSummarySchema = z.object({
  id: z.number().int(),
  account: z.string(),
  nickname: z.string(),
  role: operatorRoleSchema,
  status: z.enum(['active', 'disabled']),
  twoFactorOn: z.boolean(),
  lastLoginAt: z.number().nullable(),
  createdAt: z.number(),
});
export type OperatorSummary = z.infer<typeof operatorSummarySchema>;

export const auditOutcomes = ['ok', 'refused', 'failed'] as const;

export const operatorAuditEntrySchema = z.object({
  id: z.number().int(),
  at: z.number(),
  operatorId: z.number().int().nullable(),
  operator: z.string(),
  role: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** The call's id (operatorWithdrawalDecide) or a named change (banner.update). */
  action: z.string(),
  targetKind: z.string().nullable(),
  targetId: z.string().nullable(),
  outcome: z.enum(auditOutcomes),
  /** The refusal's or failure's error code. */
  errorCode: z.string().nullable(),
  reason: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
});
export type OperatorAuditEntry = z.infer<typeof operatorAuditEntrySchema>;

const operatorAccountSchema = z
  .string()
  .trim()
  .min(3, 'at least 3 characters')
  .max(32)
  .regex(/^[A-Za-z0-9_.-]+$/, 'letters, digits, _ . -');

export const operatorCalls = {
  operatorMe: defineCall({
    id: 'operatorMe',
    method: 'GET',
    path: '/api/operator/me',
    auth: 'operator',
    encrypted: false,
    summary: 'The operator of this session: role, permissions, and the first-login steps still due',
    tag: 'operator',
    value: operatorSelfSchema,
  }),
  operatorLogout: defineCall({
    id: 'operatorLogout',
    method: 'POST',
    path: '/api/operator/session/logout',
    auth: 'operator',
    encrypted: false,
    summary: "End this operator's session",
    tag: 'operator',
    value: z.object({ ok: z.literal(true) }),
  }),
  operatorChangePassword: defineCall({
    id: 'operatorChangePassword',
    method: 'POST',
    path: '/api/operator/session/password',
    auth: 'operator',
    encrypted: true,
    summary: "Change the operator's password; ends every session and answers a new token for this one",
    tag: 'operator',
    body: passwordChangeBodySchema,
    value: z.object({ token: z.string() }),
  }),
  operatorTwoFactorSetup: defineCall({
    id: 'operatorTwoFactorSetup',
    method: 'POST',
    path: '/api/operator/2fa/setup',
    auth: 'operator',
    encrypted: false,
    summary: 'Start the operator’s TOTP enrolment: a new secret, its otpauth URL and QR code',
    tag: 'operator',
    value: z.object({ secret: z.string(), otpauthUrl: z.string(), qrCode: z.string() }),
  }),
  operatorTwoFactorConfirm: defineCall({
    id: 'operatorTwoFactorConfirm',
    method: 'POST',
    path: '/api/operator/2fa/confirm',
    auth: 'operator',
    encrypted: false,
    summary:
      'Confirm the TOTP enrolment with a code: answers the recovery codes once and a new token whose session may use the back office',
    tag: 'operator',
    body: z.object({ code: sixDigits }),
    value: z.object({ recoveryCodes: z.array(z.string()), token: z.string() }),
  }),
  operatorList: defineCall({
    id: 'operatorList',
    method: 'GET',
    path: '/api/operator/operators',
    auth: 'operator',
    encrypted: false,
    summary: 'Every operator account with its role, status and second step',
    tag: 'operator',
    value: z.array(operatorSummarySchema),
  }),
  operatorCreate: defineCall({
    id: 'operatorCreate',
    method: 'POST',
    path: '/api/operator/operators/create',
    auth: 'operator',
    encrypted: true,
    summary:
      'Create an operator with a role and a first password (changed at the first login, then the second step is enrolled)',
    tag: 'operator',
    body: z.object({
      account: operatorAccountSchema,
      nickname: requiredText(32),
      role: operatorRoleSchema,
      password: newPasswordSchema,
    }),
    value: operatorSummarySchema,
  }),
  operatorUpdate: defineCall({
    id: 'operatorUpdate',
    method: 'POST',
    path: '/api/operator/operators/update',
    auth: 'operator',
    encrypted: false,
    summary:
      "Change an operator's role or status (disabling ends their sessions); an owner cannot demote or disable themselves",
    tag: 'operator',
    body: z.object({
      account: requiredText(64),
      role: operatorRoleSchema.optional(),
      status: z.enum(['active', 'disabled']).optional(),
      reason: operatorReasonSchema,
    }),
    value: operatorSummarySchema,
  }),
  operatorResetAccess: defineCall({
    id: 'operatorResetAccess',
    method: 'POST',
    path: '/api/operator/operators/reset',
    auth: 'operator',
    encrypted: true,
    summary:
      "Reset an operator's access (a lost phone): a new first password, the second step off until enrolled again, every session ended",
    tag: 'operator',
    body: z.object({ account: requiredText(64), password: newPasswordSchema, reason: operatorReasonSchema }),
    value: operatorSummarySchema,
  }),
  operatorAudit: defineCall({
    id: 'operatorAudit',
    method: 'GET',
    path: '/api/operator/audit',
    auth: 'operator',
    encrypted: false,
    summary:
      'The audit trail, newest first: every operator action and refusal with who, when, from where, before and after',
    tag: 'operator',
    query: z.object({
      /** Words found in the action, target, reason or operator. */
      q: text(100).optional(),
      operator: text(64).optional(),
      outcome: z.enum(auditOutcomes).optional(),
      /** Inclusive days (UTC), YYYY-MM-DD. */
      from: isoDay.optional(),
      to: isoDay.optional(),
      /** Entries older than this id (the next page). */
      before: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
      limit: z.coerce.number().int().min(1).max(500).default(50),
    }),
    value: z.object({ entries: z.array(operatorAuditEntrySchema), next: z.number().int().nullable() }),
  }),
};

export const operatorOwnCallIds = [
  'operatorMe',
  'operatorLogout',
  'operatorChangePassword',
  'operatorTwoFactorSetup',
  'operatorTwoFactorConfirm',
] as const;
