-- After 0032 (and the SQL sources): no old writer is left, and the books are as they were: every
-- entry balances per currency, every member wallet holds the sum of its postings.
SELECT 'an old writer of postings is left' AS problem, p.proname AS detail
  FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
 WHERE n.nspname = 'public'
   AND p.proname IN ('ledger_post_entry', 'ledger_post_two_legs', 'ledger_entry_result', 'lottery_entry_hash',
                     'agent_wage_entry_hash')
UNION ALL
SELECT 'an entry does not balance', p.entry_id::text
  FROM postings p GROUP BY p.entry_id, p.currency HAVING sum(p.amount) <> 0
UNION ALL
SELECT 'a wallet differs from its postings', a.address
  FROM ledger_accounts a
 WHERE a.balance IS NOT NULL
   AND a.balance <> coalesce((SELECT sum(p.amount) FROM postings p WHERE p.account_id = a.id), 0)
