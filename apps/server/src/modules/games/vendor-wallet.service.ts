import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import {
  vendorErrorCatalogue,
  type AuthenticateRequest,
  type BalanceRequest,
  type CreditRequest,
  type DebitRequest,
  type RollbackRequest,
  type VendorAction,
  type VendorErrorCode,
  type VendorLanguage,
} from '@khela/contract';
import type { Env } from '../../config/env.ts';
import type { Database } from '../../db/database.ts';
import { isTransactionConflict, isUniqueViolation } from '../../db/pg-errors.ts';
import { findMemberStanding } from '../accounts/member.service.ts';
import { platformSessionLiveSql } from '../accounts/session.service.ts';
import { clearingAddress, memberWalletAddress, systemAddress } from '../ledger/ledger.addresses.ts';
import { isLedgerError } from '../ledger/ledger.errors.ts';
import { getBalance, postEntry, reverseEntry, rowsOf } from '../ledger/ledger.service.ts';
import { walletChanged } from '../wallet/wallet.events.ts';
import { hashLaunchToken } from './launch.service.ts';
import { gameRounds, gameSessions, vendorTransactions } from './games.tables.ts';

/**
 * The platform side of the vendor wallet protocol (docs/vendor-protocol.md): authenticate,
 * balance, debit, credit, rollback. Each call is one database transaction; money moves only
 * through the ledger (idempotency key `vendor:<vendorCode>:<transactionId>`).
 *
 * Idempotency: every debit, credit and rollback is kept in `vendor_transactions` under the unique
 * (vendor_code, transaction_id) with the hash of its body and the answer given. A replay with the
 * same body gets that answer again and moves nothing; another body under the same id is refused
 * (DUPLICATE_TRANSACTION). Final refusals are kept too (INSUFFICIENT_FUNDS, ROUND_CLOSED …), so a
 * retried bet never succeeds later; refusals that a later call can cure (UNKNOWN_ROUND: the debit
 * may still arrive; INVALID_TOKEN) are not.
 *
 * Concurrency: a round's row is locked (FOR UPDATE) before its money moves, and the ledger's
 * guarded update serialises a wallet, in that order everywhere (round, then wallet), so two calls
 * never wait on each other in a cycle. Two calls with the same transaction id, or two first debits
 * of one round, meet on a unique index (or find the round opened under them): the loser's
 * transaction is rolled back and the call runs again, and then finds the winner's row (a replay).
 *
 * Round trips (DESIGN.md, Money): a debit or a credit is begin, one read that also locks the round
 * (lockCallContext), the ledger's posting function, one write (round and transaction record),
 * commit. Rollbacks, rarer, are written plainly.
 */

export interface VendorReply {
  status: number;
  body: Record<string, unknown>;
}

type VendorEnv = Pick<Env, 'GAME_SESSION_IDLE_MINUTES'>;

/** Stands in the request hash of a debit id reserved by a rollback that came before its debit. */
const TOMBSTONE = 'tombstone';

export function vendorError(code: VendorErrorCode, message?: string): VendorReply {
  return {
    status: vendorErrorCatalogue[code].status,
    body: { ok: false, code, message: message ?? vendorErrorCatalogue[code].description },
  };
}

function ok(body: Record<string, unknown>): VendorReply {
  return { status: 200, body: { ok: true, ...body } };
}

/** Minor units as a JSON number; balances beyond 2^53 cannot be told to a vendor exactly. */
function minorUnits(amount: bigint): number {
  if (amount > BigInt(Number.MAX_SAFE_INTEGER) || amount < 0n) {
    throw new Error(`amount ${amount} is not a safe non-negative integer`);
  }
  return Number(amount);
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

/** sha256 of the action and the parsed body with sorted keys: whitespace and key order do not count. */
export function vendorRequestHash(action: VendorAction, body: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(canonical({ action, body })))
    .digest('hex');
}

function ledgerKey(vendorCode: string, transactionId: string): string {
  return `vendor:${vendorCode}:${transactionId}`;
}

interface WalletOf {
  memberId: number;
  walletKind: 'main' | 'trial';
  currency: string;
}

