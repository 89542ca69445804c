/**
 * The module boundaries in raw SQL (ARCHITECTURE.md, Server layout; docs/design.md, Money): a
 * module's SQL names its own tables and other modules' published views and functions (whatever
 * their sql/ folders create), never another module's tables. Lint checks the imports; this checks
 * the SQL text lint cannot see (sql templates, sql.raw strings, statements built as strings, the
 * modules' sql/*.sql files).
 */
import { describe, expect, it } from 'vitest';
import {
  formatViolation,
  publishedObjects,
  readModuleFiles,
  sqlBoundaryViolations,
  sqlTextsOfTypeScript,
  tableOwners,
} from './sql-boundaries.ts';

/**
 * The reads that break the rule today, `file: table (owner)` → why they are still there. The list
 * only shrinks: a new read of another module's table fails, and so does an entry that no longer
 * occurs (delete it).
 */
const baseline: Record<string, string> = {};

/** A synthetic tree of module files, for the fixtures. */
const tree = (files: Record<string, string>) => new Map(Object.entries(files));

const tables = {
  'accounts/accounts.tables.ts': "export const members = pgTable(\n  'members', {});",
  'ledger/ledger.tables.ts': "export const ledgerAccounts = pgTable('ledger_accounts', {});",
  'ledger/sql/ledger_wallets.sql': 'CREATE OR REPLACE VIEW ledger_wallets AS SELECT 1;',
};

describe('the SQL boundary check, fed fixtures', () => {
  it('reads table owners from *.tables.ts and published names from sql/ folders', () => {
    const files = tree(tables);
    expect(tableOwners(files)).toEqual(
      new Map([
        ['members', 'accounts'],
        ['ledger_accounts', 'ledger'],
      ]),
    );
    expect(publishedObjects(files)).toEqual(new Map([['ledger_wallets', 'ledger']]));
  });

  it("finds another module's table in a sql template, sql.raw, a built statement and a .sql file", () => {
    const found = sqlBoundaryViolations(
      tree({
        ...tables,
        'games/a.ts': 'const q = sql`select a.balance from ledger_accounts a where a.id = ${id}`;',
        'games/b.ts': 'db.execute(sql.raw(\'select 1 from "members" m\'));',
        'games/c.ts': 'const text = `update members set x = 1 where id = ${id}`;',
        'games/sql/f.sql':
          'CREATE OR REPLACE FUNCTION f() RETURNS int LANGUAGE sql AS $$ SELECT count(*) FROM members $$;',
      }),
    ).map(formatViolation);
    expect(found).toEqual([
      'games/a.ts: ledger_accounts (ledger)',
      'games/b.ts: members (accounts)',
      'games/c.ts: members (accounts)',
      'games/sql/f.sql: members (accounts)',
    ]);
  });

  it("passes published views, a module's own tables, comments, strings, longer names and tests", () => {
    const found = sqlBoundaryViolations(
      tree({
        ...tables,
        'games/a.ts': 'const q = sql`select w.balance from ledger_wallets w -- not ledger_accounts\n`;',
        'games/b.ts':
          "const q = sql`select jsonb_build_object('members', 1) from report_members /* members */`;",
        'games/c.ts': "const note = 'members pick a game from the lobby';",
        'games/games.test.ts': 'sql`select * from members`;',
        'games/games.test-support.ts': 'sql`select * from ledger_accounts`;',
        'accounts/d.ts': 'sql`select * from members`;',
        'ledger/sql/ledger_wallets.sql':
          'CREATE OR REPLACE VIEW ledger_wallets AS SELECT a.balance FROM ledger_accounts a;',
      }),
    );
    expect(found).toEqual([]);
  });

  it('reads SQL only from sql templates, sql.raw and statement-shaped strings', () => {
    expect(
      sqlTextsOfTypeScript(
        [
          'const a = sql`select ${sql`x from y`} z`;',
          "const b = sql.raw('select 1 from t');",
          'const c = `insert into t (a) values (${v})`;',
          "const d = 'a sentence from a page';",
          'const e = html`<p>select</p>`;',
        ].join('\n'),
      ),
    ).toEqual(['select   z', 'x from y', 'select 1 from t', 'insert into t (a) values ( )']);
  });
});

describe('the server as it stands', () => {
  const files = readModuleFiles();
  const found = sqlBoundaryViolations(files).map(formatViolation);

  it('reads the modules', () => {
    expect(tableOwners(files).size).toBeGreaterThan(50);
    expect(publishedObjects(files).size).toBeGreaterThan(20);
  });

  it("names no other module's table in SQL beyond the baseline", () => {
    expect(found.filter((violation) => !(violation in baseline))).toEqual([]);
  });

  it('has no baseline entry that no longer occurs (the list only shrinks)', () => {
    expect(Object.keys(baseline).filter((entry) => !found.includes(entry))).toEqual([]);
  });
});
