/**
 * ledger_post_entries (modules/ledger/sql/ledger_post_entries.sql), the ledger's one posting path,
 * called as the SQL callers call it: the common case of one wallet against a system account, and
 * batches of several entries; and the write guard that refuses every other writer.
 */
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

interface Leg {
  entry: number;
  address: string;
  amount: bigint;
}

interface Posted {
  entryIds: string[];
  replayed: boolean[];
  balances: (string | null)[];
}

const textArray = (values: readonly string[]) => `{${values.map((value) => `"${value}"`).join(',')}}`;

async function postBatch(
  entries: { kind?: string; key: string; request?: unknown }[],
  legs: Leg[],
): Promise<Posted> {
  const rows = rowsOf<Posted>(
    await sut.execute(sql`select p.entry_ids::text[] as "entryIds", p.replayed, p.balances_after::text[] as balances
      from ledger_post_entries(${textArray(entries.map((entry) => entry.kind ?? 'bet'))}::text[],
        ${textArray(entries.map((entry) => entry.key))}::text[],
        ${`{${entries.map((entry) => JSON.stringify(JSON.stringify(entry.request ?? null))).join(',')}}`}::jsonb[],
        null, null,
        ${`{${legs.map((leg) => leg.entry).join(',')}}`}::integer[],
        ${textArray(legs.map((leg) => leg.address))}::text[],
        ${`{${legs.map((leg) => leg.amount.toString()).join(',')}}`}::bigint[]) as p`),
  );
  return rows[0]!;
}

/** One entry of a wallet against a counterparty: the vendor's bet and win. */
const post = (
  key: string,
  delta: bigint,
  options: { request?: unknown; wallet?: string; counterparty?: string } = {},
) =>
  postBatch(
    [{ key, request: options.request ?? { vendorRequest: key } }],
    [
      { entry: 1, address: options.wallet ?? main(1), amount: delta },
      { entry: 1, address: options.counterparty ?? HOUSE, amount: -delta },
    ],
  );

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

describe('ledger_post_entries: one wallet against a system account', () => {
  it('posts a bet and a win as one entry each, the wallet guarded and the house untouched', async () => {
    const bet = await post('bet-1', -300n);
    expect(bet.balances).toEqual(['700', null]);
    const win = await post('win-1', 500n);
    expect(win.balances).toEqual(['1200', null]);
    expect(await balanceOf(main(1))).toBe(1_200n);
    expect(await balanceOf(HOUSE)).toBe(-200n);
    const legs = rowsOf<{ amount: string; balance_after: string | null; address: string }>(
      await sut.execute(sql`select p.amount::text, p.balance_after::text, a.address
        from postings p join ledger_accounts a on a.id = p.account_id
        where p.entry_id = ${Number(bet.entryIds[0])} order by p.id`),
    );
    expect(legs).toEqual([
      { amount: '-300', balance_after: '700', address: main(1) },
      { amount: '300', balance_after: null, address: HOUSE },
    ]);
    const house = rowsOf<{ balance: string | null }>(
      await sut.execute(sql`select balance::text from ledger_accounts where address = ${HOUSE}`),
    );
    expect(house[0]?.balance).toBeNull();
    // The house first and the wallet second is the same entry.
    const reversed = await postBatch(
      [{ key: 'win-2' }],
      [
        { entry: 1, address: HOUSE, amount: -50n },
        { entry: 1, address: main(1), amount: 50n },
      ],
    );
    expect(reversed.balances).toEqual([null, '1250']);
    await expectLedgerValid(sut);
  });

  it('answers a replay with its entry and moves nothing; another request under the key is KL002', async () => {
    const first = await post('bet-1', -300n);
    const entries = await entryCount();
    expect(await post('bet-1', -300n)).toEqual({
      entryIds: first.entryIds,
      replayed: [true],
      balances: [null, null],
    });
    expect(await codeOf(post('bet-1', -300n, { request: { vendorRequest: 'another body' } }))).toBe('KL002');
    expect(await codeOf(post('bet-1', -301n))).toBe('KL002');
    expect(await entryCount()).toBe(entries);
    expect(await balanceOf(main(1))).toBe(700n);
  });

  it('refuses a stake above the balance with KL001 and leaves no entry behind', async () => {
    const entries = await entryCount();
    expect(await codeOf(post('too-much', -1_001n))).toBe('KL001');
    expect(await entryCount()).toBe(entries);
    expect(await balanceOf(main(1))).toBe(1_000n);
    expect((await post('all-in', -1_000n)).balances[0]).toBe('0');
    await expectLedgerValid(sut);
  });

  it('refuses a zero amount, an unknown account, and moves two wallets guarded', async () => {
    expect(await codeOf(post('zero', 0n))).toBe('KL005');
    expect(await codeOf(post('nobody', -1n, { wallet: main(99) }))).toBe('KL003');
    expect(await codeOf(post('no-house', -1n, { counterparty: 'house:XYZ' }))).toBe('KL003');
    const transfer = await post('to-2', -100n, { counterparty: main(2) });
    expect(transfer.balances).toEqual(['900', '100']);
    expect(await codeOf(post('from-2-too-much', -101n, { wallet: main(2), counterparty: main(1) }))).toBe(
      'KL001',
    );
    await expectLedgerValid(sut);
  });
});