function walletAddressOf(wallet: WalletOf): string {
  return memberWalletAddress(wallet.memberId, wallet.walletKind);
}

/** Where bets go and wins come from: the house for real money; demo money stays in clearing:demo. */
function counterpartyOf(wallet: WalletOf): string {
  return wallet.walletKind === 'trial'
    ? clearingAddress('demo', wallet.currency)
    : systemAddress('house', wallet.currency);
}

async function balanceOf(db: Database, wallet: WalletOf): Promise<bigint> {
  try {
    return (await getBalance(db, { address: walletAddressOf(wallet) })).balance;
  } catch (error) {
    if (isLedgerError(error, 'ACCOUNT_NOT_FOUND')) return 0n;
    throw error;
  }
}

function balanceAfter(
  posted: { postings: { address: string; balanceAfter: bigint | null }[] },
  wallet: WalletOf,
) {
  const address = walletAddressOf(wallet);
  const leg = posted.postings.find((posting) => posting.address === address);
  if (leg?.balanceAfter === null || leg?.balanceAfter === undefined) {
    throw new Error(`entry has no leg on ${address}`);
  }
  return leg.balanceAfter;
}

// ---------------------------------------------------------------------------------------------
// Sessions

interface WalletSession extends WalletOf {
  sessionId: number;
  gameCode: string;
  language: string;
  isLive: boolean;
  /** Live, and its end is more than a minute behind "idle minutes from now": worth a write. */
  needsTouch: boolean;
}

/** The platform session that launched the game is still live (and its account active). */
const launchingSessionLive = platformSessionLiveSql(sql`${gameSessions.platformSessionId}`);

async function findSession(
  db: Database,
  env: VendorEnv,
  vendorCode: string,
  sessionId: string,
): Promise<WalletSession | null> {
  const minutes = env.GAME_SESSION_IDLE_MINUTES;
  const [row] = await db
    .select({
      sessionId: gameSessions.id,
      memberId: gameSessions.memberId,
      walletKind: gameSessions.walletKind,
      currency: gameSessions.currency,
      gameCode: gameSessions.gameCode,
      language: gameSessions.language,
      authenticatedAt: gameSessions.authenticatedAt,
      isLive: sql<boolean>`${gameSessions.expiresAt} > now() and ${launchingSessionLive}`,
      needsTouch: sql<boolean>`${gameSessions.expiresAt} > now() and
        ${gameSessions.expiresAt} < now() + make_interval(mins => ${minutes}) - interval '60 seconds'`,
    })
    .from(gameSessions)
    .where(and(eq(gameSessions.id, Number(sessionId)), eq(gameSessions.vendorCode, vendorCode)));
  if (!row || row.authenticatedAt === null) return null;
  return {
    sessionId: row.sessionId,
    memberId: row.memberId,
    walletKind: row.walletKind,
    currency: row.currency,
    gameCode: row.gameCode,
    language: row.language,
    isLive: row.isLive,
    needsTouch: row.needsTouch,
  };
}

/**
 * Slides a live session's end to GAME_SESSION_IDLE_MINUTES from now. Written at most once a
 * minute per session (callers ask only when `needsTouch`), outside the money transaction.
 */
async function touchSession(db: Database, env: VendorEnv, sessionId: number): Promise<void> {
  const minutes = env.GAME_SESSION_IDLE_MINUTES;
  await db
    .update(gameSessions)
    .set({ expiresAt: sql`now() + make_interval(mins => ${minutes})` })
    .where(
      and(
        eq(gameSessions.id, sessionId),
        sql`${gameSessions.expiresAt} > now()`,
        sql`${gameSessions.expiresAt} < now() + make_interval(mins => ${minutes}) - interval '60 seconds'`,
      ),
    );
}

// ---------------------------------------------------------------------------------------------
// Authenticate and balance

