import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDatabase, type TestDatabase } from '../../test/helper.ts';
import { isLedgerError, parseAmountField, type LedgerErrorReason } from './ledger.errors.ts';
import { memberVendorAddress, memberWalletAddress } from './ledger.addresses.ts';
import {
  getBalance,
  getEntry,
  getOrOpenMemberWallet,
  listEntries,
  listMemberAccounts,
  openAccount,
  postEntry,
  requestHashOf,
  reverseEntry,
} from './ledger.service.ts';
import { formatVerification, verifyLedger } from './ledger.verifier.ts';
import {
  CLEARING,
  CURRENCY,
  HOUSE,
  WORLD,
  expectLedgerValid,
  main,
  openTestLedger,
} from './ledger.test-support.ts';

let database: TestDatabase;
let sut: TestDatabase['db'];

beforeEach(async () => {
  database = await createTestDatabase();
  sut = database.db;
  await openTestLedger(sut, [1, 2]);
});

afterEach(async () => {
  await database.close();
});

async function reasonOf(promise: Promise<unknown>): Promise<LedgerErrorReason | 'resolved'> {
  try {
    await promise;
    return 'resolved';
  } catch (error) {
    if (isLedgerError(error)) return error.reason;
    throw error;
  }
}

const balanceOf = async (address: string) => (await getBalance(sut, { address })).balance;

function deposit(memberId: number, amount: bigint, idempotencyKey: string) {
  return postEntry(sut, {
    kind: 'deposit',
    idempotencyKey,
    postings: [
      { address: WORLD, amount: -amount },
      { address: main(memberId), amount },
    ],
  });
}

function bet(memberId: number, amount: bigint, idempotencyKey: string) {
  return postEntry(sut, {
    kind: 'bet',
    idempotencyKey,
    postings: [
      { address: main(memberId), amount: -amount },
      { address: HOUSE, amount },
    ],
  });
}

describe('accounts', () => {
  it('opens member wallets with a cached zero balance and system accounts without one', async () => {
    const wallet = await getOrOpenMemberWallet(sut, { memberId: 7n, kind: 'main', currency: CURRENCY });
    expect(wallet).toMatchObject({
      address: 'member:7:main',
      kind: 'main',
      ownerMemberId: 7n,
      balance: 0n,
      allowNegative: false,
      precision: 2,
    });
    const house = await openAccount(sut, { address: HOUSE, currency: CURRENCY });
    expect(house).toMatchObject({ kind: 'house', ownerMemberId: null, balance: null, allowNegative: true });
    const vendor = await getOrOpenMemberWallet(sut, {
      memberId: 7,
      kind: 'vendor',
      vendor: 'JILI',
      currency: CURRENCY,
    });
    expect(vendor.address).toBe('member:7:vendor:JILI');
  });

  it('is idempotent and refuses the same address in another currency', async () => {
    const first = await getOrOpenMemberWallet(sut, { memberId: 9, kind: 'bonus', currency: CURRENCY });
    const second = await getOrOpenMemberWallet(sut, { memberId: 9, kind: 'bonus', currency: CURRENCY });
    expect(second.id).toBe(first.id);
    expect(await reasonOf(getOrOpenMemberWallet(sut, { memberId: 9, kind: 'bonus', currency: 'USD' }))).toBe(
      'CURRENCY_MISMATCH',
    );
    expect(await reasonOf(openAccount(sut, { address: 'house:BDT', currency: 'USD' }))).toBe(
      'CURRENCY_MISMATCH',
    );
    expect(await reasonOf(openAccount(sut, { address: 'bank:BDT', currency: CURRENCY }))).toBe(
      'INVALID_POSTINGS',
    );
    const accounts = await listMemberAccounts(sut, { memberId: 9 });
    expect(accounts.map((account) => account.address)).toEqual(['member:9:bonus']);
  });
});