describe('ledger_post_entries: batches', () => {
  it('posts several entries at once, each wallet with its running balance in entry order', async () => {
    const posted = await postBatch(
      [{ key: 'b-1' }, { key: 'b-2' }, { key: 'b-3' }],
      [
        { entry: 1, address: main(1), amount: -400n },
        { entry: 1, address: main(2), amount: 400n },
        { entry: 2, address: main(1), amount: -600n },
        { entry: 2, address: HOUSE, amount: 600n },
        { entry: 3, address: HOUSE, amount: -250n },
        { entry: 3, address: main(2), amount: 250n },
      ],
    );
    expect(posted.replayed).toEqual([false, false, false]);
    expect(posted.balances).toEqual(['600', '400', '0', null, null, '650']);
    expect(await balanceOf(main(1))).toBe(0n);
    expect(await balanceOf(main(2))).toBe(650n);
    // Per wallet, posting ids follow the running balance.
    const running = rowsOf<{ amount: string; balance_after: string }>(
      await sut.execute(sql`select p.amount::text, p.balance_after::text from postings p
        join ledger_accounts a on a.id = p.account_id where a.address = ${main(2)} order by p.id`),
    );
    expect(running).toEqual([
      { amount: '400', balance_after: '400' },
      { amount: '250', balance_after: '650' },
    ]);
    await expectLedgerValid(sut);
  });

  it('refuses a batch where any running balance dips below zero, even if it ends positive', async () => {
    const entries = await entryCount();
    const overdraw = postBatch(
      [{ key: 'o-1' }, { key: 'o-2' }],
      [
        { entry: 1, address: main(1), amount: -1_500n },
        { entry: 1, address: HOUSE, amount: 1_500n },
        { entry: 2, address: HOUSE, amount: -2_000n },
        { entry: 2, address: main(1), amount: 2_000n },
      ],
    );
    expect(await codeOf(overdraw)).toBe('KL001');
    expect(await entryCount()).toBe(entries);
    expect(await balanceOf(main(1))).toBe(1_000n);
  });

  it('refuses a bad batch whole: unbalanced, a key twice, an account twice, one leg, a leg of no entry', async () => {
    const entries = await entryCount();
    const unbalanced = postBatch(
      [{ key: 'u-1' }, { key: 'u-2' }],
      [
        { entry: 1, address: main(1), amount: -10n },
        { entry: 1, address: HOUSE, amount: 10n },
        { entry: 2, address: main(1), amount: -10n },
        { entry: 2, address: HOUSE, amount: 9n },
      ],
    );
    expect(await codeOf(unbalanced)).toBe('KL004');
    const legsOf = (entry: number): Leg[] => [
      { entry, address: main(1), amount: -10n },
      { entry, address: HOUSE, amount: 10n },
    ];
    expect(await codeOf(postBatch([{ key: 'k' }, { key: 'k' }], [...legsOf(1), ...legsOf(2)]))).toBe('KL005');
    expect(
      await codeOf(
        postBatch(
          [{ key: 'twice' }],
          [
            { entry: 1, address: main(1), amount: -10n },
            { entry: 1, address: main(1), amount: 10n },
          ],
        ),
      ),
    ).toBe('KL005');
    expect(
      await codeOf(
        postBatch(
          [{ key: 'one-leg' }, { key: 'other' }],
          [
            ...legsOf(2),
            { entry: 1, address: main(1), amount: -10n },
            { entry: 2, address: WORLD, amount: 1n },
          ],
        ),
      ),
    ).not.toBe('resolved');
    expect(await codeOf(postBatch([{ key: 'nowhere' }], [...legsOf(1), ...legsOf(2)]))).toBe('KL005');
    expect(await entryCount()).toBe(entries);
  });

  it('skips the entries of a batch already posted with the same request and posts the others', async () => {
    const first = await post('p-1', -100n);
    const posted = await postBatch(
      [{ key: 'p-1', request: { vendorRequest: 'p-1' } }, { key: 'p-2' }],
      [
        { entry: 1, address: main(1), amount: -100n },
        { entry: 1, address: HOUSE, amount: 100n },
        { entry: 2, address: main(1), amount: -50n },
        { entry: 2, address: HOUSE, amount: 50n },
      ],
    );
    expect(posted.replayed).toEqual([true, false]);
    expect(posted.entryIds[0]).toBe(first.entryIds[0]);
    expect(posted.balances).toEqual([null, null, '850', null]);
    expect(await balanceOf(main(1))).toBe(850n);
    await expectLedgerValid(sut);
  });
});