export async function authenticate({
  db,
  env,
  vendorCode,
  request,
}: {
  db: Database;
  env: VendorEnv;
  vendorCode: string;
  request: AuthenticateRequest;
}): Promise<VendorReply> {
  // One statement makes the token dead: of two racing exchanges exactly one gets the row.
  const [row] = await db
    .update(gameSessions)
    .set({
      authenticatedAt: sql`now()`,
      expiresAt: sql`now() + make_interval(mins => ${env.GAME_SESSION_IDLE_MINUTES})`,
    })
    .where(
      and(
        eq(gameSessions.tokenHash, hashLaunchToken(request.launchToken)),
        eq(gameSessions.vendorCode, vendorCode),
        sql`${gameSessions.authenticatedAt} is null`,
        sql`${gameSessions.tokenExpiresAt} > now()`,
        // A launch from a session that ended since (logout, password change) opens nothing.
        launchingSessionLive,
      ),
    )
    .returning({
      sessionId: gameSessions.id,
      memberId: gameSessions.memberId,
      walletKind: gameSessions.walletKind,
      currency: gameSessions.currency,
      language: gameSessions.language,
    });
  if (!row) return vendorError('INVALID_TOKEN', 'unknown, used or expired launch token');
  const member = await findMemberStanding(db, row.memberId);
  if (!member || member.status !== 'active') {
    await db
      .update(gameSessions)
      .set({ expiresAt: sql`now()` })
      .where(eq(gameSessions.id, row.sessionId));
    return vendorError('INVALID_TOKEN', 'the account is not active');
  }
  return ok({
    sessionId: String(row.sessionId),
    playerId: String(row.memberId),
    nickname: member.nickname || member.account,
    currency: row.currency,
    balance: minorUnits(await balanceOf(db, row)),
    language: row.language as VendorLanguage,
  });
}

export async function balance({
  db,
  env,
  vendorCode,
  request,
}: {
  db: Database;
  env: VendorEnv;
  vendorCode: string;
  request: BalanceRequest;
}): Promise<VendorReply> {
  const session = await findSession(db, env, vendorCode, request.sessionId);
  if (!session?.isLive) return vendorError('INVALID_TOKEN', 'unknown or expired session');
  const amount = await balanceOf(db, session);
  if (session.needsTouch) await touchSession(db, env, session.sessionId);
  return ok({ balance: minorUnits(amount), currency: session.currency });
}

// ---------------------------------------------------------------------------------------------
// Money calls

type StoredTransaction = typeof vendorTransactions.$inferSelect;

interface Outcome {
  reply: VendorReply;
  /** The member whose wallet moved (for the live balance push), when money moved. */
  movedMemberId?: number;
  /** The live session to slide. */
  touchSessionId?: number;
}

/** A replay's answer: the stored one for the same body, DUPLICATE_TRANSACTION for another. */
function replayOf(stored: StoredTransaction, action: VendorAction, requestHash: string): VendorReply {
  if (stored.requestHash === TOMBSTONE) {
    // The id was reserved by a rollback that arrived first: only a debit may carry it.
    return action === 'debit'
      ? { status: stored.status, body: stored.response }
      : vendorError('DUPLICATE_TRANSACTION', 'this transaction id belongs to a rolled-back debit');
  }
  if (stored.requestHash !== requestHash) {
    return vendorError('DUPLICATE_TRANSACTION', 'this transaction id was used with another body');
  }
  return { status: stored.status, body: stored.response };
}

