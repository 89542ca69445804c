import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import {
  formatVerification,
  runInvariantChecks,
  type CheckResult,
  type InvariantCheck,
  type Verification,
} from '../../db/invariant-checks.ts';

/**
 * Checks every invariant of the ledger (docs/design.md, Money) against a database. Tests run it after
 * every scenario; `npm run ledger:verify` runs it against the configured database. All checks read
 * one snapshot (db/invariant-checks.ts), so it may run beside live traffic.
 *
 * Each check is a query that returns one text line per problem (the first few are reported).
 */
const checks: InvariantCheck[] = [
  {
    name: 'postings_sum_to_zero_per_currency',
    description: 'per currency, the sum of all postings is zero (no money created or lost)',
    query: sql`
      select p.currency || ': all postings sum to ' || sum(p.amount)::text as problem
        from postings p
       group by p.currency
      having sum(p.amount) <> 0`,
  },
  {
    name: 'balances_sum_to_zero_per_currency',
    description:
      'per currency, the balances of all accounts (cached for members, derived for system accounts) sum to zero',
    query: sql`
      select t.currency || ': balances sum to ' || sum(t.balance)::text as problem
        from (select a.currency, a.balance::numeric as balance
                from ledger_accounts a
               where a.balance is not null
              union all
              select a.currency, p.amount::numeric
                from postings p
                join ledger_accounts a on a.id = p.account_id
               where a.balance is null) as t
       group by t.currency
      having sum(t.balance) <> 0`,
  },
  {
    name: 'entries_balance',
    description: "every entry's postings sum to zero per currency",
    query: sql`
      select 'entry ' || p.entry_id || ' sums to ' || sum(p.amount)::text || ' ' || p.currency as problem
        from postings p
       group by p.entry_id, p.currency
      having sum(p.amount) <> 0`,
  },
  {
    name: 'entries_have_postings',
    description: 'every entry has at least two postings, every posting a non-zero amount',
    query: sql`
      select 'entry ' || e.id || ' (' || e.idempotency_key || ') has ' || count(p.id) || ' postings' as problem
        from journal_entries e
        left join postings p on p.entry_id = e.id
       group by e.id
      having count(p.id) < 2
      union all
      select 'posting ' || p.id || ' moves zero' from postings p where p.amount = 0`,
  },
  {
    name: 'postings_match_accounts',
    description: 'every posting names an existing account, in that account’s currency',
    query: sql`
      select 'posting ' || p.id || ' of entry ' || p.entry_id || ': account ' || p.account_id ||
             case when a.id is null then ' does not exist'
                  else ' is kept in ' || a.currency || ', posting says ' || p.currency end as problem
        from postings p
        left join ledger_accounts a on a.id = p.account_id
       where a.id is null or a.currency <> p.currency`,
  },
  {
    name: 'cached_balances_match_postings',
    description: 'every cached balance equals the sum of its postings',
    query: sql`
      select a.address || ': cached ' || a.balance::text || ', postings sum to ' ||
             coalesce(s.total, 0)::text as problem
        from ledger_accounts a
        left join (select p.account_id, sum(p.amount) as total from postings p group by p.account_id) as s
          on s.account_id = a.id
       where a.balance is not null and a.balance <> coalesce(s.total, 0)`,
  },
  {
    name: 'no_negative_member_balance',
    description: 'no member wallet is negative or allowed to be',
    query: sql`
      select a.address || ' is ' || a.balance::text as problem
        from ledger_accounts a
       where a.balance < 0 and not a.allow_negative
      union all
      select a.address || ' belongs to a member but allows a negative balance'
        from ledger_accounts a
       where a.owner_member_id is not null and a.allow_negative`,
  },
  {
    name: 'only_member_balances_cached',
    description: 'member wallets have a cached balance, system accounts none (no hot rows)',
    query: sql`
      select a.address || case when a.balance is null then ' belongs to a member but has no cached balance'
                               else ' is a system account with a cached balance' end as problem
        from ledger_accounts a
       where (a.owner_member_id is null) <> (a.balance is null)`,
  },
  {
    name: 'idempotency_keys_applied_once',
    description:
      'no idempotency key applied twice, no entry reversed twice, every entry has its request hash',
    query: sql`
      select 'idempotency key ' || e.idempotency_key || ' applied ' || count(*) || ' times' as problem
        from journal_entries e
       group by e.idempotency_key
      having count(*) > 1
      union all
      select 'entry ' || e.reverses_entry_id || ' reversed ' || count(*) || ' times'
        from journal_entries e
       where e.reverses_entry_id is not null
       group by e.reverses_entry_id
      having count(*) > 1
      union all
      select 'entry ' || e.id || ' has no valid request hash'
        from journal_entries e
       where e.request_hash !~ '^[0-9a-f]{64}$'`,
  },
  {
    name: 'running_balances_consistent',
    description:
      "each member posting's balance_after is the running sum of the wallet's postings (posting id order); system postings carry none",
    query: sql`
      select a.address || ': posting ' || r.id || ' says ' || coalesce(r.balance_after::text, 'nothing') ||
             ', running sum is ' || r.running::text as problem
        from (select p.id, p.account_id, p.balance_after,
                     sum(p.amount) over (partition by p.account_id order by p.id) as running
                from postings p
               where p.account_id in (select id from ledger_accounts where balance is not null)) as r
        join ledger_accounts a on a.id = r.account_id
       where r.balance_after is distinct from r.running
      union all
      select a.address || ': posting ' || p.id || ' of a system account carries a balance_after'
        from postings p
        join ledger_accounts a on a.id = p.account_id
       where a.balance is null and p.balance_after is not null`,
  },
  {
    name: 'reversals_mirror_originals',
    description: 'a reversal posts exactly the opposite of the entry it reverses, and only reversals reverse',
    query: sql`
      select 'entry ' || r.id || ' reverses ' || r.reverses_entry_id ||
             case when r.kind <> 'reversal' then ' but is a ' || r.kind
                  when o.kind = 'reversal' then ', itself a reversal'
                  else ' with different postings' end as problem
        from journal_entries r
        join journal_entries o on o.id = r.reverses_entry_id
       where r.kind <> 'reversal'
          or o.kind = 'reversal'
          or exists (select p.account_id, p.amount from postings p where p.entry_id = o.id
                     except
                     select p.account_id, -p.amount from postings p where p.entry_id = r.id)
          or exists (select p.account_id, -p.amount from postings p where p.entry_id = r.id
                     except
                     select p.account_id, p.amount from postings p where p.entry_id = o.id)
      union all
      select 'entry ' || e.id || ' is a reversal of nothing'
        from journal_entries e
       where e.kind = 'reversal' and e.reverses_entry_id is null`,
  },
];

export type { CheckResult };
export type LedgerVerification = Verification;
export { formatVerification };

export const ledgerCheckNames = checks.map((check) => check.name);

export async function verifyLedger(db: Database): Promise<LedgerVerification> {
  return runInvariantChecks(db, checks);
}
