import { randomBytes } from 'node:crypto';
import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { hgPendingCalls, hgRounds, type HgRoundStatus } from '../db/tables.ts';
import { HouseError } from '../http/errors.ts';
import { GameInputError } from '../maths/outcome.ts';
import type { CreditBody, RollbackBody } from '../protocol/messages.ts';
import type { WalletResult } from '../protocol/wallet-client.ts';
import type { MoneyAnswer } from '../protocol/messages.ts';
import type { HouseContext } from './context.ts';
import { takeRoundSeeds } from './fair.service.ts';
import { replayInputsOf } from './maths-inputs.ts';
import type { GameAdapter, Json, StepResult } from './game-adapter.ts';
import type { HouseSession } from './sessions.service.ts';

/** What the page sees of a round. Amounts are minor units (safe integers). */
export interface RoundView {
  roundId: string;
  gameCode: string;
  status: HgRoundStatus;
  stake: number;
  win: number;
  /** The outcome once the round is over; what may be shown of it while open. */
  detail: Json | null;
  /** The player's balance after this round's last confirmed wallet call. */
  balance: number | null;
  /** True while the final credit is not yet confirmed by the platform (it is being retried). */
  creditPending: boolean;
  fair: { serverSeedHash: string; clientSeed: string; nonce: number; serverSeed: string | null };
  /** The player's choices, as /verify replays them (mines: with the tiles revealed). */
  replayInputs: Json;
  createdAt: string;
}

type RoundRow = typeof hgRounds.$inferSelect;

function toView(row: RoundRow): RoundView {
  const isOver = row.status === 'settled' || row.status === 'crediting';
  return {
    roundId: row.roundId,
    gameCode: row.gameCode,
    status: row.status,
    stake: Number(row.bet),
    win: Number(row.win),
    detail: isOver || row.status === 'open' ? (row.detail ?? null) : null,
    balance: row.balanceAfter === null ? null : Number(row.balanceAfter),
    creditPending: row.status === 'crediting',
    fair: {
      serverSeedHash: row.serverSeedHash,
      clientSeed: row.clientSeed,
      nonce: row.nonce,
      serverSeed: row.serverSeed,
    },
    replayInputs: replayInputsOf(row.gameCode, row.inputs, isOver ? row.detail : null),
    createdAt: row.createdAt.toISOString(),
  };
}

function newRoundId(): string {
  return `hg-${randomBytes(12).toString('base64url')}`;
}

function inputError(error: unknown): never {
  if (error instanceof GameInputError) throw new HouseError('BAD_REQUEST', error.message);
  throw error;
}

/**
 * Plays the first (often only) step of a round:
 * 1. takes the player's next nonce and fixes the outcome from the seeds, storing the round as
 *    `debiting` in the same transaction (so a seed rotation can never reveal a round in flight);
 * 2. debits the stake through the platform (retried with the same transactionId while the answer
 *    is unknown);
 * 3. a refusal ends the round (nothing moved); no answer at all rolls the debit back (retried until
 *    the platform answers); a debit made is followed by the final credit (0 for a loss), or, for a
 *    multi-step game, by the round waiting open for the player.
 */