async function findTransaction(
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

type RoundRow = typeof gameRounds.$inferSelect;

async function lockRound(tx: Database, vendorCode: string, roundId: string): Promise<RoundRow | null> {
  const [row] = await tx
    .select()
    .from(gameRounds)
    .where(and(eq(gameRounds.vendorCode, vendorCode), eq(gameRounds.roundId, roundId)))
    .for('update');
  return row ?? null;
}

/**
 * The hot path's reads in one statement (DESIGN.md: round trips cost more than rows): whether the
 * transaction id is taken, the session, the game, and the round, LOCKED (FOR UPDATE) so that it is
 * the first lock the call takes. Raw SQL, so every bigint is read as text (STACK.md gotcha 3).
 */
interface CallContext {
  /** The row id of a call already made under this transaction id. */
  storedId: string | null;
  /** Null when unknown to this vendor or never authenticated. */
  session: WalletSession | null;
  game: { nodeId: number; gameType: string; vassalage: string; enabled: boolean } | null;
  round: LockedRound | null;
}

interface LockedRound extends WalletOf {
  id: number;
  status: 'open' | 'settled' | 'rolled_back';
  betAmount: bigint;
}

interface ContextRow {
  stored_id: string | null;
  session_id: string | null;
  member_id: number | null;
  wallet_kind: 'main' | 'trial' | null;
  currency: string | null;
  game_code: string | null;
  language: string | null;
  authenticated: boolean | null;
  is_live: boolean | null;
  needs_touch: boolean | null;
  node_id: number | null;
  game_type: string | null;
  vassalage: string | null;
  game_enabled: boolean | null;
  round_pk: string | null;
  round_member_id: number | null;
  round_status: LockedRound['status'] | null;
  round_wallet_kind: 'main' | 'trial' | null;
  round_currency: string | null;
  round_bet_amount: string | null;
}

async function lockCallContext(
  tx: Database,
  env: VendorEnv,
  call: { vendorCode: string; sessionId: string; transactionId: string; roundId: string; gameCode?: string },
): Promise<CallContext> {
  const minutes = env.GAME_SESSION_IDLE_MINUTES;
  const [row] = rowsOf<ContextRow>(
    await tx.execute(sql`
      with round as materialized (
        select r.id, r.member_id, r.status, r.wallet_kind, r.currency, r.bet_amount
          from game_rounds r
         where r.vendor_code = ${call.vendorCode} and r.round_id = ${call.roundId}
           for update
      )
      select
        (select vt.id::text from vendor_transactions vt
          where vt.vendor_code = ${call.vendorCode} and vt.transaction_id = ${call.transactionId}) as stored_id,
        s.id::text as session_id, s.member_id, s.wallet_kind, s.currency, s.game_code, s.language,
        s.authenticated_at is not null as authenticated,
        (s.expires_at > now() and ${platformSessionLiveSql(sql`s.platform_session_id`)}) as is_live,
        (s.expires_at > now() and
         s.expires_at < now() + make_interval(mins => ${minutes}) - interval '60 seconds') as needs_touch,
        g.node_id, g.game_type, g.vassalage, g.enabled as game_enabled,
        r.id::text as round_pk, r.member_id as round_member_id, r.status as round_status,
        r.wallet_kind as round_wallet_kind, r.currency as round_currency, r.bet_amount::text as round_bet_amount
      from (select 1) as one
      left join game_sessions s on s.id = ${Number(call.sessionId)} and s.vendor_code = ${call.vendorCode}
      left join games g on g.vendor_code = ${call.vendorCode} and g.game_code = ${call.gameCode ?? null}
      left join round r on true`),
  );
  if (!row) throw new Error('the call context query returned no row');
  const session: WalletSession | null =
    row.session_id !== null && row.authenticated && row.member_id !== null
      ? {
          sessionId: Number(row.session_id),
          memberId: row.member_id,
          walletKind: row.wallet_kind ?? 'main',
          currency: row.currency ?? '',
          gameCode: row.game_code ?? '',
          language: row.language ?? '',
          isLive: row.is_live === true,
          needsTouch: row.needs_touch === true,
        }
      : null;
  return {
    storedId: row.stored_id,
    session,
    game:
      row.node_id === null
        ? null
        : {
            nodeId: row.node_id,
            gameType: row.game_type ?? '',
            vassalage: row.vassalage ?? '',
            enabled: row.game_enabled === true,
          },
    round:
      row.round_pk === null || row.round_member_id === null
        ? null
        : {
            id: Number(row.round_pk),
            memberId: row.round_member_id,
            status: row.round_status ?? 'open',
            walletKind: row.round_wallet_kind ?? 'main',
            currency: row.round_currency ?? '',
            betAmount: BigInt(row.round_bet_amount ?? '0'),
          },
  };
}

/** The round changed between our read and our write (a race we lost): the call runs again. */
class RoundRaceLost extends Error {
  constructor() {
    super('the round changed under this call');
    this.name = 'RoundRaceLost';
  }
}

interface AcceptedFields {
  vendorCode: string;
  transactionId: string;
  roundId: string;
  memberId: number;
  amount: bigint;
  requestHash: string;
  entryId: number | null;
  reply: VendorReply;
}

/**
 * An accepted debit's writes in one statement: the round's bet total raised (the round is ours,
 * locked since the context read) or the round opened, and the transaction remembered. Opening
 * never waits for another call's lock: when another call opened the round after our read (a race
 * we lost) nothing is written and the call runs again, now finding the round locked by itself.
 * Waiting there instead would hold the wallet while wanting the round, the reverse of the order
 * every other call takes them in.
 */
async function recordDebit(
  tx: Database,
  fields: AcceptedFields,
  round:
    | { kind: 'existing'; id: number }
    | {
        kind: 'new';
        nodeId: number;
        gameType: string;
        vassalage: string;
        currency: string;
        walletKind: 'main' | 'trial';
      },
) {
  const amount = fields.amount.toString();
  const roundWrite =
    round.kind === 'existing'
      ? sql`update game_rounds set bet_amount = bet_amount + ${amount}::bigint where id = ${round.id} returning id`
      : sql`insert into game_rounds
              (vendor_code, round_id, member_id, node_id, game_type, vassalage, currency, wallet_kind, bet_amount)
            values (${fields.vendorCode}, ${fields.roundId}, ${fields.memberId}, ${round.nodeId}, ${round.gameType},
                    ${round.vassalage}, ${round.currency}, ${round.walletKind}, ${amount}::bigint)
            on conflict (vendor_code, round_id) do nothing
            returning id`;
  const written = rowsOf<{ id: string }>(
    await tx.execute(sql`
      with round as (${roundWrite})
      insert into vendor_transactions
        (vendor_code, transaction_id, kind, round_id, member_id, amount, request_hash, entry_id, status, response)
      select ${fields.vendorCode}, ${fields.transactionId}, 'debit', ${fields.roundId}, ${fields.memberId},
             ${amount}::bigint, ${fields.requestHash}, ${fields.entryId}::bigint,
             ${fields.reply.status}, ${JSON.stringify(fields.reply.body)}::jsonb
        from round
      returning id::text as id`),
  );
  if (written.length === 0) throw new RoundRaceLost();
}

/** An accepted credit's writes in one statement: the round's win (and settlement) and the transaction. */
async function recordCredit(
  tx: Database,
  fields: AcceptedFields,
  round: { id: number; final: boolean; detail: Record<string, unknown> | undefined },
) {
  const detail = round.detail === undefined ? null : JSON.stringify(round.detail);
  const written = rowsOf<{ id: string }>(
    await tx.execute(sql`
      with round as (
        update game_rounds
           set win_amount = win_amount + ${fields.amount.toString()}::bigint,
               detail = coalesce(${detail}::jsonb, detail),
               status = case when ${round.final}::boolean then 'settled' else status end,
               settled_at = case when ${round.final}::boolean then now() else settled_at end
         where id = ${round.id}
        returning id
      )
      insert into vendor_transactions
        (vendor_code, transaction_id, kind, round_id, member_id, amount, request_hash, entry_id, status, response)
      select ${fields.vendorCode}, ${fields.transactionId}, 'credit', ${fields.roundId}, ${fields.memberId},
             ${fields.amount.toString()}::bigint, ${fields.requestHash}, ${fields.entryId}::bigint,
             ${fields.reply.status}, ${JSON.stringify(fields.reply.body)}::jsonb
        from round
      returning id::text as id`),
  );
  if (written.length === 0) throw new RoundRaceLost();
}

interface Remember {
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
async function remember(tx: Database, fields: Remember, reply: VendorReply): Promise<VendorReply> {
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

/** A race lost on our unique keys, a deadlock or a serialisation failure: run the call again. */
function isRetryable(error: unknown): boolean {
  if (error instanceof RoundRaceLost) return true;
  if (isTransactionConflict(error)) return true;
  return (
    isUniqueViolation(error, 'vendor_transactions_key') ||
    isUniqueViolation(error, 'game_rounds_vendor_round_key')
  );
}

async function withRetries<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= 5 || !isRetryable(error)) throw error;
    }
  }
}

