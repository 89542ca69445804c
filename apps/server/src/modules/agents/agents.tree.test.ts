import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../ledger/ledger.service.ts';
import { createTestDatabase, type TestDatabase } from '../../test/helper.ts';

// The closure table is kept by triggers on members (drizzle/0018_agent_tree.sql): checked here
// against a walk up the upline chain, after inserts and after moving a subtree.
describe('member_tree', () => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase();
  });
  afterEach(async () => {
    await database.close();
  });

  async function open(account: string, upline: number | null): Promise<number> {
    const rows = rowsOf<{ id: number | string }>(
      await database.db.execute(sql`
        insert into members (account, nickname, upline_id) values (${account}, ${account}, ${upline})
        returning id`),
    );
    return Number(rows[0]?.id);
  }
  async function pairs(): Promise<string[]> {
    const rows = rowsOf<{ a: string; d: string; depth: number }>(
      await database.db.execute(sql`
        select a.account as a, d.account as d, t.depth from member_tree t
          join members a on a.id = t.ancestor_id join members d on d.id = t.descendant_id
         where a.account like 'tree_%' order by 1, 2`),
    );
    return rows.map((row) => `${row.a}>${row.d}:${row.depth}`);
  }

  it('adds every ancestor at insert and moves a whole subtree with its upline', async () => {
    const top = await open('tree_top', null);
    const a = await open('tree_a', top);
    const b = await open('tree_b', a);
    await open('tree_c', b);
    const other = await open('tree_other', null);
    expect(await pairs()).toEqual([
      'tree_a>tree_a:0',
      'tree_a>tree_b:1',
      'tree_a>tree_c:2',
      'tree_b>tree_b:0',
      'tree_b>tree_c:1',
      'tree_c>tree_c:0',
      'tree_other>tree_other:0',
      'tree_top>tree_a:1',
      'tree_top>tree_b:2',
      'tree_top>tree_c:3',
      'tree_top>tree_top:0',
    ]);

    await database.db.execute(sql`update members set upline_id = ${other} where id = ${b}`);
    expect(await pairs()).toEqual([
      'tree_a>tree_a:0',
      'tree_b>tree_b:0',
      'tree_b>tree_c:1',
      'tree_c>tree_c:0',
      'tree_other>tree_b:1',
      'tree_other>tree_c:2',
      'tree_other>tree_other:0',
      'tree_top>tree_a:1',
      'tree_top>tree_top:0',
    ]);
  });

  it('refuses to move an account under its own downline', async () => {
    const top = await open('tree_top', null);
    const a = await open('tree_a', top);
    await expect(
      database.db.execute(sql`update members set upline_id = ${a} where id = ${top}`),
    ).rejects.toThrow();
  });
});
