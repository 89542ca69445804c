import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { createCallBatcher, type CallBatcher } from './call-batcher.ts';
import type { Database } from './database.ts';
import { preparedRunnerOf, runPrepared, type PreparedRunner } from './prepared.ts';

/**
 * A hot one-statement call that may be grouped with others of its kind (db/call-batcher.ts), for
 * the statements every round of play sends besides the money call: the member's session check, the
 * game launch and the vendor's token exchange (issue 12). Measured on the vendor bench (full round,
 * 32 players): these three were ~3 of the ~3.3 transactions PostgreSQL ran per round; each costs a
 * round trip, a statement start-up and, for the two writes, a commit.
 *
 * - `text` is the statement for one call, parameters `$1` … `$k`.
 * - `batchText` is the same statement over many calls: its parameter `$i` is the ARRAY of the
 *   calls' `$i` values, in the calls' order (`unnest(…) with ordinality`), and every row it answers
 *   carries `n`, the 1-based number of the call it belongs to. It must answer, for each call, the
 *   same rows `text` would (tests compare both on PostgreSQL).
 *
 * On the node-postgres pool a call goes alone at once when a slot is free, else with the calls that
 * wait (group commit: all or nothing, a failed batch runs each call again alone). PGlite and
 * transactions run `text` alone, as before.
 */
export interface BatchableStatement {
  name: string;
  /** One call, run on the pool as its own transaction. */
  text: string;
  batchText: string;
  /**
   * One call where it may be part of a caller's transaction (PGlite, a transaction object), when
   * that must differ from `text`: a statement that relaxes its own commit (relaxedCommitRows) must
   * not relax a transaction that may move money too. Run as the named statement `<name>_strict`.
   */
  strictText?: string;
}

/**
 * The rows `rows` (a query) that also turn off `synchronous_commit` for the transaction they run
 * in (`set_config(…, true)`: this transaction only, read when it commits), for the `c` rows of a
 * statement that runs on the pool as its own transaction. Its commit then answers without waiting
 * for the WAL flush (PostgreSQL's asynchronous commit): a crash in the next ~0.6 s
 * (3 × wal_writer_delay) may lose the transaction, never leave it half done, and any later
 * synchronous commit (every money movement) flushes the WAL up to itself, the earlier relaxed
 * commits with it: nothing that depends on a relaxed write can outlive it.
 *
 * Only for writes a crash may lose and that draw no new id: a game session authenticated (the
 * vendor's next call is refused, the launch token can be exchanged again). Never money (those
 * commits wait for the flush: vendor-wallet.money.ts), and never a row whose id comes from a
 * sequence that an outsider keeps: a sequence's advance is flushed with the commit, so a lost
 * relaxed insert could see its id handed out again after the crash (the launch stays synchronous
 * for that reason). Measured on the vendor bench (issue 12): the launch and the token exchange
 * spent most of their time waiting on the WAL (IO:WALSync, LWLock:WALWrite in pg_stat_activity).
 */
export function relaxedCommitRows(rows: string): string {
  return `select c_rows.* from (${rows}) as c_rows,
    (select set_config('synchronous_commit', 'off', true)) as relaxed_commit`;
}

/** Batches in flight per statement and the most calls in one: as the money calls' defaults. */
export interface StatementBatching {
  concurrency: number;
  maxBatch: number;
}

/**
 * One batch in flight per statement, as the money calls (config/env.ts, MONEY_BATCH_CONCURRENCY):
 * the calls that arrive meanwhile leave together as soon as it answers. On the 2-core vendor bench
 * (bench/README.md, 30 Nov, stop 31) the full round (launch, token exchange, debit, credit) did
 * 1-13 % more money calls a second than with 2 in flight, at less server CPU per call, in each of
 * three pairs: larger batches, fewer round trips and commits.
 */
const defaultBatching: StatementBatching = { concurrency: 1, maxBatch: 16 };

export type StatementValues = readonly unknown[];
export type StatementRows = Record<string, unknown>[];

const batchers = new WeakMap<Database, Map<string, CallBatcher<StatementValues, StatementRows>>>();

/**
 * A batcher of `statement` on a node-postgres runner: alone as `text` (named `name`), several as
 * `batchText` (named `<name>_batch`), each call answered its own rows.
 */
export function createStatementBatcher(
  runner: PreparedRunner,
  statement: BatchableStatement,
  batching: StatementBatching,
): CallBatcher<StatementValues, StatementRows> {
  return createCallBatcher<StatementValues, StatementRows>({
    ...batching,
    runOne: (values) => runner<Record<string, unknown>>(statement.name, statement.text, [...values]),
    runMany: async (calls) => {
      const width = calls[0]!.length;
      const columns = Array.from({ length: width }, (_, column) => calls.map((values) => values[column]));
      const rows = await runner<Record<string, unknown>>(
        `${statement.name}_batch`,
        statement.batchText,
        columns,
      );
      const answers: StatementRows[] = calls.map(() => []);
      for (const row of rows) {
        const answer = answers[Number(row.n) - 1];
        if (!answer) throw new Error(`${statement.name}: a batch answered a row of call ${String(row.n)}`);
        answer.push(row);
      }
      return answers;
    },
  });
}

function batcherOf(
  db: Database,
  statement: BatchableStatement,
  batching: StatementBatching,
): CallBatcher<StatementValues, StatementRows> | null {
  const runner = preparedRunnerOf(db);
  if (!runner) return null;
  let byName = batchers.get(db);
  if (!byName) {
    byName = new Map();
    batchers.set(db, byName);
  }
  let batcher = byName.get(statement.name);
  if (!batcher) {
    batcher = createStatementBatcher(runner, statement, batching);
    byName.set(statement.name, batcher);
  }
  return batcher;
}

/** Runs one call of `statement` (alone or in a batch, see above) and answers its rows. */
export async function runBatchable<Row>(
  db: Database,
  statement: BatchableStatement,
  values: StatementValues,
  batching: StatementBatching = defaultBatching,
): Promise<Row[]> {
  const batcher = batcherOf(db, statement, batching);
  if (!batcher) {
    return statement.strictText === undefined
      ? runPrepared<Row>(db, statement.name, statement.text, [...values])
      : runPrepared<Row>(db, `${statement.name}_strict`, statement.strictText, [...values]);
  }
  return (await batcher.run(values)) as Row[];
}

const dialect = new PgDialect();

/** The text of an SQL fragment that binds no value (a shared condition written once with drizzle). */
export function fragmentText(fragment: SQL): string {
  const { sql: text, params } = dialect.sqlToQuery(fragment);
  if (params.length > 0) throw new Error('fragmentText: the fragment binds values');
  return text;
}