async function finish(db: Database, env: VendorEnv, outcome: Outcome): Promise<VendorReply> {
  if (outcome.movedMemberId !== undefined) walletChanged(db, outcome.movedMemberId);
  if (outcome.touchSessionId !== undefined) await touchSession(db, env, outcome.touchSessionId);
  return outcome.reply;
}

export async function debit({
  db,
  env,
  vendorCode,
  request,
}: {
  db: Database;
  env: VendorEnv;
  vendorCode: string;
  request: DebitRequest;
}): Promise<VendorReply> {
  const requestHash = vendorRequestHash('debit', request);
  const amount = BigInt(request.amount);
  const outcome = await withRetries(async () => {
    // The session found inside the transaction, for the refusal written after it aborted.
    const seen: { session: WalletSession | null } = { session: null };
    try {
      return await db.transaction(async (tx): Promise<Outcome> => {
        const { storedId, session, game, round } = await lockCallContext(tx, env, { vendorCode, ...request });
        if (storedId !== null) {
          const stored = await findTransaction(tx, vendorCode, request.transactionId);
          if (stored) return { reply: replayOf(stored, 'debit', requestHash) };
        }
        if (!session?.isLive) return { reply: vendorError('INVALID_TOKEN', 'unknown or expired session') };
        seen.session = session;
        const fields: Remember = {
          vendorCode,
          transactionId: request.transactionId,
          kind: 'debit',
          roundId: request.roundId,
          memberId: session.memberId,
          amount,
          requestHash,
        };
        const refuse = async (code: VendorErrorCode, message?: string) => ({
          reply: await remember(tx, fields, vendorError(code, message)),
        });
        if (!game) return refuse('BAD_REQUEST', 'unknown gameCode');
        if (round) {
          if (round.memberId !== session.memberId) {
            return refuse('BAD_REQUEST', 'this roundId belongs to another player');
          }
          if (round.status !== 'open') return refuse('ROUND_CLOSED', `the round is ${round.status}`);
        } else if (!game.enabled) {
          return refuse('GAME_DISABLED');
        }
        // An INSUFFICIENT_FUNDS refusal aborts this transaction; it is remembered in its own below.
        const posted = await postEntry(tx, {
          kind: 'bet',
          idempotencyKey: ledgerKey(vendorCode, request.transactionId),
          postings: [
            { address: walletAddressOf(session), amount: -amount },
            { address: counterpartyOf(session), amount },
          ],
          metadata: { vendor: vendorCode, roundId: request.roundId, gameCode: request.gameCode },
          request: { roundId: request.roundId },
        });
        const reply = ok({
          balance: minorUnits(balanceAfter(posted, session)),
          transactionId: request.transactionId,
          platformTransactionId: String(posted.entryId),
        });
        await recordDebit(
          tx,
          { ...fields, entryId: posted.entryId, reply },
          round
            ? { kind: 'existing', id: round.id }
            : {
                kind: 'new',
                nodeId: game.nodeId,
                gameType: game.gameType,
                vassalage: game.vassalage,
                currency: session.currency,
                walletKind: session.walletKind,
              },
        );
        return {
          reply,
          movedMemberId: session.memberId,
          ...(session.needsTouch ? { touchSessionId: session.sessionId } : {}),
        };
      });
    } catch (error) {
      const refused = seen.session;
      if (!refused || !isLedgerError(error, 'INSUFFICIENT_FUNDS')) throw error;
      // Nothing moved; the refusal is final for this transaction id (a retry must not succeed later).
      return db.transaction(async (tx): Promise<Outcome> => {
        const refusal = vendorError('INSUFFICIENT_FUNDS');
        refusal.body.balance = minorUnits(await balanceOf(tx, refused));
        await remember(
          tx,
          {
            vendorCode,
            transactionId: request.transactionId,
            kind: 'debit',
            roundId: request.roundId,
            memberId: refused.memberId,
            amount,
            requestHash,
          },
          refusal,
        );
        return { reply: refusal, ...(refused.needsTouch ? { touchSessionId: refused.sessionId } : {}) };
      });
    }
  });
  return finish(db, env, outcome);
}

