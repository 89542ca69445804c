import { bigint, bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Operators' notes on a member (issue 15, players and agents): who wrote what and when. Kept; the
 * back office adds notes, it does not edit or delete them (each addition is in the audit trail too).
 */
export const memberNotes = pgTable(
  'member_notes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberId: bigint('member_id', { mode: 'number' }).notNull(),
    operatorId: bigint('operator_id', { mode: 'number' }),
    /** The operator's account name at the time. */
    operator: text('operator').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('member_notes_member_idx').on(table.memberId, table.id)],
);
