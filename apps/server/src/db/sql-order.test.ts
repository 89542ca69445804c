/**
 * The order the SQL sources are applied in (src/db/migrate.ts afterWhatTheyName): a view that
 * reads another module's published view is made after it, whatever the modules' names.
 */
import { describe, expect, it } from 'vitest';
import { afterWhatTheyName, readSqlSources, type SqlSource } from './migrate.ts';

const source = (name: string, text: string): SqlSource => ({ name, text, hash: name });

describe('the SQL sources’ order', () => {
  it('puts a file after the files whose views or functions it names, and keeps the rest in place', () => {
    const order = afterWhatTheyName([
      source('ledger/a.sql', 'CREATE OR REPLACE VIEW ledger_wallets AS SELECT 1'),
      source('games/rounds.sql', 'CREATE OR REPLACE VIEW member_rounds AS SELECT * FROM lottery_rounds'),
      source(
        'games/other.sql',
        '-- lottery_rounds named in a comment only\nCREATE OR REPLACE VIEW g AS SELECT 1',
      ),
      source('lottery/rounds.sql', 'CREATE OR REPLACE VIEW lottery_rounds AS SELECT * FROM ledger_wallets'),
    ]).map((file) => file.name);
    expect(order).toEqual(['ledger/a.sql', 'games/other.sql', 'lottery/rounds.sql', 'games/rounds.sql']);
  });

  it('keeps the given order through a cycle of functions calling each other', () => {
    const order = afterWhatTheyName([
      source(
        'x/f.sql',
        'CREATE OR REPLACE FUNCTION f() RETURNS int LANGUAGE plpgsql AS $$ BEGIN RETURN g(); END $$',
      ),
      source(
        'x/g.sql',
        'CREATE OR REPLACE FUNCTION g() RETURNS int LANGUAGE plpgsql AS $$ BEGIN RETURN f(); END $$',
      ),
    ]).map((file) => file.name);
    expect(order).toEqual(['x/f.sql', 'x/g.sql']);
  });

  it('applies lottery_rounds before games’ member_rounds, and the ledger first', () => {
    const names = readSqlSources().map((file) => file.name);
    expect(names[0]).toMatch(/^ledger\//);
    expect(names.indexOf('lottery/lottery_rounds.sql')).toBeLessThan(
      names.indexOf('games/member_rounds.sql'),
    );
  });
});
