import { and, eq, sql } from 'drizzle-orm';
import type { CreditRequest, DebitRequest, VendorErrorCode } from '@khela/contract';
import type { Database } from '../../db/database.ts';
import { platformSessionLiveSql } from '../accounts/session.service.ts';
import { rowsOf } from '../ledger/ledger.service.ts';
import { walletChanged } from '../wallet/wallet.events.ts';
import { gameRounds } from './games.tables.ts';
import type { WalletOf } from './vendor-wallet.ledger.ts';
import { vendorError, vendorRequestHash, type VendorReply } from './vendor-wallet.replies.ts';
import { withRetries } from './vendor-wallet.retries.ts';
import { touchOf, touchSession, type VendorEnv, type WalletSession } from './vendor-wallet.sessions.ts';
import { answerOnce, remember, type Outcome, type Remember } from './vendor-wallet.transactions.ts';

/** The steps a debit and a credit share: the locking read, the round checks, the call's skeleton. */

export interface LockedRound extends WalletOf {
  id: number;
  status: 'open' | 'settled' | 'rolled_back';
  betAmount: bigint;
}

type RoundRow = typeof gameRounds.$inferSelect;

export async function lockRound(tx: Database, vendorCode: string, roundId: string): Promise<RoundRow | null> {
  const [row] = await tx
    .select()
    .from(gameRounds)
    .where(and(eq(gameRounds.vendorCode, vendorCode), eq(gameRounds.roundId, roundId)))
    .for('update');
  return row ?? null;
}

/**
 * The hot path's reads in one statement (docs/design.md: round trips cost more than rows): whether the
 * transaction id is taken, the session, the game, and the round, LOCKED (FOR UPDATE) so that it is
 * the first lock the call takes. Raw SQL, so every bigint is read as text (docs/stack.md gotcha 3).
 */
interface CallContext {
  /** The row id of a call already made under this transaction id. */
  storedId: string | null;
  /** Null when unknown to this vendor or never authenticated. */
  session: WalletSession | null;
  game: { nodeId: number; gameType: string; vassalage: string; enabled: boolean } | null;
  round: LockedRound | null;
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

/** Why a money call may not touch this round: another player's, or no longer open. */
export function roundRefusal(round: LockedRound, memberId: number): [VendorErrorCode, string] | null {
  if (round.memberId !== memberId) return ['BAD_REQUEST', 'this roundId belongs to another player'];
  if (round.status !== 'open') return ['ROUND_CLOSED', `the round is ${round.status}`];
  return null;
}

/** A debit or a credit inside its transaction, once its id is known to be new and its session found. */
export interface MoneyCall<Request extends DebitRequest | CreditRequest> {
  tx: Database;
  request: Request;
  amount: bigint;
  session: WalletSession;
  game: CallContext['game'];
  round: LockedRound | null;
  /** The transaction's row (member of the session), for `remember` and the accepted writes. */
  fields: Remember & { kind: 'debit' | 'credit' };
  /** A final refusal: remembered under the transaction id, so a retry gets it again. */
  refuse: (code: VendorErrorCode, message?: string) => Promise<Outcome>;
  /** An accepted call's outcome: the wallet that moved (if any) and the session to slide. */
  accepted: (reply: VendorReply, movedMemberId?: number) => Outcome;
}

/**
 * A debit's or a credit's skeleton: the request hash, the retries, one transaction holding the
 * locking read (lockCallContext), the replay (answerOnce), the session check, then `decide`.
 * `session: 'live'` refuses a session that has ended; `'known'` takes any authenticated one (a round
 * may settle after the player has left). `recover` may answer an error that aborted the
 * transaction (it runs its own); answering null rethrows.
 */
export async function runMoneyCall<Request extends DebitRequest | CreditRequest>(
  options: {
    db: Database;
    env: VendorEnv;
    vendorCode: string;
    action: 'debit' | 'credit';
    request: Request;
    session: 'live' | 'known';
  },
  decide: (call: MoneyCall<Request>) => Promise<Outcome>,
  recover?: (error: unknown, seen: { session: WalletSession; fields: Remember }) => Promise<Outcome | null>,
): Promise<VendorReply> {
  const { db, env, vendorCode, action, request } = options;
  const requestHash = vendorRequestHash(action, request);
  const amount = BigInt(request.amount);
  const outcome = await withRetries(async () => {
    // The call found inside the transaction, for a refusal written after it aborted.
    const seen: { call: MoneyCall<Request> | null } = { call: null };
    try {
      return await db.transaction(async (tx): Promise<Outcome> => {
        const { storedId, session, game, round } = await lockCallContext(tx, env, { vendorCode, ...request });
        const id = { vendorCode, transactionId: request.transactionId, action, requestHash };
        return answerOnce(tx, { ...id, isStored: storedId !== null }, async () => {
          if (!session || (options.session === 'live' && !session.isLive)) {
            const message = options.session === 'live' ? 'unknown or expired session' : 'unknown session';
            return { reply: vendorError('INVALID_TOKEN', message) };
          }
          const fields: MoneyCall<Request>['fields'] = {
            vendorCode,
            transactionId: request.transactionId,
            kind: action,
            roundId: request.roundId,
            memberId: session.memberId,
            amount,
            requestHash,
          };
          const call: MoneyCall<Request> = {
            tx,
            request,
            amount,
            session,
            game,
            round,
            fields,
            refuse: async (code, message) => ({
              reply: await remember(tx, fields, vendorError(code, message)),
            }),
            accepted: (reply, movedMemberId) => ({
              reply,
              ...(movedMemberId === undefined ? {} : { movedMemberId }),
              ...touchOf(session),
            }),
          };
          seen.call = call;
          return decide(call);
        });
      });
    } catch (error) {
      const recovered = seen.call && recover ? await recover(error, seen.call) : null;
      if (!recovered) throw error;
      return recovered;
    }
  });
  return finish(db, env, outcome);
}

/** After the transaction: the live balance push and the session's slide. */
export async function finish(db: Database, env: VendorEnv, outcome: Outcome): Promise<VendorReply> {
  if (outcome.movedMemberId !== undefined) walletChanged(db, outcome.movedMemberId);
  if (outcome.touchSessionId !== undefined) await touchSession(db, env, outcome.touchSessionId);
  return outcome.reply;
}
