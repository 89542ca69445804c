import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import {
  creditRequestSchema,
  debitRequestSchema,
  rollbackRequestSchema,
  balanceRequestSchema,
} from '@khela/contract';
import { requestHash } from '@khela/contract/request-hash';
import type { z } from 'zod';
import type { HouseDatabase } from '../db/database.ts';
import {
  hgSessions,
  hgWalletMoves,
  hgWallets,
  type HgWalletMoveKind,
  type HgWalletMoveStatus,
  type HgWalletRefusal,
} from '../db/tables.ts';
import type {
  BalanceAnswer,
  CreditBody,
  DebitBody,
  MoneyAnswer,
  RollbackBody,
} from '../protocol/messages.ts';
import type { WalletClient, WalletResult } from '../protocol/wallet-client.ts';

/*
 * The transfer-mode wallet: the player's game balance kept by the house itself (hg_wallets),
 * behind the very WalletClient interface the seamless mode uses for the platform, with the
 * protocol's answers and refusal codes (docs/vendor-protocol.md), so that the rounds and the retry
 * job run unchanged on it. The platform moves money in and out through the transfer API
 * (transfer-funds.service.ts); only `authenticate` (identity) and `balance` (is the session still
 * live: platformVouches) still go to the platform.
 *
 * Every money call is one database transaction that first locks the player's wallet row
 * (SELECT … FOR UPDATE), so one player's calls run one after another: the idempotency check, the
 * round's state and the guarded balance update all read a state nobody else is changing. The
 * unique transaction id is the last word between concurrent calls with one id (or a debit racing
 * its own rollback's tombstone): the loser's transaction is undone and the call runs again,
 * finding the winner's row.
 */

export type WalletMove = typeof hgWalletMoves.$inferSelect;
type NewWalletMove = typeof hgWalletMoves.$inferInsert;

/** A concurrent call took the transaction id first: undo this transaction and run the call again. */
class MoveConflict extends Error {
  constructor() {
    super('transaction id taken by a concurrent call');
    this.name = 'MoveConflict';
  }
}

/**
 * Runs one wallet call in a transaction, again (at most twice more) when it lost a transaction id
 * to a concurrent call: the next run finds that call's row and answers as a replay.
 */
export async function inWalletTransaction<T>(
  db: HouseDatabase,
  work: (tx: HouseDatabase) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction((tx) => work(tx));
    } catch (error) {
      if (!(error instanceof MoveConflict) || attempt >= 3) throw error;
    }
  }
}

/**
 * What identifies a call for its replays: the canonical request hash
 * (`@khela/contract/request-hash`, the platform's too) of the action and the body, compared after
 * parsing.
 */
export function requestHashOf(kind: HgWalletMoveKind, body: object): string {
  return requestHash({ action: kind, body });
}

export interface LockedWallet {
  currency: string;
  balance: bigint;
}

/** The player's wallet, locked until the transaction ends; null when they have none yet. */
export async function lockWallet(tx: HouseDatabase, playerId: string): Promise<LockedWallet | null> {
  const [row] = await tx
    .select({ currency: hgWallets.currency, balance: hgWallets.balance })
    .from(hgWallets)
    .where(eq(hgWallets.playerId, playerId))
    .for('update');
  return row ?? null;
}

/**
 * Adds `delta` (negative: takes) to the balance, only if it stays ≥ 0 (guarded in the UPDATE's
 * WHERE; the table's CHECK backs it). Answers the new balance, or null when the wallet holds too
 * little (or does not exist): nothing changed.
 */
export async function changeBalance(
  tx: HouseDatabase,
  playerId: string,
  delta: bigint,
): Promise<bigint | null> {
  const [row] = await tx
    .update(hgWallets)
    .set({ balance: sql`${hgWallets.balance} + ${delta}`, updatedAt: sql`now()` })
    .where(and(eq(hgWallets.playerId, playerId), sql`${hgWallets.balance} + ${delta} >= 0`))
    .returning({ balance: hgWallets.balance });
  return row ? row.balance : null;
}

