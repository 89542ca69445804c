import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createTestDatabase, type TestDatabase } from '../../test/helper.ts';
import { memberVendorAddress } from './ledger.addresses.ts';
import { isLedgerError, type LedgerErrorReason } from './ledger.errors.ts';
import {
  getBalance,
  getOrOpenMemberWallet,
  postEntry,
  reverseEntry,
  type EntryKind,
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
 * Random sequences of money movements against a model. After every sequence each wallet must hold
 * what the model says, the system accounts must have moved by what the model says, and the
 * verifier must find every invariant intact. Runs on PGlite, and on PostgreSQL with DATABASE_URL.
 *
 * Every run uses fresh member ids, so runs (and fast-check's shrinking re-runs) share one database
 * without sharing wallets; the verifier checks the whole accumulated ledger each time. (So after a
 * real failure, fast-check's shrunk counterexample can be misleading: read the first failure.)
 */

const MEMBERS = 3;
const WALLETS_PER_MEMBER = 2; // main and a transfer-mode vendor sub-wallet

type Operation =
  | { type: 'deposit' | 'debit' | 'credit' | 'withdraw'; member: number; amount: bigint }
  | { type: 'transfer'; from: number; offset: number; amount: bigint }
  | { type: 'reverse'; pick: number }
  | { type: 'replay'; pick: number; changeAmount: boolean };

const amount = fc.bigInt({ min: 1n, max: 5_000n });
const member = fc.integer({ min: 0, max: MEMBERS - 1 });
const wallet = fc.integer({ min: 0, max: MEMBERS * WALLETS_PER_MEMBER - 1 });

const operation: fc.Arbitrary<Operation> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ type: fc.constant('deposit' as const), member, amount }) },
  { weight: 3, arbitrary: fc.record({ type: fc.constant('debit' as const), member, amount }) },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('credit' as const), member, amount }) },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('withdraw' as const), member, amount }) },
  {
    weight: 4,
    arbitrary: fc.record({
      type: fc.constant('transfer' as const),
      from: wallet,
      offset: fc.integer({ min: 1, max: MEMBERS * WALLETS_PER_MEMBER - 1 }),
      amount,
    }),
  },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('reverse' as const), pick: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      type: fc.constant('replay' as const),
      pick: fc.nat(),
      changeAmount: fc.boolean(),
    }),
  },
);

interface Applied {
  options: PostEntryOptions;
  entry: PostedEntry;
  reversed: boolean;
}

type Outcome = 'ok' | LedgerErrorReason;

async function outcomeOf(promise: Promise<PostedEntry>): Promise<{ outcome: Outcome; entry?: PostedEntry }> {
  try {
    return { outcome: 'ok', entry: await promise };
  } catch (error) {
    if (isLedgerError(error)) return { outcome: error.reason };
    throw error;
  }
}

let database: TestDatabase;
let run = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  await openTestLedger(database.db);
});

afterAll(async () => {
  await database.close();
});