export async function playRound(
  context: HouseContext,
  options: { session: HouseSession; game: GameAdapter; stake: bigint; inputs: unknown },
): Promise<RoundView> {
  const { session, game } = options;
  const roundId = newRoundId();
  const debitTransactionId = `${roundId}:debit`;
  const { result, row } = await context.db.transaction(async (tx) => {
    const seeds = await takeRoundSeeds(tx, session.playerId);
    let started: StepResult;
    try {
      started = game.start({ seeds, stake: options.stake, inputs: options.inputs });
    } catch (error) {
      inputError(error);
    }
    if (started.stake !== options.stake) {
      throw new HouseError('BAD_REQUEST', 'bet: must equal the sum of the bets placed');
    }
    const [inserted] = await tx
      .insert(hgRounds)
      .values({
        roundId,
        playerId: session.playerId,
        gameCode: game.gameCode,
        currency: session.currency,
        bet: started.stake,
        status: 'debiting',
        inputs: (options.inputs ?? {}) as Json,
        serverSeedHash: seeds.serverSeedHash,
        clientSeed: seeds.clientSeed,
        nonce: seeds.nonce,
        platformSessionId: session.platformSessionId,
        debitTransactionId,
        walletMode: context.walletMode,
      })
      .returning();
    if (!inserted) throw new HouseError('INTERNAL', 'round not stored');
    return { result: started, row: inserted };
  });

  const debit = await context.wallet.debit({
    sessionId: session.platformSessionId,
    transactionId: debitTransactionId,
    roundId,
    gameCode: game.gameCode,
    amount: Number(result.stake),
  });
  if (debit.kind === 'refused') {
    await moveRound(context, roundId, 'debiting', { status: 'refused', detail: { refusal: debit.code } });
    if (debit.code === 'INSUFFICIENT_FUNDS') throw new HouseError('INSUFFICIENT_FUNDS', debit.message);
    if (debit.code === 'BET_LIMIT') throw new HouseError('BET_LIMIT', debit.message);
    if (debit.code === 'INVALID_TOKEN') throw new HouseError('SESSION_EXPIRED', debit.message);
    throw new HouseError('BET_REFUSED', `${debit.code}: ${debit.message}`);
  }
  if (debit.kind === 'unknown') {
    context.log.warn({ roundId, reason: debit.reason }, 'debit unanswered: rolling it back');
    const moved = await moveRound(context, roundId, 'debiting', { status: 'rolling_back' });
    if (moved) await rollBackDebit(context, row);
    throw new HouseError('WALLET_UNAVAILABLE', 'the bet was not placed; anything taken is being returned');
  }

  if (result.kind === 'open') {
    const opened = await moveRound(context, roundId, 'debiting', {
      status: 'open',
      state: result.state,
      detail: result.view,
      balanceAfter: BigInt(debit.value.balance),
    });
    if (!opened) throw new HouseError('INTERNAL', 'round moved while debiting');
    return toView(opened);
  }
  return finishRound(context, row, 'debiting', result, BigInt(debit.value.balance));
}

/** A further step of an open round (e.g. reveal a tile, cash out). */
export async function stepRound(
  context: HouseContext,
  options: { session: HouseSession; game: GameAdapter; roundId: string; action: unknown },
): Promise<RoundView> {
  const { game } = options;
  const [row] = await context.db
    .select()
    .from(hgRounds)
    .where(
      and(
        eq(hgRounds.roundId, options.roundId),
        eq(hgRounds.playerId, options.session.playerId),
        eq(hgRounds.walletMode, context.walletMode),
      ),
    );
  if (!row || row.gameCode !== game.gameCode) throw new HouseError('UNKNOWN_ROUND', 'no such round');
  if (row.status !== 'open' || !row.state || !game.step)
    throw new HouseError('ROUND_NOT_OPEN', 'round is over');
  let next: StepResult;
  try {
    next = game.step({
      stake: row.bet,
      state: row.state,
      action: options.action,
    });
  } catch (error) {
    inputError(error);
  }
  if (next.kind === 'open') {
    // Applies only to the version read: two clicks at once cannot both count.
    const [updated] = await context.db
      .update(hgRounds)
      .set({ state: next.state, detail: next.view, version: sql`${hgRounds.version} + 1` })
      .where(
        and(
          eq(hgRounds.roundId, row.roundId),
          eq(hgRounds.status, 'open'),
          eq(hgRounds.version, row.version),
        ),
      )
      .returning();
    if (!updated) throw new HouseError('ROUND_NOT_OPEN', 'another step got there first');
    return toView(updated);
  }
  return finishRound(context, row, 'open', next, row.balanceAfter ?? 0n);
}

/**
 * Fixes the outcome (round `crediting`), records the final credit as a pending call so it
 * survives a crash, and sends it. If the platform cannot be reached the retry job keeps sending
 * it; the player sees the outcome with the credit marked pending.
 */
