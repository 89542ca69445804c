import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { VendorAction } from '@khela/contract';
import type { Database } from '../../db/database.ts';
import { runOnce } from '../../shared/idempotency.ts';
import { rowsOf } from '../ledger/ledger.service.ts';
import { vendorTransactions } from './games.tables.ts';
import { vendorError, type VendorReply } from './vendor-wallet.replies.ts';

/**
 * The vendor's transaction ids (`vendor_transactions`): each debit, credit and rollback is kept
 * under the unique (vendor_code, transaction_id) with its request hash and the answer given, so a
 * replay answers again and moves nothing (shared/idempotency.ts runOnce).
 */

export type StoredTransaction = typeof vendorTransactions.$inferSelect;

/** Stands in the request hash of a debit id reserved by a rollback that came before its debit. */
export const TOMBSTONE = 'tombstone';

/** What a money call did: its answer and the work left for after its transaction. */
export interface Outcome {
  reply: VendorReply;
  /** The member whose wallet moved (for the live balance push), when money moved. */
  movedMemberId?: number;
  /** The live session to slide. */
  touchSessionId?: number;
}

export async function findTransaction(
  tx: Database,
  vendorCode: string,
  transactionId: string,
): Promise<StoredTransaction | null> {
  const [row] = await tx
    .select()
    .from(vendorTransactions)
    .where(
      and(eq(vendorTransactions.vendorCode, vendorCode), eq(vendorTransactions.transactionId, transactionId)),
    );
  return row ?? null;
}

/** The answer to another body under a stored transaction id (DUPLICATE_TRANSACTION, but see the tombstone). */
function conflictOf(stored: StoredTransaction, action: VendorAction): VendorReply {
  if (stored.requestHash === TOMBSTONE) {
    // The id was reserved by a rollback that arrived first: only a debit may carry it.
    return action === 'debit'
      ? { status: stored.status, body: stored.response }
      : vendorError('DUPLICATE_TRANSACTION', 'this transaction id belongs to a rolled-back debit');
  }
  return vendorError('DUPLICATE_TRANSACTION', 'this transaction id was used with another body');
}

/**
 * Runs a money call once per transaction id: a stored call with the same body answers its stored
 * reply, another body is refused (DUPLICATE_TRANSACTION), else `run`. `isStored: false` skips the
 * lookup when the caller's locking read already saw that the id is free.
 */
export function answerOnce(
  tx: Database,
  call: {
    vendorCode: string;
    transactionId: string;
    action: VendorAction;
    requestHash: string;
    isStored?: boolean;
  },
  run: () => Promise<Outcome>,
): Promise<Outcome> {
  return runOnce({
    requestHash: call.requestHash,
    find: async () =>
      call.isStored === false ? null : findTransaction(tx, call.vendorCode, call.transactionId),
    replay: (stored) => ({ reply: { status: stored.status, body: stored.response } }),
    conflict: (stored) => ({ reply: conflictOf(stored, call.action) }),
    run,
  });
}

export interface Remember {
  vendorCode: string;
  transactionId: string;
  kind: 'debit' | 'credit' | 'rollback';
  roundId: string;
  memberId: number;
  amount: bigint;
  referenceTransactionId?: string;
  requestHash: string;
  entryId?: number | null;
}

/** Stores the answer of a transaction id (accepted or finally refused) and returns it. */
export async function remember(tx: Database, fields: Remember, reply: VendorReply): Promise<VendorReply> {
  await tx.insert(vendorTransactions).values({
    vendorCode: fields.vendorCode,
    transactionId: fields.transactionId,
    kind: fields.kind,
    roundId: fields.roundId,
    memberId: fields.memberId,
    amount: fields.amount,
    referenceTransactionId: fields.referenceTransactionId ?? null,
    requestHash: fields.requestHash,
    entryId: fields.entryId ?? null,
    status: reply.status,
    response: reply.body,
  });
  return reply;
}

/** The round changed between our read and our write (a race we lost): the call runs again. */
export class RoundRaceLost extends Error {
  constructor() {
    super('the round changed under this call');
    this.name = 'RoundRaceLost';
  }
}

export interface AcceptedFields {
  vendorCode: string;
  transactionId: string;
  kind: 'debit' | 'credit';
  roundId: string;
  memberId: number;
  amount: bigint;
  requestHash: string;
  entryId: number | null;
  reply: VendorReply;
}

/**
 * An accepted debit's or credit's writes in one statement: `roundWrite` (which answers the round's
 * id) and the transaction remembered from its row. When `roundWrite` answers nothing, nothing is
 * written and the call runs again (RoundRaceLost).
 */
export async function recordAccepted(tx: Database, fields: AcceptedFields, roundWrite: SQL): Promise<void> {
  const written = rowsOf<{ id: string }>(
    await tx.execute(sql`
      with round as (${roundWrite})
      insert into vendor_transactions
        (vendor_code, transaction_id, kind, round_id, member_id, amount, request_hash, entry_id, status, response)
      select ${fields.vendorCode}, ${fields.transactionId}, ${fields.kind}, ${fields.roundId}, ${fields.memberId},
             ${fields.amount.toString()}::bigint, ${fields.requestHash}, ${fields.entryId}::bigint,
             ${fields.reply.status}, ${JSON.stringify(fields.reply.body)}::jsonb
        from round
      returning id::text as id`),
  );
  if (written.length === 0) throw new RoundRaceLost();
}
