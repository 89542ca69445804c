import { bigint, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { auditHead } from '../../db/columns.ts';

/**
 * Every operator action on a wallet: who, when, what, and the balance before and after (minor
 * units). Written in the same transaction as the journal entry it describes; append-only.
 */
export const walletAudit = pgTable(
  'wallet_audit',
  {
    ...auditHead(),
    memberId: integer('member_id').notNull(),
    entryId: bigint('entry_id', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    before: bigint('before', { mode: 'bigint' }).notNull(),
    after: bigint('after', { mode: 'bigint' }).notNull(),
    reason: text('reason').notNull(),
    requestId: text('request_id'),
  },
  (table) => [index('wallet_audit_member_idx').on(table.memberId, table.at)],
);
