import { sql } from 'drizzle-orm';
import type { DebitRequest } from '@khela/contract';
import type { Database } from '../../db/database.ts';
import { isLedgerError } from '../ledger/ledger.errors.ts';
import { balanceOf, postRoundMove } from './vendor-wallet.ledger.ts';
import { minorUnits, moneyReply, vendorError, type VendorReply } from './vendor-wallet.replies.ts';
import { roundRefusal, runMoneyCall } from './vendor-wallet.round.ts';
import { touchOf, type VendorCall } from './vendor-wallet.sessions.ts';
import { recordAccepted, remember, type AcceptedFields, type Outcome } from './vendor-wallet.transactions.ts';

/** A bet: the wallet pays the round (opened by its first debit). */
export async function debit({
  db,
  env,
  vendorCode,
  request,
}: VendorCall<DebitRequest>): Promise<VendorReply> {
  return runMoneyCall(
    { db, env, vendorCode, action: 'debit', request, session: 'live' },
    async ({ tx, amount, session, game, round, fields, refuse, accepted }) => {
      if (!game) return refuse('BAD_REQUEST', 'unknown gameCode');
      if (round) {
        const refusal = roundRefusal(round, session.memberId);
        if (refusal) return refuse(...refusal);
      } else if (!game.enabled) {
        return refuse('GAME_DISABLED');
      }
      // An INSUFFICIENT_FUNDS refusal aborts this transaction; it is remembered in its own below.
      const posted = await postRoundMove(tx, {
        kind: 'bet',
        vendorCode,
        transactionId: request.transactionId,
        roundId: request.roundId,
        wallet: session,
        amount,
        metadata: { gameCode: request.gameCode },
      });
      const reply = moneyReply(posted.balance, request.transactionId, posted.entryId);
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
      return accepted(reply, session.memberId);
    },
    async (error, { session, fields }) => {
      if (!isLedgerError(error, 'INSUFFICIENT_FUNDS')) return null;
      // Nothing moved; the refusal is final for this transaction id (a retry must not succeed later).
      return db.transaction(async (tx): Promise<Outcome> => {
        const refusal = vendorError('INSUFFICIENT_FUNDS');
        refusal.body.balance = minorUnits(await balanceOf(tx, session));
        await remember(tx, fields, refusal);
        return { reply: refusal, ...touchOf(session) };
      });
    },
  );
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
  await recordAccepted(tx, fields, roundWrite);
}
