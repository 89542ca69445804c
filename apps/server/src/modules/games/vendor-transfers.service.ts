import { createHash } from 'node:crypto';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { WalletTransferBody, WalletTransferValue } from '@khela/contract';
import type { Env } from '../../config/env.ts';
import type { Database } from '../../db/database.ts';
import { violatedUniqueConstraint } from '../../db/pg-errors.ts';
import { AppError } from '../../http/app-error.ts';
import { accountNamesOf } from '../accounts/member.service.ts';
import { memberVendorAddress, memberWalletAddress, systemAddress } from '../ledger/ledger.addresses.ts';
import { parseAmountField } from '../ledger/ledger.errors.ts';
import {
  getOrOpenMemberWallet,
  listMemberAccounts,
  openSystemAccounts,
  postEntry,
} from '../ledger/ledger.service.ts';
import { formatAmount } from '../ledger/money.ts';
import type { SiteSettings } from '../settings/settings.schema.ts';
import { walletChanged } from '../wallet/wallet.events.ts';
import { vendorConnections, vendorTransfers, type VendorTransferStatus } from './games.tables.ts';
import { callTransferApi, type TransferConnection, type TransferResult } from './vendor-transfer-client.ts';

/**
 * Game wallets of transfer-mode vendors (spec 2 transferFund, GCS_walletTransfer).
 *
 * The books: the member's `member:<id>:vendor:<code>` sub-wallet holds what the platform knows to
 * be at the vendor. `in` moves money main → sub-wallet in one entry when the transfer is made, then
 * asks the vendor to credit its wallet; `out` asks the vendor first and moves sub-wallet → main once
 * it said yes. Each vendor answer carries its wallet's balance right after the transfer: the game
 * results played since the last transfer (the difference to the sub-wallet) are booked then, as a
 * bet (sub-wallet → house) or a win (house → sub-wallet). Transfers of one member and vendor never
 * overlap (one pending at a time), so that difference is exact.
 *
 * A vendor that does not answer leaves the transfer `pending`: the same call (same transfer id,
 * which the vendor is idempotent by) is sent again by a job until a definite answer comes. Money
 * is never booked back on a mere time-out: an `in` whose answer was lost may well have been
 * credited at the vendor.
 */

type Money = Pick<SiteSettings, 'currency' | 'currencyPrecision'>;
type TransferEnv = Pick<Env, 'VENDOR_TIMEOUT_MS'> & Partial<Pick<Env, 'PORT'>>;

export interface TransferContext {
  db: Database;
  env: TransferEnv;
  money: Money;
}

type TransferRow = typeof vendorTransfers.$inferSelect;

interface GameVendor extends TransferConnection {
  name: string;
}

/**
 * The enabled transfer-mode vendors with games in the lobby (a vendor not synced yet has nothing to
 * play, so no wallet to fill), each named by its first lobby vendor.
 */
export async function transferVendors(db: Database): Promise<GameVendor[]> {
  const rows = await db
    .select({
      vendorCode: vendorConnections.vendorCode,
      apiBaseUrl: vendorConnections.apiBaseUrl,
      walletSecret: vendorConnections.walletSecret,
      // Spelled out with table names: drizzle writes bare column names inside a select list.
      name: sql<string | null>`(select gv.display_name from game_vendors gv
        where gv.vendor_code = vendor_connections.vendor_code and gv.enabled
        order by gv.sort_order, gv.vassalage limit 1)`,
    })
    .from(vendorConnections)
    .where(and(eq(vendorConnections.enabled, true), eq(vendorConnections.walletMode, 'transfer')))
    .orderBy(asc(vendorConnections.vendorCode));
  return rows.flatMap(({ name, ...row }) => (name === null ? [] : [{ ...row, name }]));
}

async function findTransferVendor(db: Database, vendorCode: string): Promise<GameVendor> {
  const vendor = (await transferVendors(db)).find((candidate) => candidate.vendorCode === vendorCode);
  if (!vendor) {
    throw new AppError('NOT_FOUND', {
      issues: [{ field: 'vendorCode', reason: 'no such game wallet' }],
    });
  }
  return vendor;
}

/** The platform's transfer id: the same member request always names the same transfer. */
function transferIdOf(memberId: number, requestId: string): string {
  const digest = createHash('sha256').update(`${memberId}:${requestId}`).digest('base64url');
  return `vt-${memberId}-${digest.slice(0, 32)}`;
}

