/**
 * The vendor wallet's money calls without HTTP (issue 12): debit + credit as the server sends them,
 * one `select vendor_money_call(…)` each (apps/server/drizzle/0028_two_leg_entries.sql), a named
 * prepared statement as the server sends it (db/prepared.ts), from `sessions.length` pg
 * connections, one wallet session each, for `seconds`. Between this row and the one-statement
 * limit lies what the function does beyond a bare bet (replay check, round, session, journal
 * entry); between it and the HTTP rows lies what the server does around it.
 */
import { createHash } from 'node:crypto';
import pg from 'pg';
import { vendorErrorCatalogue } from '@khela/contract';
import { moneyCallText } from '../apps/server/src/modules/games/vendor-wallet.money.ts';
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
}): Promise<MoneyFunctionResult> {
  const catalogue = JSON.stringify(vendorErrorCatalogue);
  const clients = await Promise.all(
    options.sessions.map(async () => {
      const client = new pg.Client({ connectionString: options.url });
      await client.connect();
      return client;
    }),
  );
  const debits: number[] = [];
  let pairs = 0;
  let errors = 0;
  try {
    const started = process.hrtime.bigint();
    const deadline = started + BigInt(Math.round(options.seconds * 1e9));
    await Promise.all(
      clients.map(async (client, index) => {
        const sessionId = options.sessions[index]!;
        for (let sequence = 0; process.hrtime.bigint() < deadline; sequence += 1) {
          const round = `${options.prefix}-${index}-${sequence}`;
          const hash = createHash('sha256').update(round).digest('hex');
          // The call as the server sends it (vendor-wallet.money.ts), under the same statement name.
          const send = async (
            action: 'debit' | 'credit',
            transactionId: string,
            gameCode: string | null,
            amount: number,
            final: boolean | null,
          ) => {
            const answer = await client.query<{ result: { status: number } }>({
              name: 'vendor_money_call',
              text: moneyCallText,
              values: [
                action,
                options.vendorCode,
                sessionId,
                transactionId,
                `fr-${round}`,
                gameCode,
                amount,
                final,
                null,
                null,
                hash,
                IDLE_MINUTES,
                catalogue,
              ],
            });
            return answer.rows[0]?.result.status;
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
    await Promise.all(clients.map((client) => client.end()));
  }
}