describe('postEntry', () => {
  it('moves money and keeps the member balance cached, system balances derived', async () => {
    const entry = await deposit(1, 10_000n, 'dep-1');
    expect(entry.replayed).toBe(false);
    expect(entry.kind).toBe('deposit');
    expect(entry.postings).toEqual(
      expect.arrayContaining([
        { address: main(1), currency: CURRENCY, amount: 10_000n, balanceAfter: 10_000n },
        { address: WORLD, currency: CURRENCY, amount: -10_000n, balanceAfter: null },
      ]),
    );
    await bet(1, 2_550n, 'bet-1');
    expect(await balanceOf(main(1))).toBe(7_450n);
    expect(await getBalance(sut, { address: HOUSE })).toMatchObject({ balance: 2_550n, isCached: false });
    expect(await balanceOf(WORLD)).toBe(-10_000n);
    // The house row itself is never written: its balance lives only in postings.
    expect((await openAccount(sut, { address: HOUSE, currency: CURRENCY })).balance).toBeNull();
    const [wallet] = await listMemberAccounts(sut, { memberId: 1 });
    expect(wallet?.balance).toBe(7_450n);
    await expectLedgerValid(sut);
  });

  it('replays the same key and request: the first result, nothing moves', async () => {
    const first = await deposit(1, 500n, 'dep-replay');
    const again = await deposit(1, 500n, 'dep-replay');
    expect(again.replayed).toBe(true);
    expect(again.entryId).toBe(first.entryId);
    expect(again.postings).toEqual(expect.arrayContaining(first.postings));
    expect(await balanceOf(main(1))).toBe(500n);
    await expectLedgerValid(sut);
  });

  it('refuses the same key with a different request and moves nothing', async () => {
    await deposit(1, 500n, 'dep-mismatch');
    expect(await reasonOf(deposit(1, 501n, 'dep-mismatch'))).toBe('IDEMPOTENCY_MISMATCH');
    expect(await reasonOf(deposit(2, 500n, 'dep-mismatch'))).toBe('IDEMPOTENCY_MISMATCH');
    expect(await reasonOf(bet(1, 500n, 'dep-mismatch'))).toBe('IDEMPOTENCY_MISMATCH');
    expect(await balanceOf(main(1))).toBe(500n);
    expect(await balanceOf(main(2))).toBe(0n);
  });

  it('hashes the canonical request: posting order and metadata do not matter, extra request fields do', () => {
    const base = {
      kind: 'bet' as const,
      idempotencyKey: 'k',
      postings: [
        { address: main(1), amount: -5n },
        { address: HOUSE, amount: 5n },
      ],
    };
    const swapped = { ...base, postings: [...base.postings].reverse(), metadata: { at: Date.now() } };
    expect(requestHashOf(swapped)).toBe(requestHashOf(base));
    expect(requestHashOf({ ...base, request: { roundId: 'r1' } })).not.toBe(requestHashOf(base));
    expect(requestHashOf(base)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses an overdraft with INSUFFICIENT_FUNDS and writes nothing, not even the key', async () => {
    await deposit(1, 1_000n, 'dep-2');
    expect(await reasonOf(bet(1, 1_001n, 'bet-over'))).toBe('INSUFFICIENT_FUNDS');
    expect(await balanceOf(main(1))).toBe(1_000n);
    expect(await balanceOf(HOUSE)).toBe(0n);
    expect(await getEntry(sut, { idempotencyKey: 'bet-over' })).toBeNull();
    // The key was not used up: the same request succeeds once the money is there.
    await deposit(1, 1n, 'dep-3');
    expect((await bet(1, 1_001n, 'bet-over')).replayed).toBe(false);
    expect(await balanceOf(main(1))).toBe(0n);
    await expectLedgerValid(sut);
  });

  it('fails the whole entry when one of several guarded wallets is short', async () => {
    await deposit(1, 1_000n, 'dep-4');
    // Member 1 pays member 2 and member 2 pays a fee: member 2 has nothing, so nothing moves.
    const reason = await reasonOf(
      postEntry(sut, {
        kind: 'transfer',
        idempotencyKey: 'multi',
        postings: [
          { address: main(1), amount: -100n },
          { address: HOUSE, amount: 150n },
          { address: main(2), amount: -50n },
        ],
      }),
    );
    expect(reason).toBe('INSUFFICIENT_FUNDS');
    expect(await balanceOf(main(1))).toBe(1_000n);
    expect(await balanceOf(main(2))).toBe(0n);
    await expectLedgerValid(sut);
  });

  it('refuses malformed entries before or inside the database', async () => {
    await deposit(1, 1_000n, 'dep-5');
    const attempt = (postings: { address: string; amount: bigint }[], idempotencyKey = 'bad') =>
      reasonOf(postEntry(sut, { kind: 'transfer', idempotencyKey, postings }));
    expect(await attempt([{ address: main(1), amount: -1n }])).toBe('INVALID_POSTINGS');
    expect(
      await attempt([
        { address: main(1), amount: -1n },
        { address: main(2), amount: 2n },
      ]),
    ).toBe('UNBALANCED_ENTRY');
    expect(
      await attempt([
        { address: main(1), amount: 0n },
        { address: main(2), amount: 0n },
      ]),
    ).toBe('INVALID_POSTINGS');
    expect(
      await attempt([
        { address: main(1), amount: -1n },
        { address: main(1), amount: 1n },
      ]),
    ).toBe('INVALID_POSTINGS');
    expect(
      await attempt([
        { address: main(1), amount: -1n },
        { address: 'nowhere', amount: 1n },
      ]),
    ).toBe('INVALID_POSTINGS');
    expect(
      await attempt([
        { address: main(1), amount: -1n },
        { address: main(99), amount: 1n },
      ]),
    ).toBe('ACCOUNT_NOT_FOUND');
    // Sums to zero overall but not per currency: only the database knows the currencies.
    await openAccount(sut, { address: 'house:USD', currency: 'USD' });
    expect(
      await attempt([
        { address: main(1), amount: -100n },
        { address: 'house:USD', amount: 100n },
      ]),
    ).toBe('UNBALANCED_ENTRY');
    expect(
      await reasonOf(
        postEntry(sut, {
          kind: 'deposit',
          idempotencyKey: 'not-a-reversal',
          reversesEntryId: 1,
          postings: [
            { address: WORLD, amount: -1n },
            { address: main(1), amount: 1n },
          ],
        }),
      ),
    ).toBe('INVALID_POSTINGS');
    expect(await reasonOf(postEntry(sut, { kind: 'deposit', idempotencyKey: '', postings: [] }))).toBe(
      'INVALID_POSTINGS',
    );
    expect(await balanceOf(main(1))).toBe(1_000n);
    await expectLedgerValid(sut);
  });

  it('stores metadata with bigints as strings', async () => {
    const entry = await postEntry(sut, {
      kind: 'deposit',
      idempotencyKey: 'dep-meta',
      postings: [
        { address: WORLD, amount: -5n },
        { address: main(1), amount: 5n },
      ],
      metadata: { orderId: 'o-1', fee: 12n },
    });
    const [line] = (await listEntries(sut, { memberId: 1, page: 1, pageSize: 10 })).items;
    expect(line?.entryId).toBe(entry.entryId);
    expect(line?.metadata).toEqual({ orderId: 'o-1', fee: '12' });
  });

  it('keeps journal entries and postings append-only and balanced at the table level', async () => {
    const entry = await deposit(1, 100n, 'dep-6');
    const failure = async (statement: ReturnType<typeof sql>) => {
      try {
        await sut.execute(statement);
        return 'resolved';
      } catch (error) {
        return (error as { cause?: { code?: string } }).cause?.code;
      }
    };
    expect(await failure(sql`update postings set amount = amount * 2`)).toBe('KL006');
    expect(await failure(sql`delete from journal_entries where id = ${entry.entryId}`)).toBe('KL006');
    expect(await failure(sql`truncate postings`)).toBe('KL006');
    // Outside the posting path nothing is written at all (ledger.post-entries.test.ts) …
    expect(
      await failure(
        sql`insert into postings (entry_id, account_id, amount, currency)
            select ${entry.entryId}, id, 1, 'BDT' from ledger_accounts where address = ${HOUSE}`,
      ),
    ).toBe('KL007');
    // … and even a writer holding the posting path's flag (a bug in it) cannot unbalance an entry
    // or take a member below zero.
    const asThePostingPath = async (statement: ReturnType<typeof sql>) => {
      try {
        await sut.transaction(async (tx) => {
          await tx.execute(sql`select set_config('khela.ledger_posting', 'on', true)`);
          await tx.execute(statement);
        });
        return 'resolved';
      } catch (error) {
        return (error as { cause?: { code?: string } }).cause?.code;
      }
    };
    expect(
      await asThePostingPath(
        sql`insert into postings (entry_id, account_id, amount, currency)
            select ${entry.entryId}, id, 1, 'BDT' from ledger_accounts where address = ${HOUSE}`,
      ),
    ).toBe('KL004');
    expect(
      await asThePostingPath(sql`update ledger_accounts set balance = -1 where address = ${main(2)}`),
    ).toBe('23514');
    await expectLedgerValid(sut);
  });
});

describe('parseAmountField', () => {
  it('answers a bad amount with AMOUNT_INVALID naming the field and the reason', () => {
    expect(parseAmountField('12.50', { field: 'amount', precision: 2 })).toBe(1_250n);
    try {
      parseAmountField('12.505', { field: 'amount', precision: 2 });
      expect.unreachable();
    } catch (error) {
      expect(isLedgerError(error, 'AMOUNT_INVALID')).toBe(true);
      expect(error).toMatchObject({
        code: 'VALIDATION_FAILED',
        status: 400,
        issues: [{ field: 'amount', reason: 'too_many_decimals' }],
        value: { reason: 'AMOUNT_INVALID' },
      });
    }
  });
});

describe('reverseEntry', () => {
  it('posts the exact opposite once, replays by key, refuses a second reversal', async () => {
    const entry = await deposit(1, 3_000n, 'dep-r');
    const reversal = await reverseEntry(sut, {
      entryId: entry.entryId,
      idempotencyKey: 'rev-1',
      reason: 'duplicate',
    });
    expect(reversal.kind).toBe('reversal');
    expect(reversal.reversesEntryId).toBe(entry.entryId);
    expect(await balanceOf(main(1))).toBe(0n);
    expect(await balanceOf(WORLD)).toBe(0n);

    const replay = await reverseEntry(sut, {
      entryId: entry.entryId,
      idempotencyKey: 'rev-1',
      reason: 'duplicate',
    });
    expect(replay).toMatchObject({ replayed: true, entryId: reversal.entryId });
    expect(
      await reasonOf(reverseEntry(sut, { entryId: entry.entryId, idempotencyKey: 'rev-2', reason: 'again' })),
    ).toBe('ALREADY_REVERSED');
    expect(
      await reasonOf(reverseEntry(sut, { entryId: reversal.entryId, idempotencyKey: 'rev-3', reason: 'x' })),
    ).toBe('NOT_REVERSIBLE');
    expect(
      await reasonOf(reverseEntry(sut, { entryId: 999_999, idempotencyKey: 'rev-4', reason: 'x' })),
    ).toBe('ENTRY_NOT_FOUND');
    const stored = await getEntry(sut, { idempotencyKey: 'rev-1' });
    expect(stored?.reversesEntryId).toBe(entry.entryId);
    await expectLedgerValid(sut);
  });

  it('cannot take back money the member has spent', async () => {
    const entry = await deposit(1, 1_000n, 'dep-spent');
    await bet(1, 600n, 'bet-spent');
    expect(
      await reasonOf(reverseEntry(sut, { entryId: entry.entryId, idempotencyKey: 'rev-s', reason: 'x' })),
    ).toBe('INSUFFICIENT_FUNDS');
    expect(await balanceOf(main(1))).toBe(400n);
    await expectLedgerValid(sut);
  });
});

describe('listEntries', () => {
  it('gives the account record with running balances, filters and pages', async () => {
    await deposit(1, 10_000n, 'l-dep');
    await bet(1, 1_000n, 'l-bet-1');
    await postEntry(sut, {
      kind: 'win',
      idempotencyKey: 'l-win-1',
      postings: [
        { address: HOUSE, amount: -2_500n },
        { address: main(1), amount: 2_500n },
      ],
    });
    await getOrOpenMemberWallet(sut, { memberId: 1, kind: 'vendor', vendor: 'JILI', currency: CURRENCY });
    await postEntry(sut, {
      kind: 'transfer',
      idempotencyKey: 'l-tr-1',
      postings: [
        { address: main(1), amount: -500n },
        { address: memberVendorAddress(1, 'JILI'), amount: 500n },
      ],
    });
    await deposit(2, 77n, 'l-other');

    const record = await listEntries(sut, { memberId: 1, page: 1, pageSize: 50 });
    expect(record.total).toBe(5);
    expect(record.items.map((line) => [line.kind, line.walletKind, line.amount, line.balanceAfter])).toEqual([
      ['transfer', 'vendor', 500n, 500n],
      ['transfer', 'main', -500n, 11_000n],
      ['win', 'main', 2_500n, 11_500n],
      ['bet', 'main', -1_000n, 9_000n],
      ['deposit', 'main', 10_000n, 10_000n],
    ]);

    const bets = await listEntries(sut, { memberId: 1, kinds: ['bet', 'win'], page: 1, pageSize: 50 });
    expect(bets.items.map((line) => line.kind)).toEqual(['win', 'bet']);
    const mainOnly = await listEntries(sut, { memberId: 1, walletKinds: ['main'], page: 2, pageSize: 3 });
    expect(mainOnly).toMatchObject({ total: 4, page: 2, pageSize: 3 });
    expect(mainOnly.items.map((line) => line.kind)).toEqual(['deposit']);

    const future = new Date(Date.now() + 60_000);
    expect((await listEntries(sut, { memberId: 1, from: future, page: 1, pageSize: 10 })).total).toBe(0);
    expect((await listEntries(sut, { memberId: 1, to: future, page: 1, pageSize: 10 })).total).toBe(5);
    expect((await listEntries(sut, { memberId: 2, page: 1, pageSize: 10 })).items).toHaveLength(1);
    expect(memberWalletAddress(2, 'main')).toBe(main(2));
  });
});

describe('verifyLedger', () => {
  it('passes on an empty and on a busy ledger', async () => {
    await expectLedgerValid(sut);
    await deposit(1, 5_000n, 'v-dep');
    await bet(1, 100n, 'v-bet');
    await postEntry(sut, {
      kind: 'withdrawal',
      idempotencyKey: 'v-wd',
      postings: [
        { address: main(1), amount: -900n },
        { address: CLEARING, amount: 900n },
      ],
    });
    await expectLedgerValid(sut);
  });

  it('names what is broken when rows are changed behind the ledger', async () => {
    await deposit(1, 5_000n, 'v-dep-2');
    await bet(1, 100n, 'v-bet-2');
    // Tamper as an attacker or a bad migration would: triggers off, rows edited in place.
    await sut.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`update ledger_accounts set balance = balance + 1 where address = ${main(1)}`);
      await tx.execute(
        sql`alter table ledger_accounts drop constraint ledger_accounts_balance_cached_for_members_only`,
      );
      await tx.execute(sql`update ledger_accounts set balance = 0 where address = ${HOUSE}`);
      await tx.execute(
        sql`update postings set amount = amount + 7
             where id = (select max(p.id) from postings p join ledger_accounts a on a.id = p.account_id
                          where a.address = ${WORLD})`,
      );
    });
    const verification = await verifyLedger(sut);
    expect(verification.ok).toBe(false);
    const failed = verification.checks.filter((check) => !check.ok).map((check) => check.name);
    expect(failed).toEqual(
      expect.arrayContaining([
        'postings_sum_to_zero_per_currency',
        'entries_balance',
        'cached_balances_match_postings',
        'only_member_balances_cached',
      ]),
    );
    const report = formatVerification(verification);
    expect(report).toContain('member:1:main: cached 4901, postings sum to 4900');
    expect(report).toContain('house:BDT is a system account with a cached balance');
  });
});
