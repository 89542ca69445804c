import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { runInvariantChecks, type InvariantCheck, type Verification } from '../../db/invariant-checks.ts';

/**
 * Every invariant of the points ledger (docs/loyalty.md "The points ledger"), the money ledger's
 * checks (ledger.verifier.ts) for points: tests run it after every points scenario and
 * `npm run ledger:verify` runs it beside the money ledger's verifier. Read-only, one snapshot.
 */
const checks: InvariantCheck[] = [
  {
    name: 'points_sum_to_zero',
    description: 'all points postings sum to zero (no points made or lost outside an entry)',
    query: sql`
      select 'all points postings sum to ' || sum(p.amount)::text as problem
        from points_postings p
      having sum(p.amount) <> 0`,
  },
  {
    name: 'points_entries_balance',
    description: "every points entry's postings sum to zero, with two postings or more, none zero",
    query: sql`
      select 'points entry ' || e.reference || ' sums to ' || coalesce(sum(p.amount), 0)::text ||
             ' over ' || count(p.id) || ' postings' as problem
        from points_entries e
        left join points_postings p on p.entry_id = e.id
       group by e.id, e.reference
      having coalesce(sum(p.amount), 0) <> 0 or count(p.id) < 2
      union all
      select 'points posting ' || p.id || ' moves zero' from points_postings p where p.amount = 0`,
  },
  {
    name: 'points_balances_match_postings',
    description: "every member's cached points equal the sum of their postings",
    query: sql`
      select a.address || ': cached ' || a.balance::text || ', postings sum to ' ||
             coalesce(s.total, 0)::text as problem
        from points_accounts a
        left join (select p.account_id, sum(p.amount) as total from points_postings p group by p.account_id) as s
          on s.account_id = a.id
       where a.balance is not null and a.balance <> coalesce(s.total, 0)`,
  },
  {
    name: 'no_negative_points',
    description: 'no member has fewer than zero points, at the end or after any entry',
    query: sql`
      select a.address || ' holds ' || a.balance::text as problem
        from points_accounts a
       where a.balance < 0
      union all
      select a.address || ': posting ' || p.id || ' left ' || p.balance_after::text
        from points_postings p
        join points_accounts a on a.id = p.account_id
       where p.balance_after < 0`,
  },
  {
    name: 'points_running_balances',
    description:
      "each member posting's balance_after is the running sum of the account's postings; system postings carry none",
    query: sql`
      select a.address || ': posting ' || r.id || ' says ' || coalesce(r.balance_after::text, 'nothing') ||
             ', running sum is ' || r.running::text as problem
        from (select p.id, p.account_id, p.balance_after,
                     sum(p.amount) over (partition by p.account_id order by p.id) as running
                from points_postings p
               where p.account_id in (select id from points_accounts where balance is not null)) as r
        join points_accounts a on a.id = r.account_id
       where r.balance_after is distinct from r.running
      union all
      select a.address || ': posting ' || p.id || ' of a system account carries a balance_after'
        from points_postings p
        join points_accounts a on a.id = p.account_id
       where a.balance is null and p.balance_after is not null`,
  },
  {
    name: 'points_accounts_shape',
    description: 'members have a cached balance, system accounts none; every member account names its owner',
    query: sql`
      select a.address || case when a.balance is null then ' is a member account without a cached balance'
                               else ' is a system account with a cached balance' end as problem
        from points_accounts a
       where (a.address like 'member:%') = (a.balance is null)
      union all
      select a.address || ' is owned by ' || coalesce(a.owner_member_id::text, 'nobody')
        from points_accounts a
       where a.address like 'member:%' and a.address <> 'member:' || coalesce(a.owner_member_id::text, '')`,
  },
  {
    name: 'points_keys_applied_once',
    description: 'no idempotency key or reference number used twice; every entry has its request hash',
    query: sql`
      select 'idempotency key ' || e.idempotency_key || ' applied ' || count(*) || ' times' as problem
        from points_entries e
       group by e.idempotency_key
      having count(*) > 1
      union all
      select 'reference ' || e.reference || ' used ' || count(*) || ' times'
        from points_entries e
       group by e.reference
      having count(*) > 1
      union all
      select 'points entry ' || e.reference || ' has no valid request hash'
        from points_entries e
       where e.request_hash !~ '^[0-9a-f]{64}$'`,
  },
  {
    name: 'points_append_only',
    description:
      'the triggers that keep points entries and postings append-only and the one posting path are in place',
    query: sql`
      select 'trigger ' || t.name || ' is missing or disabled' as problem
        from (values ('points_entries_append_only'), ('points_postings_append_only'),
                     ('points_entries_write_guard'), ('points_postings_write_guard'),
                     ('points_accounts_write_guard')) as t(name)
       where not exists (select 1 from pg_trigger g
                          where g.tgname = t.name and g.tgenabled <> 'D' and not g.tgisinternal)`,
  },
  {
    name: 'points_earned_once_per_day',
    description:
      "a member's points of a brand day are credited by one entry at most, on a day marked credited",
    query: sql`
      select 'points of ' || (e.metadata ->> 'day') || ' credited to member ' || (e.metadata ->> 'memberId') ||
             ' ' || count(*) || ' times' as problem
        from points_entries e
       where e.kind = 'earn'
       group by e.metadata ->> 'day', e.metadata ->> 'memberId'
      having count(*) > 1
      union all
      select 'points entry ' || e.reference || ' earned on ' || coalesce(e.metadata ->> 'day', 'no day') ||
             ', which is not marked credited'
        from points_entries e
       where e.kind = 'earn'
         and not exists (select 1 from loyalty_point_days d where d.day = e.metadata ->> 'day')`,
  },
];

export const pointsCheckNames = checks.map((check) => check.name);

export async function verifyPoints(db: Database): Promise<Verification> {
  return runInvariantChecks(db, checks);
}