export async function findMove(tx: HouseDatabase, transactionId: string): Promise<WalletMove | null> {
  const [row] = await tx.select().from(hgWalletMoves).where(eq(hgWalletMoves.transactionId, transactionId));
  return row ?? null;
}

/** Stores a move under its transaction id; a concurrent call holding that id makes the call rerun. */
export async function recordMove(tx: HouseDatabase, move: NewWalletMove): Promise<WalletMove> {
  const [row] = await tx.insert(hgWalletMoves).values(move).onConflictDoNothing().returning();
  if (!row) throw new MoveConflict();
  return row;
}

/** The player's balance (0 without a wallet), for the page's first view. */
export async function walletBalanceOf(db: HouseDatabase, playerId: string): Promise<bigint> {
  const [row] = await db
    .select({ balance: hgWallets.balance })
    .from(hgWallets)
    .where(eq(hgWallets.playerId, playerId));
  return row?.balance ?? 0n;
}

// ---------------------------------------------------------------------------------------------
// The game side: the seamless protocol's calls, answered locally

type Refused = Extract<WalletResult<never>, { kind: 'refused' }>;

const refuse = (status: number, code: string, message: string): Refused => ({
  kind: 'refused',
  status,
  code,
  message,
});

/** The answer of an applied game move; `platformTransactionId` is its id when money moved. */
function moneyAnswerOf(move: WalletMove): WalletResult<MoneyAnswer> {
  return {
    kind: 'ok',
    value: {
      ok: true,
      balance: Number(move.balanceAfter ?? 0n),
      transactionId: move.transactionId,
      platformTransactionId: move.amount > 0n ? String(move.id) : null,
    },
  };
}

/**
 * A call whose transaction id is already taken: the first answer again (a refusal included); a
 * debit undone since is TRANSACTION_ROLLED_BACK (also when its rollback came first: a tombstone);
 * another body is DUPLICATE_TRANSACTION.
 */
function replay(move: WalletMove, kind: HgWalletMoveKind, requestHash: string): WalletResult<MoneyAnswer> {
  const undoneDebit = move.kind === 'debit' && (move.status === 'tombstone' || move.status === 'rolled_back');
  if (kind === 'debit' && undoneDebit && (move.status === 'tombstone' || move.requestHash === requestHash)) {
    return refuse(409, 'TRANSACTION_ROLLED_BACK', 'this debit was rolled back');
  }
  if (move.kind !== kind || move.requestHash !== requestHash) {
    return refuse(409, 'DUPLICATE_TRANSACTION', 'transactionId used with another body');
  }
  if (move.status === 'refused' && move.refusal) {
    return refuse(move.refusal.status, move.refusal.code, move.refusal.message);
  }
  return moneyAnswerOf(move);
}

/** Stores a refusal that a replay must get again, and answers it. */
async function refuseAndRemember(
  tx: HouseDatabase,
  move: Omit<NewWalletMove, 'status' | 'refusal' | 'amount'> & { amount: bigint },
  refusal: HgWalletRefusal,
): Promise<Refused> {
  await recordMove(tx, { ...move, status: 'refused', refusal });
  return refuse(refusal.status, refusal.code, refusal.message);
}

interface SessionPlayer {
  playerId: string;
  currency: string;
}

/**
 * The player of a platform session opened by the transfer-mode pages. `live`: the session must
 * still be alive (balance and debit, like the platform); credit and rollback need only that it
 * existed (a round that started may always be settled or undone).
 */
async function sessionPlayer(
  tx: HouseDatabase,
  sessionId: string,
  live: boolean,
): Promise<SessionPlayer | null> {
  const [row] = await tx
    .select({ playerId: hgSessions.playerId, currency: hgSessions.currency })
    .from(hgSessions)
    .where(
      and(
        eq(hgSessions.platformSessionId, sessionId),
        eq(hgSessions.walletMode, 'transfer'),
        live ? gt(hgSessions.expiresAt, sql`now()`) : undefined,
      ),
    )
    .limit(1);
  return row ?? null;
}

interface RoundState {
  /** The player the round belongs to (null: no call named it yet). */
  playerId: string | null;
  status: 'none' | 'open' | 'settled' | 'rolled_back';
}