function bookedBalances(accounts: Awaited<ReturnType<typeof listMemberAccounts>>, currency: string) {
  const byAddress = new Map(
    accounts.filter((account) => account.currency === currency).map((a) => [a.address, a.balance ?? 0n]),
  );
  return (address: string) => byAddress.get(address) ?? 0n;
}

/** The member's main wallet and every game wallet, its balance read from the vendor now. */
export async function listGameWallets(context: TransferContext, memberId: number) {
  const { db, money } = context;
  const vendors = await transferVendors(db);
  const booked = bookedBalances(await listMemberAccounts(db, { memberId }), money.currency);
  const pending = new Set(
    (
      await db
        .select({ vendorCode: vendorTransfers.vendorCode })
        .from(vendorTransfers)
        .where(and(eq(vendorTransfers.memberId, memberId), eq(vendorTransfers.status, 'pending')))
    ).map((row) => row.vendorCode),
  );
  const wallets = await Promise.all(
    vendors.map(async (vendor) => {
      const live = await callTransferApi(
        vendor,
        'balance',
        { playerId: String(memberId), currency: money.currency },
        { port: context.env.PORT, timeoutMs: Math.min(context.env.VENDOR_TIMEOUT_MS, 3_000) },
      );
      return {
        vendorCode: vendor.vendorCode,
        name: vendor.name,
        balance:
          live.kind === 'ok' ? formatAmount(BigInt(live.value.balance), money.currencyPrecision) : null,
        booked: formatAmount(
          booked(memberVendorAddress(memberId, vendor.vendorCode)),
          money.currencyPrecision,
        ),
        pending: pending.has(vendor.vendorCode),
      };
    }),
  );
  return {
    main: formatAmount(booked(memberWalletAddress(memberId, 'main')), money.currencyPrecision),
    currency: money.currency,
    wallets,
  };
}

/**
 * Books a definite vendor answer on a pending transfer, once (the row moves out of `pending` in the
 * same transaction, so the request and the retry job can never both book it):
 * - ok: the game results since the last transfer, then for `out` the money back to main;
 * - refused: for `in` the money back to main (the vendor took nothing); for `out` nothing moved.
 */
async function settleTransfer(
  context: TransferContext,
  row: TransferRow,
  answer: Exclude<TransferResult<{ balance: number }>, { kind: 'unknown' }>,
  /** Runs in the settling transaction once the row left `pending` (the operator's audit). */
  onSettled?: (tx: Database, settled: TransferRow) => Promise<void>,
): Promise<TransferRow | null> {
  const { db, money } = context;
  const sub = memberVendorAddress(row.memberId, row.vendorCode);
  const main = memberWalletAddress(row.memberId, 'main');
  const house = systemAddress('house', row.currency);
  const settled = await db.transaction(async (tx) => {
    const status: VendorTransferStatus = answer.kind === 'ok' ? 'done' : 'failed';
    const [claimed] = await tx
      .update(vendorTransfers)
      .set({
        status,
        doneAt: new Date(),
        lastError: null,
        ...(answer.kind === 'ok'
          ? { vendorBalanceAfter: BigInt(answer.value.balance) }
          : { failureCode: answer.code.slice(0, 64) }),
      })
      .where(and(eq(vendorTransfers.id, row.id), eq(vendorTransfers.status, 'pending')))
      .returning();
    if (!claimed) return null;
    if (answer.kind === 'refused') {
      if (row.direction === 'in') {
        await postEntry(tx, {
          kind: 'transfer',
          idempotencyKey: `vendor-transfer:${row.transferId}:refused`,
          postings: [
            { address: sub, amount: -row.amount },
            { address: main, amount: row.amount },
          ],
          metadata: { vendor: row.vendorCode, transferId: row.transferId, reason: answer.code },
        });
      }
      await onSettled?.(tx, claimed);
      return claimed;
    }
    const wallet = await getOrOpenMemberWallet(tx, {
      memberId: row.memberId,
      kind: 'vendor',
      vendor: row.vendorCode,
      currency: row.currency,
      precision: money.currencyPrecision,
    });
    // The vendor wallet before this transfer's own move, against what the books hold.
    const vendorBalance = BigInt(answer.value.balance) + (row.direction === 'out' ? row.amount : 0n);
    const result = vendorBalance - (wallet.balance ?? 0n);
    if (result !== 0n) {
      await openSystemAccounts(tx, { currency: row.currency, precision: money.currencyPrecision });
      await postEntry(tx, {
        kind: result > 0n ? 'win' : 'bet',
        idempotencyKey: `vendor-transfer:${row.transferId}:results`,
        postings: [
          { address: sub, amount: result },
          { address: house, amount: -result },
        ],
        metadata: {
          vendor: row.vendorCode,
          transferId: row.transferId,
          reason: 'game results at the vendor',
        },
      });
    }
    if (row.direction === 'out') {
      await getOrOpenMemberWallet(tx, {
        memberId: row.memberId,
        kind: 'main',
        currency: row.currency,
        precision: money.currencyPrecision,
      });
      await postEntry(tx, {
        kind: 'transfer',
        idempotencyKey: `vendor-transfer:${row.transferId}`,
        postings: [
          { address: sub, amount: -row.amount },
          { address: main, amount: row.amount },
        ],
        metadata: { vendor: row.vendorCode, transferId: row.transferId },
      });
    }
    await onSettled?.(tx, claimed);
    return claimed;
  });
  walletChanged(db, row.memberId);
  return settled;
}

