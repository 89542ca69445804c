/**
 * The limit a vendor debit is compared with (issue 12): one bet as ONE statement, pgbench-style. A
 * guarded wallet update (balance ≥ stake), the bet row and its two journal rows (wallet −, house +)
 * in one data-modifying CTE, sent as a plain query string (the simple protocol, like `pgbench -M
 * simple`), from `clients` connections, each on its own random wallet among `wallets`, for `seconds`.
 *
 * It runs in its own tables (`limit_*`) of the database it is given and drops them afterwards; the
 * server's tables are not touched. No shared house balance row: the house side is a journal row only
 * (docs/design.md, the hot-row rule), as in the pgbench script.
 */
import { randomInt } from 'node:crypto';
import pg from 'pg';
import { percentile } from './support.ts';

export interface OneStatementResult {
  bets: number;
  refused: number;
  seconds: number;
  betsPerSecond: number;
  p50: number;
  p99: number;
  /** Each bet's milliseconds, sorted (to merge slices). */
  latencies: number[];
}

const STAKE = 1_000;

/** Creates and funds `limit_wallets` (ids 1..wallets) with empty bet and journal tables. */
async function prepare(client: pg.Client, wallets: number): Promise<void> {
  await client.query(`
    drop table if exists limit_journal, limit_bets, limit_wallets;
    create table limit_wallets (id integer primary key, balance bigint not null check (balance >= 0));
    create table limit_bets (
      id bigserial primary key, wallet_id integer not null, stake bigint not null,
      placed_at timestamptz not null default now());
    create table limit_journal (
      id bigserial primary key, bet_id bigint not null, account text not null, amount bigint not null);
    insert into limit_wallets select id, 100000000000 from generate_series(1, ${wallets}) as id;`);
  await client.query('vacuum analyze limit_wallets');
}

/** The one statement: the wallet row only moves when it can pay; no row moved, no bet, no journal. */
function betStatement(walletId: number): string {
  return `with debit as (
      update limit_wallets set balance = balance - ${STAKE}
       where id = ${walletId} and balance >= ${STAKE} returning id),
    bet as (insert into limit_bets (wallet_id, stake) select id, ${STAKE} from debit returning id, wallet_id),
    journal as (
      insert into limit_journal (bet_id, account, amount)
      select id, 'wallet:' || wallet_id, -${STAKE} from bet
      union all select id, 'house', ${STAKE} from bet returning bet_id)
    select count(*)::int as bets from bet`;
}

/** The limit's tables and connections, ready to run slices of bets (interleaved with other rows). */
export interface OneStatementBets {
  run(seconds: number): Promise<OneStatementResult>;
  close(): Promise<void>;
}

export async function openOneStatementBets(options: {
  url: string;
  clients: number;
  wallets: number;
}): Promise<OneStatementBets> {
  const admin = new pg.Client({ connectionString: options.url });
  await admin.connect();
  const connections: pg.Client[] = [];
  const close = async () => {
    await Promise.all(connections.map((client) => client.end()));
    await admin.query('drop table if exists limit_journal, limit_bets, limit_wallets').catch(() => undefined);
    await admin.end();
  };
  try {
    await prepare(admin, options.wallets);
    for (let index = 0; index < options.clients; index += 1) {
      const client = new pg.Client({ connectionString: options.url });
      await client.connect();
      connections.push(client);
    }
  } catch (error) {
    await close();
    throw error;
  }
  const run = async (seconds: number): Promise<OneStatementResult> => {
    const latencies: number[] = [];
    let bets = 0;
    let refused = 0;
    const started = process.hrtime.bigint();
    const deadline = started + BigInt(Math.round(seconds * 1e9));
    await Promise.all(
      connections.map(async (client) => {
        while (process.hrtime.bigint() < deadline) {
          const walletId = randomInt(1, options.wallets + 1);
          const begin = process.hrtime.bigint();
          const result = await client.query<{ bets: number }>(betStatement(walletId));
          latencies.push(Number(process.hrtime.bigint() - begin) / 1e6);
          if (result.rows[0]?.bets === 1) bets += 1;
          else refused += 1;
        }
      }),
    );
    const elapsed = Number(process.hrtime.bigint() - started) / 1e9;
    latencies.sort((left, right) => left - right);
    return {
      bets,
      refused,
      seconds: elapsed,
      betsPerSecond: bets / elapsed,
      p50: percentile(latencies, 0.5),
      p99: percentile(latencies, 0.99),
      latencies,
    };
  };
  return { run, close };
}

export async function runOneStatementBets(options: {
  url: string;
  clients: number;
  wallets: number;
  seconds: number;
}): Promise<OneStatementResult> {
  const limit = await openOneStatementBets(options);
  try {
    return await limit.run(options.seconds);
  } finally {
    await limit.close();
  }
}
