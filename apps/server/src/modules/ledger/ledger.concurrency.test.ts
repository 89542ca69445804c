import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDatabase, type TestDatabase } from '../../test/helper.ts';
import { openDatabase } from '../../db/open-database.ts';
import type { Database, DatabaseHandle } from '../../db/database.ts';
import { isLedgerError, type LedgerErrorReason } from './ledger.errors.ts';
import {
  getBalance,
  getOrOpenMemberWallet,
  postEntry,
  reverseEntry,
  rowsOf,
  type PostEntryOptions,
  type PostedEntry,
} from './ledger.service.ts';
import {
  CLEARING,
  CURRENCY,
  HOUSE,
  WORLD,
  expectLedgerValid,
  main,
  openTestLedger,
} from './ledger.test-support.ts';

/**
 * Real concurrency needs PostgreSQL: PGlite runs one transaction at a time (docs/stack.md gotcha 5).
 * Hundreds of overlapping movements go through a pool of 10 connections at the same few wallets.
 */
const databaseUrl = process.env.DATABASE_URL;

describe.runIf(databaseUrl)('ledger under concurrent load (PostgreSQL)', () => {
  let database: TestDatabase;
  let pooled: DatabaseHandle;
  let db: Database;
  let nextMember = 1;
  let nextKey = 0;

  beforeAll(async () => {
    database = await createTestDatabase();
    // A second handle on the same test database with a pool of 10 connections.
    const [row] = rowsOf<{ name: string }>(await database.db.execute(sql`select current_database() as name`));
    const url = new URL(databaseUrl!);
    url.pathname = `/${row!.name}`;
    pooled = await openDatabase({ kind: 'pg', url: url.toString(), poolSize: 10 });
    db = pooled.db;
    await openTestLedger(db);
  });

  afterAll(async () => {
    await pooled?.close();
    await database?.close();
  });

  async function fundedWallets(count: number, amount: bigint): Promise<string[]> {
    const addresses: string[] = [];
    for (let index = 0; index < count; index += 1) {
      const memberId = nextMember++;
      await getOrOpenMemberWallet(db, { memberId, kind: 'main', currency: CURRENCY });
      await postEntry(db, {
        kind: 'deposit',
        idempotencyKey: `fund-${memberId}`,
        postings: [
          { address: WORLD, amount: -amount },
          { address: main(memberId), amount },
        ],
      });
      addresses.push(main(memberId));
    }
    return addresses;
  }

  const move = (
    kind: PostEntryOptions['kind'],
    from: string,
    to: string,
    amount: bigint,
  ): PostEntryOptions => ({
    kind,
    idempotencyKey: `load-${(nextKey += 1)}`,
    postings: [
      { address: from, amount: -amount },
      { address: to, amount },
    ],
  });

  /** Fires every movement at once; each settles as an entry or a ledger refusal (anything else fails). */
  async function fireAll(movements: PostEntryOptions[]) {
    return Promise.all(
      movements.map(async (options) => {
        try {
          return { options, entry: await postEntry(db, options), reason: undefined };
        } catch (error) {
          if (isLedgerError(error)) return { options, entry: undefined, reason: error.reason };
          throw error;
        }
      }),
    );
  }

  const balanceOf = async (address: string) => (await getBalance(db, { address })).balance;

  it('lets exactly as many debits through as the balance allows', async () => {
    const [wallet] = await fundedWallets(1, 5_000n);
    // 200 debits of 1.00 (bets and withdrawals) at a wallet holding 50.00: exactly 50 succeed.
    const results = await fireAll(
      Array.from({ length: 200 }, (_, index) =>
        index % 3 === 0 ? move('withdrawal', wallet!, CLEARING, 100n) : move('bet', wallet!, HOUSE, 100n),
      ),
    );
    const refused = results.filter((result) => result.reason);
    expect(results.filter((result) => result.entry)).toHaveLength(50);
    expect(refused).toHaveLength(150);
    expect(new Set(refused.map((result) => result.reason))).toEqual(
      new Set<LedgerErrorReason>(['INSUFFICIENT_FUNDS']),
    );
    expect(await balanceOf(wallet!)).toBe(0n);
    await expectLedgerValid(db);
  });

  it('refuses a debit only when the wallet could not cover it', async () => {
    const [wallet] = await fundedWallets(1, 50_000n);
    const amounts = Array.from({ length: 300 }, () => BigInt(randomInt(1, 1_000)) * 10n);
    const results = await fireAll(amounts.map((amount) => move('bet', wallet!, HOUSE, amount)));
    const final = await balanceOf(wallet!);
    const spent = results.reduce(
      (sum, result) => sum + (result.entry ? -result.options.postings[0]!.amount : 0n),
      0n,
    );
    expect(final).toBe(50_000n - spent);
    expect(final >= 0n).toBe(true);
    // With debits only the balance never rises, so a refusal is right only if even the final
    // balance is short of it.
    for (const result of results.filter((candidate) => candidate.reason)) {
      expect(result.reason).toBe('INSUFFICIENT_FUNDS');
      expect(
        -result.options.postings[0]!.amount > final,
        `refused ${-result.options.postings[0]!.amount}`,
      ).toBe(true);
    }
    await expectLedgerValid(db);
  });

  it('survives overlapping transfers in both directions, debits, credits and withdrawals without deadlock or overdraft', async () => {
    const wallets = await fundedWallets(4, 10_000n);
    const movements: PostEntryOptions[] = [];
    for (let index = 0; index < 400; index += 1) {
      const from = wallets[randomInt(wallets.length)]!;
      const amount = BigInt(randomInt(1, 2_000));
      const choice = randomInt(10);
      if (choice < 5) {
        const others = wallets.filter((address) => address !== from);
        movements.push(move('transfer', from, others[randomInt(others.length)]!, amount));
      } else if (choice < 7) movements.push(move('bet', from, HOUSE, amount));
      else if (choice < 9) movements.push(move('win', HOUSE, from, amount));
      else movements.push(move('withdrawal', from, CLEARING, amount));
    }
    const houseBefore = await balanceOf(HOUSE);
    const results = await fireAll(movements);

    const expected = new Map(wallets.map((address) => [address, 10_000n]));
    let houseMoved = 0n;
    for (const result of results) {
      if (!result.entry) {
        expect(result.reason).toBe('INSUFFICIENT_FUNDS');
        continue;
      }
      for (const posting of result.options.postings) {
        if (posting.address === HOUSE) houseMoved += posting.amount;
        if (expected.has(posting.address))
          expected.set(posting.address, expected.get(posting.address)! + posting.amount);
      }
    }
    for (const address of wallets) {
      const balance = await balanceOf(address);
      expect(balance, address).toBe(expected.get(address));
      expect(balance >= 0n, address).toBe(true);
    }
    expect(await balanceOf(HOUSE)).toBe(houseBefore + houseMoved);
    expect(results.filter((result) => result.entry).length).toBeGreaterThan(0);
    await expectLedgerValid(db);
  });

  it('applies one idempotency key once however many times it arrives at once', async () => {
    const [wallet] = await fundedWallets(1, 1_000n);
    const options = move('bet', wallet!, HOUSE, 300n);
    const results = await fireAll(Array.from({ length: 60 }, () => options));
    const entries = results.map((result) => result.entry).filter((entry): entry is PostedEntry => !!entry);
    expect(entries).toHaveLength(60);
    expect(new Set(entries.map((entry) => entry.entryId)).size).toBe(1);
    expect(entries.filter((entry) => !entry.replayed)).toHaveLength(1);
    expect(await balanceOf(wallet!)).toBe(700n);

    // The same key with different requests at once: one wins, every other is a replay of it
    // (same amount) or refused as a mismatch.
    const key = `contested-${nextKey}`;
    const contested = await fireAll(
      Array.from({ length: 40 }, (_, index) => ({
        ...move('bet', wallet!, HOUSE, BigInt(1 + (index % 4))),
        idempotencyKey: key,
      })),
    );
    const winners = contested.filter((result) => result.entry && !result.entry.replayed);
    expect(winners).toHaveLength(1);
    const won = -winners[0]!.options.postings[0]!.amount;
    for (const result of contested) {
      const amount = -result.options.postings[0]!.amount;
      if (amount === won) expect(result.entry?.entryId).toBe(winners[0]!.entry!.entryId);
      else expect(result.reason).toBe('IDEMPOTENCY_MISMATCH');
    }
    expect(await balanceOf(wallet!)).toBe(700n - won);
    await expectLedgerValid(db);
  });

  it('reverses an entry once when many reversals race', async () => {
    const [wallet] = await fundedWallets(1, 1_000n);
    const entry = await postEntry(db, move('bet', wallet!, HOUSE, 400n));
    const results = await Promise.all(
      Array.from({ length: 30 }, async (_, index) => {
        try {
          await reverseEntry(db, { entryId: entry.entryId, idempotencyKey: `race-${index}`, reason: 'race' });
          return 'ok';
        } catch (error) {
          if (isLedgerError(error)) return error.reason;
          throw error;
        }
      }),
    );
    expect(results.filter((result) => result === 'ok')).toHaveLength(1);
    expect(results.filter((result) => result === 'ALREADY_REVERSED')).toHaveLength(29);
    expect(await balanceOf(wallet!)).toBe(1_000n);
    await expectLedgerValid(db);
  });
});
