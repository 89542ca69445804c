import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The operators' audit trail (issue 15): every operator action and every refused attempt, with
 * who, when, from where, what and the state before and after. Append-only: a trigger refuses
 * UPDATE, DELETE and TRUNCATE (migration 0021), so not even the application can rewrite history.
 */
export const operatorAudit = pgTable(
  'operator_audit',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    operatorId: bigint('operator_id', { mode: 'number' }),
    /** The account name at the time (kept even if the operator is renamed). */
    operator: text('operator').notNull(),
    role: text('role'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    requestId: text('request_id'),
    /** The call's id (operatorWithdrawalDecide) or a named change (banner.update). */
    action: text('action').notNull(),
    targetKind: text('target_kind'),
    targetId: text('target_id'),
    outcome: text('outcome', { enum: ['ok', 'refused', 'failed'] }).notNull(),
    errorCode: text('error_code'),
    reason: text('reason'),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (table) => [
    index('operator_audit_at_idx').on(table.at),
    index('operator_audit_operator_idx').on(sql`lower(${table.operator})`, table.id),
    index('operator_audit_target_idx').on(table.targetKind, table.targetId, table.id),
  ],
);