export async function credit({
  db,
  env,
  vendorCode,
  request,
}: {
  db: Database;
  env: VendorEnv;
  vendorCode: string;
  request: CreditRequest;
}): Promise<VendorReply> {
  const requestHash = vendorRequestHash('credit', request);
  const amount = BigInt(request.amount);
  const outcome = await withRetries(() =>
    db.transaction(async (tx): Promise<Outcome> => {
      const { storedId, session, round } = await lockCallContext(tx, env, { vendorCode, ...request });
      if (storedId !== null) {
        const stored = await findTransaction(tx, vendorCode, request.transactionId);
        if (stored) return { reply: replayOf(stored, 'credit', requestHash) };
      }
      // A known session, live or not: a round may settle after the player has left.
      if (!session) return { reply: vendorError('INVALID_TOKEN', 'unknown session') };
      const fields: Remember = {
        vendorCode,
        transactionId: request.transactionId,
        kind: 'credit',
        roundId: request.roundId,
        memberId: session.memberId,
        amount,
        requestHash,
      };
      // Not remembered: the round's debit may still arrive, and then this credit must go through.
      if (!round) return { reply: vendorError('UNKNOWN_ROUND', 'no debit opened this round') };
      if (round.memberId !== session.memberId) {
        return {
          reply: await remember(
            tx,
            fields,
            vendorError('BAD_REQUEST', 'this roundId belongs to another player'),
          ),
        };
      }
      if (round.status !== 'open') {
        return {
          reply: await remember(tx, fields, vendorError('ROUND_CLOSED', `the round is ${round.status}`)),
        };
      }
      let entryId: number | null = null;
      let after: bigint;
      if (amount > 0n) {
        const posted = await postEntry(tx, {
          kind: 'win',
          idempotencyKey: ledgerKey(vendorCode, request.transactionId),
          postings: [
            { address: counterpartyOf(round), amount: -amount },
            { address: walletAddressOf(round), amount },
          ],
          metadata: { vendor: vendorCode, roundId: request.roundId, final: request.final },
          request: { roundId: request.roundId },
        });
        entryId = posted.entryId;
        after = balanceAfter(posted, round);
      } else {
        after = await balanceOf(tx, round);
      }
      const reply = ok({
        balance: minorUnits(after),
        transactionId: request.transactionId,
        platformTransactionId: entryId === null ? null : String(entryId),
      });
      await recordCredit(
        tx,
        { ...fields, entryId, reply },
        { id: round.id, final: request.final, detail: request.detail },
      );
      return {
        reply,
        ...(entryId === null ? {} : { movedMemberId: round.memberId }),
        ...(session.needsTouch ? { touchSessionId: session.sessionId } : {}),
      };
    }),
  );
  return finish(db, env, outcome);
}

