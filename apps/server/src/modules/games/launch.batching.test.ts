import { randomBytes } from 'node:crypto';
import { count, eq, inArray } from 'drizzle-orm';
import type { Pool } from 'pg';
import { describe, expect, it } from 'vitest';
import {
  createStatementBatcher,
  runBatchable,
  type BatchableStatement,
  type StatementRows,
} from '../../db/batched-statement.ts';
import type { Database } from '../../db/database.ts';
import type { TestApp } from '../../test/helper.ts';
import { preparedRunnerOf, runPrepared, type PreparedRunner } from '../../db/prepared.ts';
import { demoAccounts } from '../accounts/accounts.seed.ts';
import { sessions } from '../accounts/accounts.tables.ts';
import { hashToken, sessionResolveStatement } from '../accounts/session.service.ts';
import { gameSessions } from './games.tables.ts';
import { hashLaunchToken, launchStatement } from './launch.service.ts';
import { authenticateStatement } from './vendor-wallet.sessions.ts';
import {
  VENDOR,
  fundedMember,
  launchToken,
  tokenFor,
  useVendorTest,
  vendorCall,
} from './vendor-wallet.test-support.ts';

/**
 * The session check, the game launch and the vendor's token exchange grouped in one statement
 * (db/batched-statement.ts) on PostgreSQL: each call of a batch gets the rows it would get alone.
 * PGlite has no prepared runner: there each runs alone (the launch and vendor tests cover it).
 */
const onPostgres = Boolean(process.env.DATABASE_URL);
const vendor = useVendorTest();

/** A batcher of `statement` on the test app's pool (one batch at a time), counting what it sends. */
function countingBatcher(db: Database, statement: BatchableStatement) {
  const runner = preparedRunnerOf(db)!;
  const sent = { alone: 0, batches: 0 };
  const counted: PreparedRunner = (name, text, values) => {
    if (name.endsWith('_batch')) sent.batches += 1;
    else sent.alone += 1;
    return runner(name, text, values);
  };
  return {
    sent,
    runner,
    batcher: createStatementBatcher(counted, statement, { concurrency: 1, maxBatch: 16 }),
  };
}

/**
 * A launch's values (launchStatement's $1 … $9): the game, the caller's session token, the launch
 * token's hash, BDT, English, a 120 s token and the session check's values.
 */
function launchCall(nodeId: number, sessionToken: string, launchTokenHash: string): unknown[] {
  return [nodeId, hashToken(sessionToken), launchTokenHash, 'BDT', 'en', 120, 15, 30, 60];
}

/** A batch's rows without the call number (`n`), to compare with the rows of the call alone. */
function withoutNumber(rows: StatementRows) {
  return rows.map(({ n: _n, ...row }) => row);
}

async function gameSessionCount(db: Database): Promise<number> {
  const [row] = await db.select({ total: count() }).from(gameSessions);
  return row?.total ?? 0;
}

/** The demo agent (`agent.token` a live token of theirs) and another token of theirs, revoked. */
async function agentAndRevokedToken(sut: TestApp) {
  const agent = await fundedMember(sut, demoAccounts.agent.account, 1n);
  const revoked = await tokenFor(sut, agent.id);
  await sut.db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(eq(sessions.tokenHash, hashToken(revoked)));
  return { agent, revoked };
}