/** Sends a pending transfer's call once and books a definite answer; an unknown one is noted. */
async function driveTransfer(
  context: TransferContext,
  vendor: TransferConnection,
  row: TransferRow,
  onSettled?: (tx: Database, settled: TransferRow) => Promise<void>,
) {
  const answer = await callTransferApi(
    vendor,
    row.direction === 'in' ? 'deposit' : 'withdraw',
    {
      transactionId: row.transferId,
      playerId: String(row.memberId),
      currency: row.currency,
      amount: Number(row.amount),
    },
    { port: context.env.PORT, timeoutMs: context.env.VENDOR_TIMEOUT_MS },
  );
  if (answer.kind === 'unknown') {
    await context.db
      .update(vendorTransfers)
      .set({ lastError: answer.reason.slice(0, 500) })
      .where(eq(vendorTransfers.id, row.id));
    // A replay whose call went unanswered while the first request's call settled it answers what
    // the row says now (done or failed), not the pending it read before its call.
    return reread(context.db, row.id);
  }
  return (await settleTransfer(context, row, answer, onSettled)) ?? (await reread(context.db, row.id));
}

async function reread(db: Database, id: number): Promise<TransferRow> {
  const [row] = await db.select().from(vendorTransfers).where(eq(vendorTransfers.id, id));
  if (!row) throw new Error(`vendor transfer ${id} vanished`);
  return row;
}

/**
 * Makes one transfer (or finds the one this request id made before) and drives it as far as the
 * vendor's answer allows. `in` refuses at once when the main wallet is short (INSUFFICIENT_FUNDS).
 */
async function transfer(
  context: TransferContext,
  options: {
    memberId: number;
    vendor: GameVendor;
    direction: 'in' | 'out';
    amount: bigint;
    requestId: string;
  },
): Promise<TransferRow> {
  const { db, money } = context;
  const { memberId, vendor, direction, amount, requestId } = options;
  const [earlier] = await db
    .select()
    .from(vendorTransfers)
    .where(and(eq(vendorTransfers.memberId, memberId), eq(vendorTransfers.requestId, requestId)));
  if (earlier) {
    if (
      earlier.vendorCode !== vendor.vendorCode ||
      earlier.direction !== direction ||
      earlier.amount !== amount
    ) {
      throw new AppError('IDEMPOTENCY_MISMATCH', { detail: 'this request id was used for another transfer' });
    }
    return earlier.status === 'pending' ? driveTransfer(context, vendor, earlier) : earlier;
  }
  const transferId = transferIdOf(memberId, requestId);
  let row: TransferRow;
  try {
    row = await db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(vendorTransfers)
        .values({
          transferId,
          memberId,
          vendorCode: vendor.vendorCode,
          direction,
          amount,
          currency: money.currency,
          requestId,
          // The job leaves it to this request for half a minute.
          nextAttemptAt: sql`now() + interval '30 seconds'`,
        })
        .returning();
      if (!inserted) throw new Error('vendor transfer not stored');
      if (direction === 'in') {
        const main = await getOrOpenMemberWallet(tx, {
          memberId,
          kind: 'main',
          currency: money.currency,
          precision: money.currencyPrecision,
        });
        const sub = await getOrOpenMemberWallet(tx, {
          memberId,
          kind: 'vendor',
          vendor: vendor.vendorCode,
          currency: money.currency,
          precision: money.currencyPrecision,
        });
        await postEntry(tx, {
          kind: 'transfer',
          idempotencyKey: `vendor-transfer:${transferId}`,
          postings: [
            { address: main.address, amount: -amount },
            { address: sub.address, amount },
          ],
          metadata: { vendor: vendor.vendorCode, transferId },
        });
      }
      return inserted;
    });
  } catch (error) {
    const constraint = violatedUniqueConstraint(error);
    if (!constraint) throw error;
    // The same request twice at once: the other one made it, and PostgreSQL may report it on any
    // of the unique indexes the row meets first (the transfer id is derived from the request id).
    // Answer as a replay would; only a different request may be TRANSFER_IN_PROGRESS.
    const [concurrent] = await db
      .select({ id: vendorTransfers.id })
      .from(vendorTransfers)
      .where(and(eq(vendorTransfers.memberId, memberId), eq(vendorTransfers.requestId, requestId)));
    if (concurrent) return transfer(context, options);
    if (constraint === 'vendor_transfers_one_pending') throw new AppError('TRANSFER_IN_PROGRESS');
    throw error;
  }
  if (direction === 'in') walletChanged(db, memberId);
  return driveTransfer(context, vendor, row);
}