async function finishRound(
  context: HouseContext,
  row: RoundRow,
  from: HgRoundStatus,
  result: Extract<StepResult, { kind: 'final' }>,
  balanceBefore: bigint,
): Promise<RoundView> {
  const creditBody: CreditBody = {
    sessionId: row.platformSessionId,
    transactionId: `${row.roundId}:credit`,
    roundId: row.roundId,
    amount: Number(result.win),
    final: true,
    detail: {
      game: row.gameCode,
      outcome: result.detail,
      fair: { serverSeedHash: row.serverSeedHash, clientSeed: row.clientSeed, nonce: row.nonce },
    },
  };
  const crediting = await context.db.transaction(async (tx) => {
    const [moved] = await tx
      .update(hgRounds)
      .set({
        status: 'crediting',
        win: result.win,
        detail: result.detail,
        state: null,
        version: sql`${hgRounds.version} + 1`,
        balanceAfter: balanceBefore + result.win,
      })
      .where(
        and(eq(hgRounds.roundId, row.roundId), eq(hgRounds.status, from), eq(hgRounds.version, row.version)),
      )
      .returning();
    if (!moved) throw new HouseError('ROUND_NOT_OPEN', 'another step got there first');
    // Leased for a minute: the retry job leaves it to this request unless the request dies.
    await tx.insert(hgPendingCalls).values({
      transactionId: creditBody.transactionId,
      action: 'credit',
      roundId: row.roundId,
      body: { ...creditBody },
      walletMode: context.walletMode,
      nextAttemptAt: sql`now() + interval '1 minute'`,
    });
    return moved;
  });
  const answer = await context.wallet.credit(creditBody);
  const settled = await applyPendingAnswer(
    context,
    { transactionId: creditBody.transactionId, action: 'credit', roundId: row.roundId },
    answer,
  );
  return toView(settled ?? crediting);
}

/** Records and sends the rollback of a debit whose answer never came. */
async function rollBackDebit(context: HouseContext, row: RoundRow): Promise<void> {
  const body: RollbackBody = {
    sessionId: row.platformSessionId,
    transactionId: `${row.roundId}:rollback`,
    roundId: row.roundId,
    referenceTransactionId: row.debitTransactionId,
  };
  const inserted = await context.db
    .insert(hgPendingCalls)
    .values({
      transactionId: body.transactionId,
      action: 'rollback',
      roundId: row.roundId,
      body: { ...body },
      walletMode: context.walletMode,
      nextAttemptAt: sql`now() + interval '1 minute'`,
    })
    .onConflictDoNothing()
    .returning({ id: hgPendingCalls.id });
  if (inserted.length === 0) return;
  const answer = await context.wallet.rollback(body);
  await applyPendingAnswer(
    context,
    { transactionId: body.transactionId, action: 'rollback', roundId: row.roundId },
    answer,
  );
}

/**
 * Applies the platform's answer to a pending credit or rollback: `ok` closes the call and the
 * round; a refusal closes the call as refused (logged: an operator must look); unknown leaves it
 * for the retry job. Returns the round when it moved.
 */
export async function applyPendingAnswer(
  context: HouseContext,
  call: { transactionId: string; action: 'credit' | 'rollback'; roundId: string },
  answer: WalletResult<MoneyAnswer>,
): Promise<RoundRow | null> {
  if (answer.kind === 'unknown') {
    await context.db
      .update(hgPendingCalls)
      .set({ lastError: answer.reason })
      .where(eq(hgPendingCalls.transactionId, call.transactionId));
    return null;
  }
  if (answer.kind === 'refused') {
    context.log.error({ ...call, code: answer.code }, 'platform refused a pending wallet call');
    await context.db
      .update(hgPendingCalls)
      .set({ status: 'refused', lastError: `${answer.code}: ${answer.message}` })
      .where(and(eq(hgPendingCalls.transactionId, call.transactionId), eq(hgPendingCalls.status, 'pending')));
    return null;
  }
  return context.db.transaction(async (tx) => {
    await tx
      .update(hgPendingCalls)
      .set({ status: 'done', doneAt: new Date(), lastError: null })
      .where(eq(hgPendingCalls.transactionId, call.transactionId));
    const [moved] = await tx
      .update(hgRounds)
      .set({
        status: call.action === 'credit' ? 'settled' : 'rolled_back',
        settledAt: new Date(),
        balanceAfter: BigInt(answer.value.balance),
      })
      .where(
        and(
          eq(hgRounds.roundId, call.roundId),
          eq(hgRounds.status, call.action === 'credit' ? 'crediting' : 'rolling_back'),
        ),
      )
      .returning();
    return moved ?? null;
  });
}