describe('the one posting path, held by the database', () => {
  it('refuses every write of entries, postings and balances outside ledger_post_entries (KL007)', async () => {
    const entries = await entryCount();
    const refused = [
      sql`insert into journal_entries (kind, idempotency_key, request_hash) values ('deposit', 'by-hand', 'x')`,
      sql`insert into postings (entry_id, account_id, amount, currency)
          select e.id, a.id, 1, 'BDT' from journal_entries e, ledger_accounts a where a.address = ${HOUSE} limit 1`,
      sql`update ledger_accounts set balance = balance + 100 where address = ${main(1)}`,
      sql`update ledger_accounts set allow_negative = true where address = ${main(2)}`,
      sql`delete from ledger_accounts where address = ${main(2)}`,
      sql`insert into ledger_accounts (address, kind, owner_member_id, currency, precision, balance)
          values ('member:77:main', 'main', 77, 'BDT', 2, 500)`,
    ];
    for (const statement of refused) expect(await codeOf(sut.execute(statement))).toBe('KL007');
    // The flag is the entry point's alone: cleared when it returns, inside the same transaction.
    const afterPosting = sut.transaction(async (tx) => {
      await tx.execute(sql`select ledger_post_entries('{deposit}', '{in-tx}', null, null, null, '{1,1}',
        ${textArray([WORLD, main(2)])}::text[], '{-5,5}')`);
      await tx.execute(sql`update ledger_accounts set balance = balance + 100 where address = ${main(2)}`);
    });
    expect(await codeOf(afterPosting)).toBe('KL007');
    expect(await entryCount()).toBe(entries);
    expect(await balanceOf(main(1))).toBe(1_000n);
    expect(await balanceOf(main(2))).toBe(0n);
    // An empty account may be opened by hand (the ledger module's openAccount does so).
    await sut.execute(sql`insert into ledger_accounts (address, kind, owner_member_id, currency, precision, balance)
      values ('member:78:main', 'main', 78, 'BDT', 2, 0)`);
    await expectLedgerValid(sut);
  });
});