function outcomeOf(row: TransferRow, precision: number): WalletTransferValue['transfers'][number] {
  return {
    vendorCode: row.vendorCode,
    direction: row.direction,
    amount: formatAmount(row.amount, precision),
    status: row.status,
    code: row.status === 'failed' ? row.failureCode : null,
  };
}

/** GCS_walletTransfer: in, out, or recall all. */
export async function walletTransfer(
  context: TransferContext,
  memberId: number,
  body: WalletTransferBody,
): Promise<WalletTransferValue> {
  const { db, money } = context;
  const precision = money.currencyPrecision;
  const transfers: WalletTransferValue['transfers'] = [];
  if (body.direction === 'recall') {
    for (const vendor of await transferVendors(db)) {
      const live = await callTransferApi(
        vendor,
        'balance',
        { playerId: String(memberId), currency: money.currency },
        { port: context.env.PORT, timeoutMs: context.env.VENDOR_TIMEOUT_MS },
      );
      if (live.kind !== 'ok') {
        transfers.push({
          vendorCode: vendor.vendorCode,
          direction: 'out',
          amount: formatAmount(0n, precision),
          status: 'failed',
          code: live.kind === 'refused' ? live.code : 'VENDOR_UNAVAILABLE',
        });
        continue;
      }
      if (live.value.balance <= 0) continue;
      try {
        const row = await transfer(context, {
          memberId,
          vendor,
          direction: 'out',
          amount: BigInt(live.value.balance),
          requestId: `${body.requestId}:${vendor.vendorCode}`,
        });
        transfers.push(outcomeOf(row, precision));
      } catch (error) {
        if (!(error instanceof AppError) || error.code !== 'TRANSFER_IN_PROGRESS') throw error;
        transfers.push({
          vendorCode: vendor.vendorCode,
          direction: 'out',
          amount: formatAmount(BigInt(live.value.balance), precision),
          status: 'failed',
          code: 'TRANSFER_IN_PROGRESS',
        });
      }
    }
  } else {
    const vendor = await findTransferVendor(db, body.vendorCode);
    const amount = parseAmountField(body.amount, { field: 'amount', precision });
    const row = await transfer(context, {
      memberId,
      vendor,
      direction: body.direction,
      amount,
      requestId: body.requestId,
    });
    // A vendor's definite no to an `out` is the member's error (nothing moved); anything else reports.
    if (row.status === 'failed' && row.direction === 'out' && row.failureCode === 'INSUFFICIENT_FUNDS') {
      throw new AppError('INSUFFICIENT_FUNDS', { detail: 'the game wallet holds less' });
    }
    transfers.push(outcomeOf(row, precision));
  }
  const accounts = await listMemberAccounts(db, { memberId });
  return {
    transfers,
    main: formatAmount(
      bookedBalances(accounts, money.currency)(memberWalletAddress(memberId, 'main')),
      precision,
    ),
    currency: money.currency,
  };
}

/**
 * One pass of the retry job: pending transfers whose time has come are leased (next attempt pushed
 * back, doubling up to 5 minutes) and their call sent once more. No lock is held while a vendor is
 * called (an in-process vendor on PGlite needs the same connection to answer).
 */