async function moveRound(
  context: HouseContext,
  roundId: string,
  from: HgRoundStatus,
  changes: Partial<Pick<RoundRow, 'status' | 'detail' | 'state' | 'balanceAfter'>>,
): Promise<RoundRow | null> {
  const [moved] = await context.db
    .update(hgRounds)
    .set(changes)
    .where(and(eq(hgRounds.roundId, roundId), eq(hgRounds.status, from)))
    .returning();
  return moved ?? null;
}

/**
 * Ends rounds the player left open (a mines board abandoned for `idleSeconds`), so that no round
 * stays open on the platform for ever: with safe tiles revealed it is cashed out for the player
 * (the best they could still do for sure); untouched, its bet is returned (rolled back).
 */
export async function settleAbandonedRounds(
  context: HouseContext,
  options: { idleSeconds: number; findGame(gameCode: string): GameAdapter | undefined },
): Promise<number> {
  const idle = await context.db
    .select()
    .from(hgRounds)
    .where(
      and(
        eq(hgRounds.status, 'open'),
        eq(hgRounds.walletMode, context.walletMode),
        lt(hgRounds.createdAt, sql`now() - make_interval(secs => ${options.idleSeconds})`),
      ),
    )
    .limit(20);
  let settled = 0;
  for (const row of idle) {
    const game = options.findGame(row.gameCode);
    if (!game?.step || !row.state) continue;
    try {
      const ended = game.step({ stake: row.bet, state: row.state, action: { cashout: true } });
      if (ended.kind === 'final') {
        await finishRound(context, row, 'open', ended, row.balanceAfter ?? 0n);
        settled += 1;
      }
    } catch (error) {
      if (!(error instanceof GameInputError)) throw error;
      // Nothing revealed: nothing chosen yet, so the bet goes back.
      const moved = await moveRound(context, row.roundId, 'open', { status: 'rolling_back', state: null });
      if (moved) {
        await rollBackDebit(context, moved);
        settled += 1;
      }
    }
  }
  return settled;
}

/** The rounds of one player at one game, in this instance's wallet mode. */
function ofPlayerAtGame(context: HouseContext, options: { playerId: string; gameCode: string }) {
  return and(
    eq(hgRounds.playerId, options.playerId),
    eq(hgRounds.gameCode, options.gameCode),
    eq(hgRounds.walletMode, context.walletMode),
  );
}

/** The player's last rounds of one game, newest first (the page's recall). */
export async function listRounds(
  context: HouseContext,
  options: { playerId: string; gameCode: string; limit: number },
): Promise<RoundView[]> {
  const rows = await context.db
    .select()
    .from(hgRounds)
    .where(
      and(
        ofPlayerAtGame(context, options),
        inArray(hgRounds.status, ['open', 'crediting', 'settled', 'rolled_back', 'rolling_back']),
      ),
    )
    .orderBy(desc(hgRounds.id))
    .limit(options.limit);
  return rows.map(toView);
}

/** The player's open round of a game, if any (a mines board to resume). */
export async function findOpenRound(
  context: HouseContext,
  options: { playerId: string; gameCode: string },
): Promise<RoundView | null> {
  const [row] = await context.db
    .select()
    .from(hgRounds)
    .where(and(ofPlayerAtGame(context, options), eq(hgRounds.status, 'open')))
    .orderBy(desc(hgRounds.id))
    .limit(1);
  return row ? toView(row) : null;
}

/** One round of the player by id (for the verify link of the recall). */
export async function getRound(
  context: HouseContext,
  options: { playerId: string; roundId: string },
): Promise<{ view: RoundView; inputs: Json } | null> {
  const [row] = await context.db
    .select()
    .from(hgRounds)
    .where(
      and(
        eq(hgRounds.playerId, options.playerId),
        eq(hgRounds.roundId, options.roundId),
        eq(hgRounds.walletMode, context.walletMode),
      ),
    );
  return row ? { view: toView(row), inputs: row.inputs } : null;
}
