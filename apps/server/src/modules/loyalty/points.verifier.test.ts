import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatVerification } from '../../db/invariant-checks.ts';
import { createTestDatabase, type TestDatabase } from '../../test/helper.ts';
import { CONVERTED, ISSUED, pointsAddressOf, postPoints } from './points.ledger.ts';
import { pointsCheckNames, verifyPoints } from './points.verifier.ts';

/**
 * The points ledger's verifier (docs/loyalty.md "The points ledger"): green on an empty ledger and on
 * one moved only by the posting path; when rows are changed behind it (triggers off, as an attacker
 * or a bad migration would), it names each broken invariant and the rows that break it.
 */
let database: TestDatabase;

beforeEach(async () => {
  database = await createTestDatabase();
});
afterEach(() => database.close());

async function earn(memberId: number, points: bigint, day: string) {
  await database.db.execute(
    sql`insert into loyalty_point_days (day, counted_from, counted_to, members, points)
        values (${day}, now(), now(), 1, ${points.toString()}::bigint) on conflict do nothing`,
  );
  return postPoints(database.db, {
    kind: 'earn',
    idempotencyKey: `earn:${memberId}:${day}`,
    legs: [
      { address: ISSUED, amount: -points },
      { address: pointsAddressOf(memberId), amount: points },
    ],
    metadata: { memberId: String(memberId), day },
  });
}

describe('the points verifier', () => {
  it('passes on an empty ledger and on one moved by the posting path', async () => {
    expect((await verifyPoints(database.db)).ok).toBe(true);
    await earn(1, 900n, '2026-11-01');
    await earn(2, 50n, '2026-11-01');
    await postPoints(database.db, {
      kind: 'convert',
      idempotencyKey: 'convert:1:a',
      legs: [
        { address: pointsAddressOf(1), amount: -600n },
        { address: CONVERTED, amount: 600n },
      ],
    });
    const verification = await verifyPoints(database.db);
    expect(verification.ok, formatVerification(verification)).toBe(true);
    expect(verification.checks.map((check) => check.name)).toEqual(pointsCheckNames);
  });

  it('names what is broken when rows are changed behind the posting path', async () => {
    await earn(1, 900n, '2026-11-01');
    await earn(2, 50n, '2026-11-01');
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(
        sql`update points_accounts set balance = balance + 1 where address = ${pointsAddressOf(1)}`,
      );
      await tx.execute(
        sql`update points_postings set amount = amount - 100
             where id = (select max(p.id) from points_postings p
                          join points_accounts a on a.id = p.account_id where a.address = ${pointsAddressOf(2)})`,
      );
      await tx.execute(sql`alter table points_accounts drop constraint points_accounts_balance_guard`);
      await tx.execute(sql`update points_accounts set balance = -5 where address = ${pointsAddressOf(2)}`);
      // The same member's day credited a second time, under another key.
      await tx.execute(
        sql`insert into points_entries (kind, idempotency_key, request_hash, metadata)
            values ('earn', 'earn:1:again', ${'a'.repeat(64)}, '{"memberId": "1", "day": "2026-11-01"}')`,
      );
    });
    await database.db.execute(sql`alter table points_postings disable trigger points_postings_append_only`);
    const verification = await verifyPoints(database.db);
    expect(verification.ok).toBe(false);
    const failed = verification.checks.filter((check) => !check.ok).map((check) => check.name);
    expect(failed).toEqual(
      expect.arrayContaining([
        'points_sum_to_zero',
        'points_entries_balance',
        'points_balances_match_postings',
        'no_negative_points',
        'points_running_balances',
        'points_append_only',
        'points_earned_once_per_day',
      ]),
    );
    const report = formatVerification(verification);
    expect(report).toContain('member:1: cached 901, postings sum to 900');
    expect(report).toContain('member:2 holds -5');
    expect(report).toContain('trigger points_postings_append_only is missing or disabled');
    expect(report).toContain('points of 2026-11-01 credited to member 1 2 times');
  });
});