describe('ledger properties', () => {
  it('keeps every invariant under random deposits, bets, wins, transfers, withdrawals, reversals and replays', async () => {
    const db = database.db;
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 20 }), async (operations) => {
        run += 1;
        const memberIds = Array.from({ length: MEMBERS }, (_, index) => 1_000 + run * 10 + index);
        const wallets: string[] = [];
        for (const memberId of memberIds) {
          await getOrOpenMemberWallet(db, { memberId, kind: 'main', currency: CURRENCY });
          await getOrOpenMemberWallet(db, { memberId, kind: 'vendor', vendor: 'JILI', currency: CURRENCY });
          wallets.push(main(memberId), memberVendorAddress(memberId, 'JILI'));
        }
        const systems = [WORLD, HOUSE, CLEARING];
        const systemsBefore = new Map<string, bigint>();
        for (const address of systems)
          systemsBefore.set(address, (await getBalance(db, { address })).balance);

        // The model: every balance this run has touched, starting from zero.
        const model = new Map<string, bigint>([...wallets, ...systems].map((address) => [address, 0n]));
        const isMemberWallet = (address: string) => address.startsWith('member:');
        const canApply = (postings: PostEntryOptions['postings']) =>
          postings.every(
            (posting) =>
              !isMemberWallet(posting.address) || (model.get(posting.address) ?? 0n) + posting.amount >= 0n,
          );
        const apply = (postings: PostEntryOptions['postings']) => {
          for (const posting of postings) {
            model.set(posting.address, (model.get(posting.address) ?? 0n) + posting.amount);
          }
        };
        const applied: Applied[] = [];
        let step = 0;

        const movement = (kind: EntryKind, from: string, to: string, value: bigint): PostEntryOptions => ({
          kind,
          idempotencyKey: `run-${run}-${(step += 1)}`,
          postings: [
            { address: from, amount: -value },
            { address: to, amount: value },
          ],
          metadata: { step },
        });

        for (const operation of operations) {
          let options: PostEntryOptions | undefined;
          switch (operation.type) {
            case 'deposit':
              options = movement('deposit', WORLD, main(memberIds[operation.member]!), operation.amount);
              break;
            case 'debit':
              options = movement('bet', main(memberIds[operation.member]!), HOUSE, operation.amount);
              break;
            case 'credit':
              options = movement('win', HOUSE, main(memberIds[operation.member]!), operation.amount);
              break;
            case 'withdraw':
              options = movement(
                'withdrawal',
                main(memberIds[operation.member]!),
                CLEARING,
                operation.amount,
              );
              break;
            case 'transfer': {
              const from = wallets[operation.from]!;
              const to = wallets[(operation.from + operation.offset) % wallets.length]!;
              options = movement('transfer', from, to, operation.amount);
              break;
            }
            case 'reverse': {
              const target = applied[operation.pick % Math.max(1, applied.length)];
              if (!target) break;
              const key = `run-${run}-${(step += 1)}`;
              const reversal = target.entry.postings.map((posting) => ({
                address: posting.address,
                amount: -posting.amount,
              }));
              const expected: Outcome =
                target.entry.kind === 'reversal'
                  ? 'NOT_REVERSIBLE'
                  : target.reversed
                    ? 'ALREADY_REVERSED'
                    : canApply(reversal)
                      ? 'ok'
                      : 'INSUFFICIENT_FUNDS';
              const result = await outcomeOf(
                reverseEntry(db, {
                  entryId: target.entry.entryId,
                  idempotencyKey: key,
                  reason: 'property test',
                }),
              );
              expect(result.outcome, `reverse entry ${target.entry.entryId}`).toBe(expected);
              if (result.entry) {
                apply(reversal);
                target.reversed = true;
                applied.push({
                  options: {
                    kind: 'reversal',
                    idempotencyKey: key,
                    postings: reversal,
                    reversesEntryId: target.entry.entryId,
                  },
                  entry: result.entry,
                  reversed: false,
                });
              }
              break;
            }
            case 'replay': {
              const target = applied[operation.pick % Math.max(1, applied.length)];
              if (!target) break;
              const replayOptions = operation.changeAmount
                ? {
                    ...target.options,
                    postings: target.options.postings.map((posting) => ({
                      address: posting.address,
                      amount: posting.amount * 2n,
                    })),
                  }
                : target.options;
              const result = await outcomeOf(postEntry(db, replayOptions));
              if (operation.changeAmount) {
                expect(result.outcome).toBe('IDEMPOTENCY_MISMATCH');
              } else {
                expect(result.outcome).toBe('ok');
                expect(result.entry).toMatchObject({ replayed: true, entryId: target.entry.entryId });
              }
              break;
            }
          }
          if (!options) continue;
          const expected: Outcome = canApply(options.postings) ? 'ok' : 'INSUFFICIENT_FUNDS';
          const result = await outcomeOf(postEntry(db, options));
          expect(result.outcome, `${options.kind} ${options.idempotencyKey}`).toBe(expected);
          if (result.entry) {
            expect(result.entry.replayed).toBe(false);
            apply(options.postings);
            applied.push({ options, entry: result.entry, reversed: false });
          }
        }

        for (const address of wallets) {
          expect((await getBalance(db, { address })).balance, address).toBe(model.get(address));
        }
        for (const address of systems) {
          const moved = (await getBalance(db, { address })).balance - systemsBefore.get(address)!;
          expect(moved, address).toBe(model.get(address));
        }
        await expectLedgerValid(db);
      }),
      { numRuns: 40 },
    );
  });
});
