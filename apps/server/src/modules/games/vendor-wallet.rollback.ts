import { eq, sql } from 'drizzle-orm';
import { vendorErrorCatalogue, type RollbackRequest, type VendorErrorCode } from '@khela/contract';
import type { Database } from '../../db/database.ts';
import { reverseEntry } from '../ledger/ledger.service.ts';
import { gameRounds, vendorTransactions } from './games.tables.ts';
import { balanceAfter, balanceOf, ledgerKey, type WalletOf } from './vendor-wallet.ledger.ts';
import { moneyReply, vendorError, vendorRequestHash, type VendorReply } from './vendor-wallet.replies.ts';
import { withRetries } from './vendor-wallet.retries.ts';
import { finish, lockRound } from './vendor-wallet.round.ts';
import { findSession, touchOf, type VendorCall, type VendorEnv } from './vendor-wallet.sessions.ts';
import {
  answerOnce,
  findTransaction,
  remember,
  TOMBSTONE,
  type Outcome,
  type Remember,
} from './vendor-wallet.transactions.ts';

/**
 * A rollback undoes one debit of an open round (a reversing entry). Rarer than debits and credits,
 * it is written plainly: its reads are separate statements, the round locked before the debit's row.
 */
export async function rollback({
  db,
  env,
  vendorCode,
  request,
}: VendorCall<RollbackRequest>): Promise<VendorReply> {
  const requestHash = vendorRequestHash('rollback', request);
  const outcome = await withRetries(() =>
    db.transaction((tx) =>
      answerOnce(
        tx,
        { vendorCode, transactionId: request.transactionId, action: 'rollback', requestHash },
        () => rollbackOnce(tx, env, vendorCode, request, requestHash),
      ),
    ),
  );
  return finish(db, env, outcome);
}

/** A rollback whose transaction id is new. */
async function rollbackOnce(
  tx: Database,
  env: VendorEnv,
  vendorCode: string,
  request: RollbackRequest,
  requestHash: string,
): Promise<Outcome> {
  const session = await findSession(tx, env, vendorCode, request.sessionId);
  if (!session) return { reply: vendorError('INVALID_TOKEN', 'unknown session') };
  const touch = touchOf(session);
  const fields: Remember = {
    vendorCode,
    transactionId: request.transactionId,
    kind: 'rollback',
    roundId: request.roundId,
    memberId: session.memberId,
    amount: 0n,
    referenceTransactionId: request.referenceTransactionId,
    requestHash,
  };
  const refuse = async (code: VendorErrorCode, message?: string) => ({
    reply: await remember(tx, fields, vendorError(code, message)),
  });
  const noOp = async () => {
    const reply = moneyReply(await balanceOf(tx, session), request.transactionId, null);
    return { reply: await remember(tx, fields, reply), ...touch };
  };

  if (request.referenceTransactionId === request.transactionId) {
    return refuse('BAD_REQUEST', 'a rollback cannot reference itself');
  }
  // The round first, then the debit: the same lock order as debit and credit.
  const round = await lockRound(tx, vendorCode, request.roundId);
  if (round && round.memberId !== session.memberId) {
    return refuse('BAD_REQUEST', 'this roundId belongs to another player');
  }
  const debitRow = await findTransaction(tx, vendorCode, request.referenceTransactionId);
  if (!debitRow) {
    // The debit never arrived (or is still on its way): keep its id as a tombstone, so that
    // when it comes it is refused (TRANSACTION_ROLLED_BACK) and never takes the money.
    await remember(
      tx,
      {
        vendorCode,
        transactionId: request.referenceTransactionId,
        kind: 'debit',
        roundId: request.roundId,
        memberId: session.memberId,
        amount: 0n,
        requestHash: TOMBSTONE,
      },
      vendorError('TRANSACTION_ROLLED_BACK', 'the rollback of this debit came first'),
    );
    return noOp();
  }
  if (debitRow.kind !== 'debit') return refuse('BAD_REQUEST', 'the referenced transaction is not a debit');
  if (debitRow.roundId !== request.roundId || debitRow.memberId !== session.memberId) {
    return refuse('BAD_REQUEST', 'the referenced debit belongs to another round or player');
  }
  // Refused, tombstoned or already rolled back: nothing to undo.
  if (debitRow.entryId === null || debitRow.status !== 200) return noOp();
  if (!round) throw new Error(`round ${request.roundId} of an accepted debit is missing`);
  if (round.status === 'settled') return refuse('ROUND_CLOSED', 'the round is settled');
  const reversal = await reverseEntry(tx, {
    entryId: debitRow.entryId,
    idempotencyKey: ledgerKey(vendorCode, request.transactionId),
    reason: 'vendor rollback',
    metadata: {
      vendor: vendorCode,
      roundId: request.roundId,
      referenceTransactionId: debitRow.transactionId,
    },
  });
  const wallet: WalletOf = {
    memberId: round.memberId,
    walletKind: round.walletKind,
    currency: round.currency,
  };
  const remainingBets = round.betAmount - debitRow.amount;
  await tx
    .update(gameRounds)
    .set({
      betAmount: remainingBets,
      ...(remainingBets === 0n ? { status: 'rolled_back' as const, settledAt: sql`now()` } : {}),
    })
    .where(eq(gameRounds.id, round.id));
  // From now on a replay of the debit learns that it was rolled back.
  await tx
    .update(vendorTransactions)
    .set({
      status: vendorErrorCatalogue.TRANSACTION_ROLLED_BACK.status,
      response: vendorError('TRANSACTION_ROLLED_BACK', `rolled back by ${request.transactionId}`).body,
    })
    .where(eq(vendorTransactions.id, debitRow.id));
  const reply = moneyReply(balanceAfter(reversal, wallet), request.transactionId, reversal.entryId);
  await remember(tx, { ...fields, amount: debitRow.amount, entryId: reversal.entryId }, reply);
  return { reply, movedMemberId: wallet.memberId, ...touch };
}
