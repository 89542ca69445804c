/**
 * The vendor wallet's money calls without HTTP (issue 12): debit + credit as the server sends them
 * (`vendor_money_call`, apps/server/drizzle/0029_money_call_leaner.sql, through the server's own
 * batcher: alone as a named prepared statement, or grouped in one statement and one transaction
 * when calls wait, on `batching.concurrency` connections), from `sessions.length` players, one
 * wallet session each, for `seconds`. Between this row and the one-statement
 * limit lies what the function does beyond a bare bet (replay check, round, session, journal
 * entry); between it and the HTTP rows lies what the server does around it.
 */
import { createHash } from 'node:crypto';
import pg from 'pg';
import {
  createMoneyCallBatcher,
  moneyCallValues,
  type MoneyBatching,
} from '../apps/server/src/modules/games/vendor-wallet.money.ts';
import { percentile } from './support.ts';

export interface MoneyFunctionResult {
  /** debit + credit pairs per second. */
  pairsPerSecond: number;
  errors: number;
  debitP50: number;
  debitP99: number;
}

/** The server's idle minutes for a game session in the bench (GAME_SESSION_IDLE_MINUTES). */
const IDLE_MINUTES = 30;

export async function runMoneyFunction(options: {
  url: string;
  vendorCode: string;
  gameCode: string;
  sessions: string[];
  stake: number;
  prize: number;
  seconds: number;
  prefix: string;
  batching: MoneyBatching;
}): Promise<MoneyFunctionResult> {
  const pool = new pg.Pool({ connectionString: options.url, max: options.batching.concurrency });
  const batcher = createMoneyCallBatcher(async <Row>(name: string, text: string, values: unknown[]) => {
    const result = await pool.query({ name, text, values });
    return result.rows as Row[];
  }, options.batching);
  const debits: number[] = [];
  let pairs = 0;
  let errors = 0;
  try {
    const started = process.hrtime.bigint();
    const deadline = started + BigInt(Math.round(options.seconds * 1e9));
    await Promise.all(
      options.sessions.map(async (sessionId, index) => {
        for (let sequence = 0; process.hrtime.bigint() < deadline; sequence += 1) {
          const round = `${options.prefix}-${index}-${sequence}`;
          const requestHash = createHash('sha256').update(round).digest('hex');
          // The call as the server builds and sends it (vendor-wallet.money.ts).
          const send = async (
            action: 'debit' | 'credit',
            transactionId: string,
            gameCode: string | null,
            amount: number,
            final: boolean | null,
          ) => {
            const answer = await batcher.run(
              moneyCallValues({
                action,
                vendorCode: options.vendorCode,
                sessionId,
                transactionId,
                roundId: `fr-${round}`,
                gameCode,
                amount,
                final,
                requestHash,
                idleMinutes: IDLE_MINUTES,
              }),
            );
            return answer.status;
          };
          const begin = process.hrtime.bigint();
          const debit = await send('debit', `fd-${round}`, options.gameCode, options.stake, null);
          debits.push(Number(process.hrtime.bigint() - begin) / 1e6);
          const credit = await send(
            'credit',
            `fc-${round}`,
            null,
            sequence % 2 === 0 ? options.prize : 0,
            true,
          );
          if (debit === 200 && credit === 200) pairs += 1;
          else errors += 1;
        }
      }),
    );
    const elapsed = Number(process.hrtime.bigint() - started) / 1e9;
    debits.sort((left, right) => left - right);
    return {
      pairsPerSecond: pairs / elapsed,
      errors,
      debitP50: percentile(debits, 0.5),
      debitP99: percentile(debits, 0.99),
    };
  } finally {
    await pool.end();
  }
}