export async function rollback({
  db,
  env,
  vendorCode,
  request,
}: {
  db: Database;
  env: VendorEnv;
  vendorCode: string;
  request: RollbackRequest;
}): Promise<VendorReply> {
  const requestHash = vendorRequestHash('rollback', request);
  const outcome = await withRetries(() =>
    db.transaction(async (tx): Promise<Outcome> => {
      const stored = await findTransaction(tx, vendorCode, request.transactionId);
      if (stored) return { reply: replayOf(stored, 'rollback', requestHash) };
      const session = await findSession(tx, env, vendorCode, request.sessionId);
      if (!session) return { reply: vendorError('INVALID_TOKEN', 'unknown session') };
      const touch = session.needsTouch ? { touchSessionId: session.sessionId } : {};
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
        const reply = ok({
          balance: minorUnits(await balanceOf(tx, session)),
          transactionId: request.transactionId,
          platformTransactionId: null,
        });
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
      if (debitRow.kind !== 'debit')
        return refuse('BAD_REQUEST', 'the referenced transaction is not a debit');
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
      const reply = ok({
        balance: minorUnits(balanceAfter(reversal, wallet)),
        transactionId: request.transactionId,
        platformTransactionId: String(reversal.entryId),
      });
      await remember(tx, { ...fields, amount: debitRow.amount, entryId: reversal.entryId }, reply);
      return { reply, movedMemberId: wallet.memberId, ...touch };
    }),
  );
  return finish(db, env, outcome);
}