/**
 * A round's state from its moves: opened by its first debit taken; settled by a final credit;
 * rolled back when every debit taken was undone.
 */
async function roundStateOf(tx: HouseDatabase, roundId: string): Promise<RoundState> {
  const moves = await tx
    .select({
      playerId: hgWalletMoves.playerId,
      kind: hgWalletMoves.kind,
      status: hgWalletMoves.status,
      final: hgWalletMoves.final,
    })
    .from(hgWalletMoves)
    .where(
      and(eq(hgWalletMoves.roundId, roundId), inArray(hgWalletMoves.kind, ['debit', 'credit', 'rollback'])),
    );
  const taken = (status: HgWalletMoveStatus) => status === 'applied' || status === 'rolled_back';
  const debits = moves.filter((move) => move.kind === 'debit' && taken(move.status));
  const playerId = moves[0]?.playerId ?? null;
  if (debits.length === 0) return { playerId, status: 'none' };
  if (moves.some((move) => move.kind === 'credit' && move.status === 'applied' && move.final)) {
    return { playerId, status: 'settled' };
  }
  if (debits.every((move) => move.status === 'rolled_back')) return { playerId, status: 'rolled_back' };
  return { playerId, status: 'open' };
}

const otherPlayersRound = refuse(400, 'BAD_REQUEST', 'the round belongs to another player');
const roundClosed: HgWalletRefusal = { status: 409, code: 'ROUND_CLOSED', message: 'the round is closed' };
const noSession = refuse(401, 'INVALID_TOKEN', 'unknown or expired session');

/**
 * A bet, win or rollback in its transaction: the session's player (none: the session answer; a
 * debit needs a live session), their wallet locked, and a transaction id seen before answered
 * again (replay) instead of applied twice. `apply` does the rest for a new move.
 */
function moneyMove<Body extends { sessionId: string; transactionId: string }>(
  db: HouseDatabase,
  kind: 'debit' | 'credit' | 'rollback',
  body: Body,
  apply: (
    tx: HouseDatabase,
    start: { session: SessionPlayer; wallet: LockedWallet | null; requestHash: string },
  ) => Promise<WalletResult<MoneyAnswer>>,
): Promise<WalletResult<MoneyAnswer>> {
  const requestHash = requestHashOf(kind, body);
  return inWalletTransaction(db, async (tx) => {
    const session = await sessionPlayer(tx, body.sessionId, kind === 'debit');
    if (!session) return noSession;
    const wallet = await lockWallet(tx, session.playerId);
    const previous = await findMove(tx, body.transactionId);
    if (previous) return replay(previous, kind, requestHash);
    return apply(tx, { session, wallet, requestHash });
  });
}

async function debit(db: HouseDatabase, body: DebitBody): Promise<WalletResult<MoneyAnswer>> {
  return moneyMove(db, 'debit', body, async (tx, { session, wallet, requestHash }) => {
    const round = await roundStateOf(tx, body.roundId);
    if (round.playerId !== null && round.playerId !== session.playerId) return otherPlayersRound;
    if (wallet && wallet.currency !== session.currency) {
      return refuse(
        400,
        'BAD_REQUEST',
        `the game wallet is in ${wallet.currency}, the session in ${session.currency}`,
      );
    }
    const move = {
      transactionId: body.transactionId,
      playerId: session.playerId,
      kind: 'debit' as const,
      amount: BigInt(body.amount),
      requestHash,
      roundId: body.roundId,
      balanceAfter: wallet?.balance ?? 0n,
    };
    if (round.status === 'settled' || round.status === 'rolled_back') {
      return refuseAndRemember(tx, move, roundClosed);
    }
    const balance = await changeBalance(tx, session.playerId, -move.amount);
    if (balance === null) {
      return refuseAndRemember(tx, move, {
        status: 409,
        code: 'INSUFFICIENT_FUNDS',
        message: 'the game wallet holds less than the bet',
      });
    }
    return moneyAnswerOf(await recordMove(tx, { ...move, status: 'applied', balanceAfter: balance }));
  });
}

