import {
  vendorErrorCatalogue,
  type CreditRequest,
  type DebitRequest,
  type RollbackRequest,
} from '@khela/contract';
import { isTransactionConflict, isUniqueViolation, pgErrorOf } from '../../db/pg-errors.ts';
import { runPrepared } from '../../db/prepared.ts';
import { walletChanged } from '../wallet/wallet.events.ts';
import { vendorRequestHash, type VendorReply } from './vendor-wallet.replies.ts';
import type { VendorCall } from './vendor-wallet.sessions.ts';

/**
 * Debit, credit and rollback: each is ONE call of the SQL function `vendor_money_call`
 * (apps/server/drizzle/0014_vendor_money_call.sql, last redefined in 0028), so a money call costs one round trip to
 * PostgreSQL: the round lock, the replay check, the session, the guarded wallet update, the journal
 * entry, the round and transaction rows and the session slide run in one statement, in one
 * transaction, and the function answers the protocol's reply.
 */

/** The contract's error catalogue as the function reads it (code → status and description). */
const errorCatalogue = JSON.stringify(vendorErrorCatalogue);

/** One statement, prepared once per connection on PostgreSQL (db/prepared.ts); the bench sends it too. */
export const moneyCallText = `select vendor_money_call($1, $2, $3::bigint, $4, $5, $6, $7::bigint, $8::boolean,
  $9::jsonb, $10, $11, $12::integer, $13::jsonb) as result`;

/**
 * SQLSTATEs of a race lost inside the function: KL101, a concurrent call took the round or the id
 * first; KL001, a concurrent bet spent the stake between the function's check and the ledger's
 * guarded update. Run again, the call answers from the other call's row or refuses the stake.
 */
const racesLost = new Set(['KL101', 'KL001']);

/** A race lost on our unique keys, a deadlock or a serialisation failure: run the call again. */
function isRetryable(error: unknown): boolean {
  if (racesLost.has(pgErrorOf(error)?.code ?? '')) return true;
  if (isTransactionConflict(error)) return true;
  return (
    isUniqueViolation(error, 'vendor_transactions_key') ||
    isUniqueViolation(error, 'game_rounds_vendor_round_key')
  );
}

interface MoneyCallResult extends VendorReply {
  /** The member whose wallet moved, for the live balance push. */
  movedMemberId?: number;
}

interface MoneyCallArguments {
  action: 'debit' | 'credit' | 'rollback';
  sessionId: string;
  transactionId: string;
  roundId: string;
  gameCode?: string | undefined;
  amount?: number | undefined;
  final?: boolean | undefined;
  detail?: Record<string, unknown> | undefined;
  referenceTransactionId?: string | undefined;
}

async function moneyCall(
  { db, env, vendorCode }: Omit<VendorCall<unknown>, 'request'>,
  call: MoneyCallArguments,
  request: DebitRequest | CreditRequest | RollbackRequest,
): Promise<VendorReply> {
  const requestHash = vendorRequestHash(call.action, request);
  const detail = call.detail === undefined ? null : JSON.stringify(call.detail);
  for (let attempt = 1; ; attempt += 1) {
    try {
      const values = [
        call.action,
        vendorCode,
        call.sessionId,
        call.transactionId,
        call.roundId,
        call.gameCode ?? null,
        call.amount ?? null,
        call.final ?? null,
        detail,
        call.referenceTransactionId ?? null,
        requestHash,
        env.GAME_SESSION_IDLE_MINUTES,
        errorCatalogue,
      ];
      const [row] = await runPrepared<{ result: MoneyCallResult }>(
        db,
        'vendor_money_call',
        moneyCallText,
        values,
      );
      if (!row) throw new Error('vendor_money_call returned no row');
      const { status, body, movedMemberId } = row.result;
      if (movedMemberId !== undefined) walletChanged(db, movedMemberId);
      return { status, body };
    } catch (error) {
      if (attempt >= 10 || !isRetryable(error)) throw error;
    }
  }
}

/** A bet: the wallet pays the round (opened by its first debit). */
export function debit({ request, ...context }: VendorCall<DebitRequest>): Promise<VendorReply> {
  return moneyCall(context, { action: 'debit', ...request }, request);
}

/** A win (or a zero credit that only settles): the round pays the wallet that bet in it. */
export function credit({ request, ...context }: VendorCall<CreditRequest>): Promise<VendorReply> {
  return moneyCall(context, { action: 'credit', ...request }, request);
}

/** A rollback undoes one debit of an open round (a reversing entry). */
export function rollback({ request, ...context }: VendorCall<RollbackRequest>): Promise<VendorReply> {
  return moneyCall(context, { action: 'rollback', ...request }, request);
}
