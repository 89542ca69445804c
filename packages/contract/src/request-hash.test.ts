import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalJson, requestHash } from './request-hash.ts';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('requestHash', () => {
  it('ignores key order and undefined members, keeps array order', () => {
    expect(requestHash({ b: 1, a: { d: [1, 2], c: 'x' }, e: undefined })).toBe(
      requestHash({ a: { c: 'x', d: [1, 2] }, b: 1 }),
    );
    expect(requestHash({ a: [1, 2] })).not.toBe(requestHash({ a: [2, 1] }));
    expect(requestHash({ a: 1 })).toMatch(/^[0-9a-f]{64}$/);
  });

  it('writes bigints as decimal strings and dates as ISO strings', () => {
    expect(canonicalJson({ amount: 12n, at: new Date(0) })).toBe(
      '{"amount":"12","at":"1970-01-01T00:00:00.000Z"}',
    );
    expect(requestHash([12n])).toBe(requestHash(['12']));
  });

  // The rows stored before the one hash existed stay replayable: these were the modules' formulas.
  it('equals the hashes the server stored before', () => {
    // deposits: sha256(JSON.stringify([method, amount, reference, ...receipt digests]))
    expect(requestHash(['bkash', 1500n, null, 'ab'])).toBe(
      sha256(JSON.stringify(['bkash', '1500', null, 'ab'])),
    );
    // withdrawals: sha256(JSON.stringify([accountId, amount]))
    expect(requestHash([7, 2500n])).toBe(sha256(JSON.stringify([7, '2500'])));
    // vendor wallet: sha256 of the key-sorted JSON of { action, body }
    expect(requestHash({ body: { roundId: 'r', amount: 5 }, action: 'debit' })).toBe(
      sha256('{"action":"debit","body":{"amount":5,"roundId":"r"}}'),
    );
  });
});
