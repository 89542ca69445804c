import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { operatorRoles } from '@khela/contract';
import { createdAt, updatedAt } from '../../db/columns.ts';
import { sessionColumns } from './accounts.tables.ts';

export const operatorStatuses = ['active', 'disabled'] as const;

/**
 * The back office's staff (issue 34, item 7), apart from the players' `members`: an operator logs
 * in only at the back office, a member only at the member and agent sites, and neither table's
 * session opens the other's calls (operator_sessions below, authorize.ts).
 *
 * Ids come from the members' sequence (members_id_seq): an id names one account whichever table
 * it is in. So the operators moved out of `members` (migration 0031) kept their ids, and with them
 * every id stored before: the audit's operator_id, the four-eyes approvals' requester and approver,
 * the notes' author; and the second step's shared rows (recovery codes, known devices, two-step
 * challenges, keyed by an account's id) can never name a member and an operator at once.
 */
export const operators = pgTable(
  'operators',
  {
    id: bigint('id', { mode: 'number' })
      .primaryKey()
      .default(sql`nextval('members_id_seq')`),
    account: text('account').notNull(),
    nickname: text('nickname').notNull(),
    /** What the operator may do (contract back-office/roles.ts). */
    operatorRole: text('operator_role', { enum: operatorRoles }).notNull(),
    status: text('status', { enum: operatorStatuses }).notNull().default('active'),
    statusReason: text('status_reason'),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }),
    /** `scrypt$N$r$p$salt$hash`. */
    passwordHash: text('password_hash'),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when another operator chose the password (creation, reset): it changes at the next login. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /** A hold support set on the account (not set by failed logins: those lock the source only). */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** Base32 TOTP secret once enrolment is confirmed; pending until then. Required to act. */
    totpSecret: text('totp_secret'),
    totpPendingSecret: text('totp_pending_secret'),
    /** The last TOTP time step accepted: a code is never accepted twice. */
    totpLastTimeStep: integer('totp_last_time_step'),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    previousLoginAt: timestamp('previous_login_at', { withTimezone: true }),
    /** How the operator came to be: CLI, BACK_OFFICE, SEED, TEST (kept as it was by migration 0031). */
    registerMethod: text('register_method'),
    createdAt: createdAt(),
    updatedAt: updatedAt().$onUpdate(() => new Date()),
  },
  (table) => [uniqueIndex('operators_account_key').on(sql`lower(${table.account})`)],
);

/**
 * Operators' sessions: only the SHA-256 of the 256-bit token is kept, as for members, but in a
 * table of their own, so a member's token is never found by an operator check nor an operator's
 * by a member check. Idle end after at most 15 minutes (session.service.ts), absolute end as members'.
 */
export const operatorSessions = pgTable(
  'operator_sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tokenHash: text('token_hash').notNull(),
    operatorId: bigint('operator_id', { mode: 'number' })
      .notNull()
      .references(() => operators.id),
    ...sessionColumns(),
  },
  (table) => [
    uniqueIndex('operator_sessions_token_hash_key').on(table.tokenHash),
    index('operator_sessions_operator_idx').on(table.operatorId),
  ],
);
