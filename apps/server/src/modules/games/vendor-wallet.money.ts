import {
  vendorErrorCatalogue,
  type CreditRequest,
  type DebitRequest,
  type RollbackRequest,
} from '@khela/contract';
import { isTransactionConflict, isUniqueViolation, pgErrorOf } from '../../db/pg-errors.ts';
import type { Database } from '../../db/database.ts';
import { createCallBatcher, type CallBatcher } from '../../db/call-batcher.ts';
import { preparedRunnerOf, runPrepared, type PreparedRunner } from '../../db/prepared.ts';
import { walletChanged } from '../wallet/wallet.events.ts';
import { vendorRequestHash, type VendorReply } from './vendor-wallet.replies.ts';
import type { VendorCall } from './vendor-wallet.sessions.ts';

/**
 * Debit, credit and rollback: each is ONE call of the SQL function `vendor_money_call`
 * (apps/server/drizzle/0014_vendor_money_call.sql, last redefined in 0029), so a money call costs one round trip to
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
 * Several money calls in one statement and one transaction (db/call-batcher.ts: group commit).
 * Each row of the arrays is one call, in the same order and types as moneyCallText's first twelve
 * parameters; the function runs once per row, in the rows' order, each call seeing the ones before
 * it (a repeated transaction id in one batch answers as a replay).
 */
export const moneyBatchText = `select c.n::integer as n,
  vendor_money_call(c.action, c.vendor_code, c.session_id, c.transaction_id, c.round_id, c.game_code,
    c.amount, c.final, c.detail, c.reference_transaction_id, c.request_hash, c.idle_minutes, $13::jsonb) as result
  from unnest($1::text[], $2::text[], $3::bigint[], $4::text[], $5::text[], $6::text[], $7::bigint[],
    $8::boolean[], $9::jsonb[], $10::text[], $11::text[], $12::integer[])
    with ordinality as c(action, vendor_code, session_id, transaction_id, round_id, game_code, amount,
      final, detail, reference_transaction_id, request_hash, idle_minutes, n)`;

/** How the server groups money calls on PostgreSQL (env MONEY_BATCH_CONCURRENCY, MONEY_BATCH_SIZE). */
export interface MoneyBatching {
  concurrency: number;
  maxBatch: number;
}

/** A money call's twelve own parameters (moneyCallText's $1 … $12), built by moneyCallValues. */
export type MoneyCallValues = readonly unknown[];

/** The parameters of one money call, in moneyCallText's order (the bench builds them here too). */
export function moneyCallValues(call: {
  action: 'debit' | 'credit' | 'rollback';
  vendorCode: string;
  sessionId: string;
  transactionId: string;
  roundId: string;
  gameCode?: string | null | undefined;
  amount?: number | null | undefined;
  final?: boolean | null | undefined;
  /** The vendor's detail as JSON text. */
  detail?: string | null | undefined;
  referenceTransactionId?: string | null | undefined;
  requestHash: string;
  idleMinutes: number;
}): MoneyCallValues {
  return [
    call.action,
    call.vendorCode,
    call.sessionId,
    call.transactionId,
    call.roundId,
    call.gameCode ?? null,
    call.amount ?? null,
    call.final ?? null,
    call.detail ?? null,
    call.referenceTransactionId ?? null,
    call.requestHash,
    call.idleMinutes,
  ];
}

function resultOf(rows: { result: MoneyCallResult }[]): MoneyCallResult {
  const [row] = rows;
  if (!row) throw new Error('vendor_money_call returned no row');
  return row.result;
}

/**
 * Money calls on a node-postgres connection pool, grouped (db/call-batcher.ts): alone as the named
 * statement moneyCallText, several as moneyBatchText in one transaction.
 */
export function createMoneyCallBatcher(
  runner: PreparedRunner,
  batching: MoneyBatching,
): CallBatcher<MoneyCallValues, MoneyCallResult> {
  return createCallBatcher<MoneyCallValues, MoneyCallResult>({
    ...batching,
    runOne: async (values) =>
      resultOf(await runner('vendor_money_call', moneyCallText, [...values, errorCatalogue])),
    runMany: async (calls) => {
      // Rows in the order of their session (the wallet's lock): two batches holding calls of the
      // same players lock them in the same order and wait for each other instead of deadlocking.
      const order = calls
        .map((_, index) => index)
        .sort((left, right) => String(calls[left]![2]).localeCompare(String(calls[right]![2])));
      const columns = Array.from({ length: 12 }, (_, column) => order.map((index) => calls[index]![column]));
      const rows = await runner<{ n: number; result: MoneyCallResult }>(
        'vendor_money_calls',
        moneyBatchText,
        [...columns, errorCatalogue],
      );
      const results = new Array<MoneyCallResult>(calls.length);
      for (const row of rows) results[order[row.n - 1]!] = row.result;
      return results;
    },
  });
}

const batchers = new WeakMap<Database, CallBatcher<MoneyCallValues, MoneyCallResult>>();

/**
 * The database's money-call batcher: only on the node-postgres pool (a prepared runner). PGlite runs
 * one statement at a time in this process, and a transaction object has no runner: both send each
 * call alone.
 */
function batcherOf(
  db: Database,
  batching: MoneyBatching,
): CallBatcher<MoneyCallValues, MoneyCallResult> | null {
  const known = batchers.get(db);
  if (known) return known;
  const runner = preparedRunnerOf(db);
  if (!runner) return null;
  const batcher = createMoneyCallBatcher(runner, batching);
  batchers.set(db, batcher);
  return batcher;
}

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

export interface MoneyCallResult extends VendorReply {
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
      const values = moneyCallValues({
        ...call,
        vendorCode,
        detail,
        requestHash,
        idleMinutes: env.GAME_SESSION_IDLE_MINUTES,
      });
      const batcher = batcherOf(db, {
        concurrency: env.MONEY_BATCH_CONCURRENCY ?? 1,
        maxBatch: env.MONEY_BATCH_SIZE ?? 16,
      });
      const { status, body, movedMemberId } = batcher
        ? await batcher.run(values)
        : await runAlone(db, values);
      if (movedMemberId !== undefined) walletChanged(db, movedMemberId);
      return { status, body };
    } catch (error) {
      if (attempt >= 10 || !isRetryable(error)) throw error;
    }
  }
}

async function runAlone(db: Database, values: MoneyCallValues): Promise<MoneyCallResult> {
  return resultOf(await runPrepared(db, 'vendor_money_call', moneyCallText, [...values, errorCatalogue]));
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