export async function runPendingTransfers(context: TransferContext, options: { limit?: number } = {}) {
  const { db } = context;
  const due = db
    .select({ id: vendorTransfers.id })
    .from(vendorTransfers)
    .where(and(eq(vendorTransfers.status, 'pending'), lte(vendorTransfers.nextAttemptAt, sql`now()`)))
    .orderBy(vendorTransfers.id)
    .limit(options.limit ?? 20)
    .for('update', { skipLocked: true });
  const leased = await db
    .update(vendorTransfers)
    .set({
      attempts: sql`${vendorTransfers.attempts} + 1`,
      nextAttemptAt: sql`now() + make_interval(secs => least(300, power(2, ${vendorTransfers.attempts})::int * 15))`,
    })
    .where(inArray(vendorTransfers.id, due))
    .returning();
  if (leased.length === 0) return 0;
  const vendors = new Map(
    (
      await db
        .select({
          vendorCode: vendorConnections.vendorCode,
          apiBaseUrl: vendorConnections.apiBaseUrl,
          walletSecret: vendorConnections.walletSecret,
        })
        .from(vendorConnections)
    ).map((vendor) => [vendor.vendorCode, vendor]),
  );
  let settled = 0;
  for (const row of leased) {
    const vendor = vendors.get(row.vendorCode);
    if (!vendor) continue;
    const after = await driveTransfer(context, vendor, row);
    if (after.status !== 'pending') settled += 1;
  }
  return settled;
}

/** The operator's list: transfers in one status, oldest first (a stuck one is at the top). */
export async function listVendorTransfers(
  db: Database,
  money: Money,
  query: { status: VendorTransferStatus; limit: number },
) {
  const transfers = await db
    .select()
    .from(vendorTransfers)
    .where(eq(vendorTransfers.status, query.status))
    .orderBy(asc(vendorTransfers.id))
    .limit(query.limit);
  // The names come from the accounts module; a transfer whose member is gone is left out, as the
  // join this replaces left it out.
  const names = await accountNamesOf(
    db,
    transfers.map((transfer) => transfer.memberId),
  );
  return transfers.flatMap((transfer) => {
    const username = names.get(transfer.memberId);
    return username === undefined ? [] : [{ ...listedTransfer(transfer, money), username }];
  });
}

/**
 * The operator's "settle now" on a pending transfer: the same call goes to the vendor once more
 * (the vendor answers a repeated transaction id with its first result: that is the status check),
 * and a definite answer is booked as the retry job would: done (ok), or refunded to the main
 * wallet (refused `in`). No answer leaves it pending (lastError says why). `onSettled` runs in the
 * settling transaction (the back office's audit).
 */
export async function settleTransferNow(
  context: TransferContext,
  transferId: string,
  onSettled: (tx: Database, before: TransferRow, after: TransferRow) => Promise<void>,
) {
  const { db, money } = context;
  const [row] = await db.select().from(vendorTransfers).where(eq(vendorTransfers.transferId, transferId));
  if (!row)
    throw new AppError('NOT_FOUND', { issues: [{ field: 'transferId', reason: 'no such transfer' }] });
  if (row.status !== 'pending') {
    throw new AppError('CONFLICT', { issues: [{ field: 'transferId', reason: `already ${row.status}` }] });
  }
  const [vendor] = await db
    .select({
      vendorCode: vendorConnections.vendorCode,
      apiBaseUrl: vendorConnections.apiBaseUrl,
      walletSecret: vendorConnections.walletSecret,
    })
    .from(vendorConnections)
    .where(eq(vendorConnections.vendorCode, row.vendorCode));
  if (!vendor)
    throw new AppError('CONFLICT', { issues: [{ field: 'transferId', reason: 'vendor not connected' }] });
  await db
    .update(vendorTransfers)
    .set({ attempts: sql`${vendorTransfers.attempts} + 1` })
    .where(eq(vendorTransfers.id, row.id));
  const after = await driveTransfer(context, vendor, row, (tx, settled) => onSettled(tx, row, settled));
  const names = await accountNamesOf(db, [after.memberId]);
  return { ...listedTransfer(after, money), username: names.get(after.memberId) ?? '' };
}

/** A transfer as the audit trail keeps it. */
export function transferState(row: TransferRow, money: Money) {
  return { ...listedTransfer(row, money), memberId: row.memberId };
}

function listedTransfer(transfer: typeof vendorTransfers.$inferSelect, money: Money) {
  return {
    transferId: transfer.transferId,
    vendorCode: transfer.vendorCode,
    direction: transfer.direction,
    amount: formatAmount(transfer.amount, money.currencyPrecision),
    currency: transfer.currency,
    status: transfer.status,
    failureCode: transfer.failureCode,
    attempts: transfer.attempts,
    lastError: transfer.lastError,
    createdAt: transfer.createdAt.getTime(),
    doneAt: transfer.doneAt?.getTime() ?? null,
  };
}
