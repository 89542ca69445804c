/**
 * The request hash is computed in one place, the SQL function ledger_request_hash
 * (modules/ledger/sql/ledger_request_hash.sql); it must be byte for byte the canonical hash of
 * packages/contract/src/request-hash.ts, which the house games and the tests compute in TypeScript.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { canonicalJson } from '@khela/contract/request-hash';
import { createTestDatabase, type TestDatabase } from '../../test/helper.ts';
import { entryKinds, requestHashOf, rowsOf, type EntryKind } from './ledger.service.ts';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.close();
});

const textArray = (values: readonly string[]) =>
  `{${values.map((value) => `"${value.replace(/["\\]/g, (character) => `\\${character}`)}"`).join(',')}}`;

async function sqlHash(entry: {
  kind: EntryKind;
  postings: { address: string; amount: bigint }[];
  reversesEntryId?: number;
  request?: Record<string, unknown>;
}): Promise<string> {
  const [row] = rowsOf<{ hash: string }>(
    await database.db.execute(sql`select ledger_request_hash(${entry.kind},
      ${textArray(entry.postings.map((posting) => posting.address))}::text[],
      ${`{${entry.postings.map((posting) => posting.amount.toString()).join(',')}}`}::bigint[],
      ${entry.reversesEntryId ?? null}::bigint, ${canonicalJson(entry.request ?? null)}::jsonb) as hash`),
  );
  return row!.hash;
}

// Request values as callers send them: strings of any characters PostgreSQL text can hold (no NUL),
// safe integers, booleans, null, nested arrays and objects.
const text = fc.string({ unit: 'binary', maxLength: 12 }).filter((value) => !value.includes('\u0000'));
const requestValue = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    text,
    fc.maxSafeInteger(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 6 }), tie('value'), { maxKeys: 3 }),
  ),
})).value;
const address = fc
  .tuple(fc.constantFrom('member', 'house', 'world', 'platform', 'clearing'), fc.nat(1_000_000))
  .map(([kind, id]) => (kind === 'member' ? `member:${id}:main` : `${kind}:BDT`));
const entry = fc.record(
  {
    kind: fc.constantFrom(...entryKinds),
    postings: fc.uniqueArray(
      fc.record({ address, amount: fc.bigInt({ min: -(2n ** 62n), max: 2n ** 62n }) }),
      { minLength: 2, maxLength: 5, selector: (posting) => posting.address },
    ),
    reversesEntryId: fc.nat(2 ** 31),
    request: fc.dictionary(fc.string({ maxLength: 8 }), requestValue, { maxKeys: 4 }),
  },
  { requiredKeys: ['kind', 'postings'] },
);

describe('ledger_request_hash', () => {
  it('is the canonical request hash of request-hash.ts, byte for byte', async () => {
    await fc.assert(
      fc.asyncProperty(entry, async (generated) => {
        const options = { ...generated, idempotencyKey: 'k' };
        expect(await sqlHash(generated)).toBe(requestHashOf(options));
      }),
      { numRuns: 300 },
    );
  });

  it('agrees on the shapes the callers post: a bet with a vendor request, a reversal, quotes and controls', async () => {
    const cases = [
      {
        kind: 'bet' as const,
        postings: [
          { address: 'member:1:main', amount: -100n },
          { address: 'house:BDT', amount: 100n },
        ],
        request: { vendorRequest: 'a'.repeat(64) },
      },
      {
        kind: 'reversal' as const,
        postings: [
          { address: 'house:BDT', amount: -5n },
          { address: 'member:1:main', amount: 5n },
        ],
        reversesEntryId: 42,
      },
      {
        kind: 'deposit' as const,
        postings: [
          { address: 'world:BDT', amount: -1n },
          { address: 'member:2:main', amount: 1n },
        ],
        request: {
          note: 'তিন "quoted" \\ \n\t\u0001\u001f\u2028 😀',
          list: [1, 'x', null, true, { b: 1, a: [] }],
        },
      },
    ];
    for (const item of cases)
      expect(await sqlHash(item)).toBe(requestHashOf({ ...item, idempotencyKey: 'k' }));
  });
});
