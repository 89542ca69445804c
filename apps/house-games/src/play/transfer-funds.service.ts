import { eq } from 'drizzle-orm';
import type {
  TransferBalanceAnswer,
  TransferBalanceRequest,
  TransferErrorCode,
  TransferMoveAnswer,
  TransferMoveRequest,
} from '@khela/contract';
import type { HouseDatabase } from '../db/database.ts';
import { hgWallets, type HgWalletRefusal } from '../db/tables.ts';
import {
  changeBalance,
  findMove,
  inWalletTransaction,
  lockWallet,
  recordMove,
  requestHashOf,
  type WalletMove,
} from './transfer-wallet.ts';

/*
 * The transfer API's semantics (docs/vendor-protocol.md, "Transfer mode"): the platform moves money
 * into the player's game wallet (deposit) and out of it (withdraw), idempotent by transactionId,
 * on the same wallet rows and move records as the games' debits and credits (transfer-wallet.ts).
 */

export interface TransferRefusal {
  ok: false;
  code: TransferErrorCode;
  message: string;
  /** INSUFFICIENT_FUNDS: the game wallet's balance when the withdrawal was refused. */
  balance?: number;
}

/** An answer of the transfer API: HTTP status and body (the route signs and sends it). */
export type TransferReply<T> = { status: 200; body: T } | { status: number; body: TransferRefusal };

const refusal = (status: number, code: TransferErrorCode, message: string) => ({
  status,
  body: { ok: false as const, code, message },
});

const currencyMismatch = (currency: string) =>
  refusal(409, 'CURRENCY_MISMATCH', `the player's game wallet is in ${currency}`);

export async function transferBalance(
  db: HouseDatabase,
  request: TransferBalanceRequest,
): Promise<TransferReply<TransferBalanceAnswer>> {
  const [wallet] = await db
    .select({ currency: hgWallets.currency, balance: hgWallets.balance })
    .from(hgWallets)
    .where(eq(hgWallets.playerId, request.playerId));
  if (wallet && wallet.currency !== request.currency) return currencyMismatch(wallet.currency);
  return {
    status: 200,
    body: {
      ok: true,
      playerId: request.playerId,
      currency: request.currency,
      balance: Number(wallet?.balance ?? 0n),
    },
  };
}

/** The first answer of a transfer again: same status and body (as it was then). */
function replayTransfer(
  move: WalletMove,
  kind: 'deposit' | 'withdraw',
  requestHash: string,
): TransferReply<TransferMoveAnswer> {
  if (move.kind !== kind || move.requestHash !== requestHash) {
    return refusal(409, 'DUPLICATE_TRANSACTION', 'transactionId used with another body');
  }
  if (move.status === 'refused' && move.refusal) return refusedReply(move.refusal, move.balanceAfter);
  return answerOf(move);
}

function answerOf(move: WalletMove): TransferReply<TransferMoveAnswer> {
  return {
    status: 200,
    body: { ok: true, transactionId: move.transactionId, balance: Number(move.balanceAfter ?? 0n) },
  };
}

function refusedReply(stored: HgWalletRefusal, balance: bigint | null): TransferReply<TransferMoveAnswer> {
  return {
    status: stored.status,
    body: {
      ok: false,
      code: stored.code as TransferErrorCode,
      message: stored.message,
      ...(stored.code === 'INSUFFICIENT_FUNDS' ? { balance: Number(balance ?? 0n) } : {}),
    },
  };
}

/**
 * A deposit (creates the wallet, in the request's currency, on the first one) or a withdrawal
 * (refused with INSUFFICIENT_FUNDS when the wallet holds less: that refusal is remembered, so a
 * replay gets it again even if the balance has grown since). In one transaction with the wallet
 * row locked: concurrent transfers of one player run one after another and never overdraw.
 */
export async function transferMove(
  db: HouseDatabase,
  kind: 'deposit' | 'withdraw',
  request: TransferMoveRequest,
): Promise<TransferReply<TransferMoveAnswer>> {
  const requestHash = requestHashOf(kind, request);
  return inWalletTransaction(db, async (tx) => {
    let wallet = await lockWallet(tx, request.playerId);
    const previous = await findMove(tx, request.transactionId);
    if (previous) return replayTransfer(previous, kind, requestHash);
    if (!wallet && kind === 'deposit') {
      // Made empty first, then locked like any other: a concurrent first deposit waits here.
      await tx
        .insert(hgWallets)
        .values({ playerId: request.playerId, currency: request.currency })
        .onConflictDoNothing();
      wallet = await lockWallet(tx, request.playerId);
    }
    if (wallet && wallet.currency !== request.currency) return currencyMismatch(wallet.currency);
    const move = {
      transactionId: request.transactionId,
      playerId: request.playerId,
      kind,
      amount: BigInt(request.amount),
      requestHash,
    };
    const balance = wallet
      ? await changeBalance(tx, request.playerId, kind === 'deposit' ? move.amount : -move.amount)
      : null;
    if (balance === null) {
      if (kind === 'deposit') throw new Error('a deposit could not be added to the game wallet');
      const stored: HgWalletRefusal = {
        status: 409,
        code: 'INSUFFICIENT_FUNDS',
        message: 'the game wallet holds less than the amount',
      };
      const balanceThen = wallet?.balance ?? 0n;
      await recordMove(tx, { ...move, status: 'refused', refusal: stored, balanceAfter: balanceThen });
      return refusedReply(stored, balanceThen);
    }
    return answerOf(await recordMove(tx, { ...move, status: 'applied', balanceAfter: balance }));
  });
}