async function credit(db: HouseDatabase, body: CreditBody): Promise<WalletResult<MoneyAnswer>> {
  return moneyMove(db, 'credit', body, async (tx, { session, wallet, requestHash }) => {
    const round = await roundStateOf(tx, body.roundId);
    // Not remembered: once the round's debit arrives, the same credit is accepted.
    if (round.status === 'none' || !wallet) return refuse(404, 'UNKNOWN_ROUND', 'no debit opened this round');
    if (round.playerId !== session.playerId) return otherPlayersRound;
    const move = {
      transactionId: body.transactionId,
      playerId: session.playerId,
      kind: 'credit' as const,
      amount: BigInt(body.amount),
      requestHash,
      roundId: body.roundId,
      final: body.final,
      balanceAfter: wallet.balance,
    };
    if (round.status !== 'open') return refuseAndRemember(tx, move, roundClosed);
    const balance =
      move.amount > 0n ? await changeBalance(tx, session.playerId, move.amount) : wallet.balance;
    if (balance === null) throw new Error('a credit could not be added to the game wallet');
    return moneyAnswerOf(await recordMove(tx, { ...move, status: 'applied', balanceAfter: balance }));
  });
}

async function rollback(db: HouseDatabase, body: RollbackBody): Promise<WalletResult<MoneyAnswer>> {
  if (body.referenceTransactionId === body.transactionId) {
    return refuse(400, 'BAD_REQUEST', 'a rollback cannot undo itself');
  }
  return moneyMove(db, 'rollback', body, async (tx, { session, wallet, requestHash }) => {
    const round = await roundStateOf(tx, body.roundId);
    if (round.playerId !== null && round.playerId !== session.playerId) return otherPlayersRound;
    const move = {
      transactionId: body.transactionId,
      playerId: session.playerId,
      kind: 'rollback' as const,
      requestHash,
      roundId: body.roundId,
      referenceTransactionId: body.referenceTransactionId,
      balanceAfter: wallet?.balance ?? 0n,
    };
    // A paid round is not undone.
    if (round.status === 'settled') return refuseAndRemember(tx, { ...move, amount: 0n }, roundClosed);
    const reference = await findMove(tx, body.referenceTransactionId);
    if (!reference) {
      // The debit never arrived (or is still on its way): its id is taken by a tombstone, so
      // that, should it come, it is refused and takes nothing.
      await recordMove(tx, {
        transactionId: body.referenceTransactionId,
        playerId: session.playerId,
        kind: 'debit',
        amount: 0n,
        status: 'tombstone',
        roundId: body.roundId,
      });
      return moneyAnswerOf(await recordMove(tx, { ...move, amount: 0n, status: 'applied' }));
    }
    if (
      reference.kind !== 'debit' ||
      reference.roundId !== body.roundId ||
      reference.playerId !== session.playerId
    ) {
      return refuse(400, 'BAD_REQUEST', 'the reference is not a debit of this round and player');
    }
    if (reference.status !== 'applied') {
      // Refused, already undone or a tombstone: nothing to give back.
      return moneyAnswerOf(await recordMove(tx, { ...move, amount: 0n, status: 'applied' }));
    }
    const balance = await changeBalance(tx, session.playerId, reference.amount);
    if (balance === null) throw new Error('a rollback could not be added to the game wallet');
    await tx.update(hgWalletMoves).set({ status: 'rolled_back' }).where(eq(hgWalletMoves.id, reference.id));
    return moneyAnswerOf(
      await recordMove(tx, { ...move, amount: reference.amount, status: 'applied', balanceAfter: balance }),
    );
  });
}

async function balance(db: HouseDatabase, body: { sessionId: string }): Promise<WalletResult<BalanceAnswer>> {
  const session = await sessionPlayer(db, body.sessionId, true);
  if (!session) return noSession;
  const [wallet] = await db
    .select({ currency: hgWallets.currency, balance: hgWallets.balance })
    .from(hgWallets)
    .where(eq(hgWallets.playerId, session.playerId));
  return {
    kind: 'ok',
    value: {
      ok: true,
      balance: Number(wallet?.balance ?? 0n),
      currency: wallet?.currency ?? session.currency,
    },
  };
}

