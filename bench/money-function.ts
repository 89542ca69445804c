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
import { percentile } from './support.ts';

export interface MoneyFunctionResult {
  /** debit + credit pairs per second. */
  pairsPerSecond: number;
  errors: number;
  debitP50: number;
  debitP99: number;
}

const statement = `select vendor_money_call($1, $2, $3::bigint, $4, $5, $6, $7::bigint, $8::boolean,
  null::jsonb, null, $9, 30, $10::jsonb) as result`;

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
          const begin = process.hrtime.bigint();
          const debit = await client.query<{ result: { status: number } }>({
            name: 'vendor_money_call',
            text: statement,
            values: [
              'debit',
              options.vendorCode,
              sessionId,
              `fd-${round}`,
              `fr-${round}`,
              options.gameCode,
              options.stake,
              null,
              hash,
              catalogue,
            ],
          });
          debits.push(Number(process.hrtime.bigint() - begin) / 1e6);
          const credit = await client.query<{ result: { status: number } }>({
            name: 'vendor_money_call',
            text: statement,
            values: [
              'credit',
              options.vendorCode,
              sessionId,
              `fc-${round}`,
              `fr-${round}`,
              null,
              sequence % 2 === 0 ? options.prize : 0,
              true,
              hash,
              catalogue,
            ],
          });
          if (debit.rows[0]?.result.status === 200 && credit.rows[0]?.result.status === 200) pairs += 1;
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