describe.runIf(onPostgres)('session check, launch and token exchange in batches (PostgreSQL)', () => {
  it('checks sessions in one statement: each token gets the rows it gets alone', async () => {
    const { sut, playerToken } = vendor;
    const { agent, revoked } = await agentAndRevokedToken(sut);
    const tokens = ['warm-up', playerToken, 'unknown', playerToken, revoked, agent.token, '\u0000'];
    const values = tokens.map((token) => [hashToken(token), 15, 30, 60]);
    const { sent, runner, batcher } = countingBatcher(sut.db, sessionResolveStatement);
    const alone = [];
    for (const call of values) {
      alone.push(await runner(sessionResolveStatement.name, sessionResolveStatement.text, call));
    }
    const batched = await Promise.all(values.map((call) => batcher.run(call)));
    expect(sent).toEqual({ alone: 1, batches: 1 });
    expect(batched.map(withoutNumber)).toEqual(alone);
    expect(alone.map((rows) => rows.length)).toEqual([0, 1, 0, 1, 1, 1, 0]);
    expect((alone[4]![0] as { revoked: boolean }).revoked).toBe(true);
  });

  it('launches in one statement: each launch checks its own session and opens its own game session', async () => {
    const { sut, nodeId, playerId, playerToken } = vendor;
    const { agent, revoked } = await agentAndRevokedToken(sut);
    const hashes = Array.from({ length: 7 }, () => hashLaunchToken(randomBytes(32).toString('base64url')));
    const call = (hash: string, sessionToken: string, node = nodeId) => launchCall(node, sessionToken, hash);
    const { sent, batcher } = countingBatcher(sut.db, launchStatement);
    const before = await gameSessionCount(sut.db);
    const answers = await Promise.all([
      batcher.run(call(hashes[0]!, playerToken)),
      batcher.run(call(hashes[1]!, playerToken)),
      batcher.run(call(hashes[2]!, agent.token)),
      batcher.run(call(hashes[3]!, playerToken, 987_654)),
      batcher.run(call(hashes[4]!, agent.token)),
      batcher.run(call(hashes[5]!, 'unknown')),
      batcher.run(call(hashes[6]!, revoked)),
    ]);
    expect(sent).toEqual({ alone: 1, batches: 1 });
    // A row for every known session; the game's columns only where a game session was opened.
    expect(answers.map((rows) => rows.length)).toEqual([1, 1, 1, 1, 1, 0, 1]);
    const launched = answers.map((rows) => (rows[0] as { game_code?: string | null } | undefined)?.game_code);
    expect(launched).toEqual(['slot-1', 'slot-1', 'slot-1', null, 'slot-1', undefined, null]);
    expect(withoutNumber(answers[2]!)).toEqual([
      expect.objectContaining({
        member_id: String(agent.id),
        account: demoAccounts.agent.account,
        revoked: false,
        is_live: true,
        game_code: 'slot-1',
        api_base_url: 'https://vendor.example/games/',
        launch_kind: 'iframe',
      }),
    ]);
    expect(answers[6]![0]).toMatchObject({ revoked: true });
    expect(await gameSessionCount(sut.db)).toBe(before + 4);
    const opened = await sut.db
      .select({ tokenHash: gameSessions.tokenHash, memberId: gameSessions.memberId })
      .from(gameSessions)
      .where(inArray(gameSessions.tokenHash, [hashes[0]!, hashes[2]!]));
    expect(opened.sort((a, b) => a.memberId - b.memberId)).toEqual(
      [
        { tokenHash: hashes[0], memberId: playerId },
        { tokenHash: hashes[2], memberId: agent.id },
      ].sort((a, b) => a.memberId - b.memberId),
    );
  });

  it('exchanges tokens in one statement: a token used twice in a batch opens one session', async () => {
    const { sut, nodeId, playerToken } = vendor;
    const tokens = [];
    for (let index = 0; index < 4; index += 1) tokens.push(await launchToken(sut, playerToken, nodeId));
    const call = (token: string, vendorCode = VENDOR) => [hashLaunchToken(token), vendorCode, 30];
    const { sent, batcher } = countingBatcher(sut.db, authenticateStatement);
    const answers = await Promise.all([
      batcher.run(call(tokens[0]!)),
      batcher.run(call(tokens[1]!)),
      batcher.run(call(tokens[2]!)),
      batcher.run(call(tokens[2]!)),
      batcher.run(call('unknown')),
      batcher.run(call(tokens[3]!, 'OTHER')),
    ]);
    expect(sent).toEqual({ alone: 1, batches: 1 });
    const found = answers.map((rows) => rows.length);
    expect(found.slice(0, 2)).toEqual([1, 1]);
    expect(found[2]! + found[3]!).toBe(1);
    expect(found.slice(4)).toEqual([0, 0]);
    const row = (answers[1]![0] ?? {}) as { balance: string; currency: string; nickname: string };
    expect(row).toMatchObject({ balance: '100000', currency: 'BDT', nickname: expect.any(String) });
    // The token offered with another vendor's code is still unused: its own vendor exchanges it.
    const own = await vendorCall(sut, 'authenticate', { launchToken: tokens[3] });
    expect(own.status).toBe(200);
  });

  it('the server groups the launches and exchanges it receives at once; each player gets a session', async () => {
    const { sut, nodeId, playerToken } = vendor;
    const agent = await fundedMember(sut, demoAccounts.agent.account, 50_000n);
    const players = Array.from({ length: 16 }, (_, index) => (index % 2 === 0 ? playerToken : agent.token));
    const launchTokens = await Promise.all(players.map((token) => launchToken(sut, token, nodeId)));
    expect(new Set(launchTokens).size).toBe(16);
    const exchanged = await Promise.all(
      launchTokens.map((token) => vendorCall(sut, 'authenticate', { launchToken: token })),
    );
    expect(exchanged.map((answer) => answer.status)).toEqual(players.map(() => 200));
    expect(new Set(exchanged.map((answer) => answer.body.sessionId)).size).toBe(16);
    expect(exchanged.map((answer) => answer.body.balance)).toEqual(
      players.map((token) => (token === playerToken ? 100_000 : 50_000)),
    );
    // Each token once: a second exchange of any is refused.
    const again = await vendorCall(sut, 'authenticate', { launchToken: launchTokens[5] });
    expect(again.body.code).toBe('INVALID_TOKEN');
  });

  it("a token exchange on the pool commits without waiting for the WAL flush; never in a caller's transaction, never a launch", async () => {
    const { sut, nodeId, playerToken } = vendor;
    const launchValues = launchCall(nodeId, playerToken, hashLaunchToken('relaxed'));
    const exchangeValues = [hashLaunchToken('relaxed'), VENDOR, 30];
    const asBatch = (values: readonly unknown[]) => values.map((value) => [value]);
    const pool = (sut.db as unknown as { $client: Pool }).$client;
    const readCommitMode = "select current_setting('synchronous_commit') as mode";
    /** synchronous_commit in a transaction after `text` ran in it on one of the pool's connections. */
    const modeAfterText = async (text: string, values: unknown[]) => {
      const client = await pool.connect();
      try {
        await client.query('begin');
        await client.query(text, values);
        const { rows } = await client.query<{ mode: string }>(readCommitMode);
        return rows[0]?.mode;
      } finally {
        await client.query('rollback');
        client.release();
      }
    };
    /** The same after a call of `statement` made inside a caller's transaction (drizzle's). */
    const modeAfterCallInTransaction = async (statement: BatchableStatement, values: readonly unknown[]) => {
      let mode: string | undefined;
      await expect(
        sut.db.transaction(async (tx) => {
          const inTransaction = tx as unknown as Database;
          await runBatchable(inTransaction, statement, values);
          const [row] = await runPrepared<{ mode: string }>(inTransaction, 'probe', readCommitMode, []);
          mode = row?.mode;
          tx.rollback();
        }),
      ).rejects.toThrow('Rollback');
      return mode;
    };
    // The exchange's pool texts (each call its own transaction there) relax their own commit …
    expect(await modeAfterText(authenticateStatement.text, [...exchangeValues])).toBe('off');
    expect(await modeAfterText(authenticateStatement.batchText, asBatch(exchangeValues))).toBe('off');
    // … a call made inside a caller's transaction, which may move money too, does not …
    expect(await modeAfterCallInTransaction(authenticateStatement, exchangeValues)).toBe('on');
    expect(await modeAfterText(authenticateStatement.strictText!, [...exchangeValues])).toBe('on');
    // … and a launch never does: its game session's id comes from a sequence.
    expect(await modeAfterText(launchStatement.text, [...launchValues])).toBe('on');
    expect(await modeAfterText(launchStatement.batchText, asBatch(launchValues))).toBe('on');
  });
});

describe.skipIf(onPostgres)('session check, launch and token exchange on PGlite', () => {
  it('run alone: no prepared runner, the one-call statement through drizzle', async () => {
    const { sut, playerToken } = vendor;
    expect(preparedRunnerOf(sut.db)).toBeUndefined();
    const rows = await runBatchable<{ account: string; is_live: boolean }>(sut.db, sessionResolveStatement, [
      hashToken(playerToken),
      15,
      30,
      60,
    ]);
    expect(rows).toEqual([expect.objectContaining({ account: demoAccounts.player.account, is_live: true })]);
  });
});