/**
 * Checks a body as the platform would (the retry job's bodies come from the database), then runs
 * the call; a failure of the database is an unknown outcome, exactly like a lost answer: the round
 * rolls its debit back, a credit stays pending for the retry job.
 */
async function guarded<B, T>(
  schema: z.ZodType<B>,
  body: unknown,
  call: (parsed: B) => Promise<WalletResult<T>>,
): Promise<WalletResult<T>> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return refuse(400, 'BAD_REQUEST', `${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'}`);
  }
  try {
    return await call(parsed.data);
  } catch (error) {
    return { kind: 'unknown', reason: error instanceof Error ? `${error.name}: ${error.message}` : 'failed' };
  }
}

/**
 * Whether the platform still vouches for a session, asked before every bet and balance
 * (docs/vendor-protocol.md, Transfer mode). A transfer-mode session ends where the seamless one
 * does, on the platform: a logout, a password change or reset, a disabled, locked or self-excluded
 * account, an operator's "end sessions" end the member's game sessions there, and the platform's
 * `balance` answers INVALID_TOKEN from then on (its amount, the main wallet's, is not used here).
 * The house's own session sliding on every page call no longer keeps play going. Asked outside
 * the wallet's transaction (no lock is held over an HTTP call). An ended session also ends this
 * house's page sessions opened from it, so the page's next call is refused at once.
 */
async function platformVouches(
  db: HouseDatabase,
  platform: WalletClient,
  sessionId: string,
): Promise<'live' | 'ended' | { unknown: string }> {
  const answer = await platform.balance({ sessionId });
  if (answer.kind === 'ok') return 'live';
  if (answer.kind === 'unknown') return { unknown: `session check: ${answer.reason}` };
  await db
    .update(hgSessions)
    .set({ expiresAt: sql`now()` })
    .where(
      and(
        eq(hgSessions.platformSessionId, sessionId),
        eq(hgSessions.walletMode, 'transfer'),
        gt(hgSessions.expiresAt, sql`now()`),
      ),
    );
  return 'ended';
}

/**
 * The transfer-mode WalletClient. `platform` is the seamless client, used for `authenticate`
 * (who the player is; its answer's balance, the platform's main wallet, is replaced by the
 * player's game-wallet balance here) and, before each bet and balance, for `balance` as the check
 * that the platform session still lives (platformVouches). Never for money.
 */
export function createTransferWallet(options: { db: HouseDatabase; platform: WalletClient }): WalletClient {
  const { db } = options;
  /** Runs a live-session call once the platform vouched for its session; else refuses it. */
  const vouched = async <T>(
    sessionId: string,
    call: () => Promise<WalletResult<T>>,
  ): Promise<WalletResult<T>> => {
    const check = await platformVouches(db, options.platform, sessionId);
    if (check === 'ended') return noSession;
    // Not known: nothing moves (a debit is rolled back by the round, which takes nothing here).
    if (check !== 'live') return { kind: 'unknown', reason: check.unknown };
    return call();
  };
  return {
    async authenticate(body) {
      const answer = await options.platform.authenticate(body);
      if (answer.kind !== 'ok') return answer;
      try {
        const local = await walletBalanceOf(db, answer.value.playerId);
        return { kind: 'ok', value: { ...answer.value, balance: Number(local) } };
      } catch (error) {
        return { kind: 'unknown', reason: error instanceof Error ? error.message : 'failed' };
      }
    },
    balance: (body) =>
      guarded(balanceRequestSchema, body, (parsed) => vouched(parsed.sessionId, () => balance(db, parsed))),
    debit: (body) =>
      guarded(debitRequestSchema, body, (parsed) => vouched(parsed.sessionId, () => debit(db, parsed))),
    credit: (body) => guarded(creditRequestSchema, body, (parsed) => credit(db, parsed)),
    rollback: (body) => guarded(rollbackRequestSchema, body, (parsed) => rollback(db, parsed)),
    sendOnce: (action, body) =>
      action === 'credit'
        ? guarded(creditRequestSchema, body, (parsed) => credit(db, parsed))
        : guarded(rollbackRequestSchema, body, (parsed) => rollback(db, parsed)),
  };
}
