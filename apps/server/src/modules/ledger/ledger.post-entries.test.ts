/**
 * ledger_post_two_legs (drizzle/0028): a member wallet against a system account in one
 * data-modifying statement, with ledger_post_entry's rules and error codes.
 */
import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDatabase, type TestDatabase } from '../../test/helper.ts';
import { pgErrorOf } from '../../db/pg-errors.ts';
import { getBalance, postEntry, rowsOf } from './ledger.service.ts';
import { HOUSE, WORLD, expectLedgerValid, main, openTestLedger } from './ledger.test-support.ts';

let database: TestDatabase;
let sut: TestDatabase['db'];

beforeEach(async () => {
  database = await createTestDatabase();
  sut = database.db;
  await openTestLedger(sut, [1, 2]);
  await postEntry(sut, {
    kind: 'deposit',
    idempotencyKey: 'fund-1',
    postings: [
      { address: WORLD, amount: -1_000n },
      { address: main(1), amount: 1_000n },
    ],
  });
});

afterEach(async () => {
  await database.close();
});

const hashOf = (text: string) => createHash('sha256').update(text).digest('hex');

interface Posted {
  entry_id: string | null;
  balance_after: string | null;
}

async function post(
  key: string,
  delta: bigint,
  options: { hash?: string; wallet?: string; counterparty?: string } = {},
) {
  const rows = rowsOf<Posted>(
    await sut.execute(sql`select entry_id::text, balance_after::text
      from ledger_post_two_legs('bet', ${key}, ${options.hash ?? hashOf(key)}, '{"test":true}'::jsonb,
        ${options.wallet ?? main(1)}, ${options.counterparty ?? HOUSE}, ${delta.toString()}::bigint)`),
  );
  return rows[0]!;
}

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'resolved';
  } catch (error) {
    return pgErrorOf(error)?.code ?? String(error);
  }
}

const balanceOf = async (address: string) => (await getBalance(sut, { address })).balance;
const entryCount = async () =>
  Number(rowsOf<{ n: number }>(await sut.execute(sql`select count(*)::int as n from journal_entries`))[0]!.n);

describe('ledger_post_two_legs', () => {
  it('posts a bet and a win as one entry each, the wallet guarded and the house untouched', async () => {
    const bet = await post('bet-1', -300n);
    expect(bet.balance_after).toBe('700');
    const win = await post('win-1', 500n);
    expect(win.balance_after).toBe('1200');
    expect(await balanceOf(main(1))).toBe(1_200n);
    expect(await balanceOf(HOUSE)).toBe(-200n);
    const legs = rowsOf<{ amount: string; balance_after: string | null; address: string }>(
      await sut.execute(sql`select p.amount::text, p.balance_after::text, a.address
        from postings p join ledger_accounts a on a.id = p.account_id
        where p.entry_id = ${Number(bet.entry_id)} order by p.id`),
    );
    expect(legs).toEqual([
      { amount: '-300', balance_after: '700', address: main(1) },
      { amount: '300', balance_after: null, address: HOUSE },
    ]);
    const house = rowsOf<{ balance: string | null }>(
      await sut.execute(sql`select balance::text from ledger_accounts where address = ${HOUSE}`),
    );
    expect(house[0]?.balance).toBeNull();
    await expectLedgerValid(sut);
  });

  it('answers a replay with no entry and moves nothing; another body under the key is KL002', async () => {
    await post('bet-1', -300n);
    const entries = await entryCount();
    expect(await post('bet-1', -300n)).toEqual({ entry_id: null, balance_after: null });
    expect(await codeOf(post('bet-1', -300n, { hash: hashOf('another body') }))).toBe('KL002');
    expect(await entryCount()).toBe(entries);
    expect(await balanceOf(main(1))).toBe(700n);
  });

  it('refuses a stake above the balance with KL001 and leaves no entry behind', async () => {
    const entries = await entryCount();
    expect(await codeOf(post('too-much', -1_001n))).toBe('KL001');
    expect(await entryCount()).toBe(entries);
    expect(await balanceOf(main(1))).toBe(1_000n);
    // The whole balance may go.
    expect((await post('all-in', -1_000n)).balance_after).toBe('0');
    await expectLedgerValid(sut);
  });

  it("refuses what is not a wallet against a system account with ledger_post_entry's codes", async () => {
    expect(await codeOf(post('zero', 0n))).toBe('KL005');
    expect(await codeOf(post('nobody', -1n, { wallet: main(99) }))).toBe('KL003');
    expect(await codeOf(post('no-house', -1n, { counterparty: 'house:XYZ' }))).toBe('KL003');
    // Two member wallets are a transfer: ledger_post_entry moves both, guarded.
    const transfer = await post('to-2', -100n, { counterparty: main(2) });
    expect(transfer.balance_after).toBe('900');
    expect(await balanceOf(main(2))).toBe(100n);
    expect(await codeOf(post('from-2-too-much', -101n, { wallet: main(2), counterparty: main(1) }))).toBe(
      'KL001',
    );
    await expectLedgerValid(sut);
  });
});
