import { sql } from 'drizzle-orm';
import type { CreditRequest } from '@khela/contract';
import type { Database } from '../../db/database.ts';
import { balanceOf, postRoundMove } from './vendor-wallet.ledger.ts';
import { moneyReply, vendorError, type VendorReply } from './vendor-wallet.replies.ts';
import { roundRefusal, runMoneyCall } from './vendor-wallet.round.ts';
import type { VendorCall } from './vendor-wallet.sessions.ts';
import { recordAccepted, type AcceptedFields } from './vendor-wallet.transactions.ts';

/** A win (or a zero credit that only settles): the round pays the wallet that bet in it. */
export async function credit({
  db,
  env,
  vendorCode,
  request,
}: VendorCall<CreditRequest>): Promise<VendorReply> {
  return runMoneyCall(
    { db, env, vendorCode, action: 'credit', request, session: 'known' },
    async ({ tx, amount, session, round, fields, refuse, accepted }) => {
      // Not remembered: the round's debit may still arrive, and then this credit must go through.
      if (!round) return { reply: vendorError('UNKNOWN_ROUND', 'no debit opened this round') };
      const refusal = roundRefusal(round, session.memberId);
      if (refusal) return refuse(...refusal);
      let entryId: number | null = null;
      let after: bigint;
      if (amount > 0n) {
        const posted = await postRoundMove(tx, {
          kind: 'win',
          vendorCode,
          transactionId: request.transactionId,
          roundId: request.roundId,
          wallet: round,
          amount,
          metadata: { final: request.final },
        });
        entryId = posted.entryId;
        after = posted.balance;
      } else {
        after = await balanceOf(tx, round);
      }
      const reply = moneyReply(after, request.transactionId, entryId);
      await recordCredit(
        tx,
        { ...fields, entryId, reply },
        { id: round.id, final: request.final, detail: request.detail },
      );
      return accepted(reply, entryId === null ? undefined : round.memberId);
    },
  );
}

/** An accepted credit's writes in one statement: the round's win (and settlement) and the transaction. */
async function recordCredit(
  tx: Database,
  fields: AcceptedFields,
  round: { id: number; final: boolean; detail: Record<string, unknown> | undefined },
) {
  const detail = round.detail === undefined ? null : JSON.stringify(round.detail);
  await recordAccepted(
    tx,
    fields,
    sql`
        update game_rounds
           set win_amount = win_amount + ${fields.amount.toString()}::bigint,
               detail = coalesce(${detail}::jsonb, detail),
               status = case when ${round.final}::boolean then 'settled' else status end,
               settled_at = case when ${round.final}::boolean then now() else settled_at end
         where id = ${round.id}
        returning id`,
  );
}
