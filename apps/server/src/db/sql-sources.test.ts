/**
 * SQL is reviewed source (docs/design.md, Money): the database holds exactly what the modules' SQL
 * files say. After the migrations and the sources are applied (src/db/migrate.ts), every function,
 * view and trigger of the public schema is declared in one file, and its live definition is the
 * file's: a function's body text, a view's definition, a trigger's table and function. Runs on
 * PGlite and, with DATABASE_URL, on PostgreSQL. A failing after-check rolls its migration back.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { createTestDatabase, type TestDatabase } from '../test/helper.ts';
import type { Database } from './database.ts';
import {
  MigrationCheckError,
  migrateDatabase,
  migrationsFolder,
  readSqlSources,
  statementsOf,
} from './migrate.ts';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.close();
});

const rows = async <Row>(statement: ReturnType<typeof sql>) =>
  (await database.db.execute(statement)) as unknown as { rows: Row[] };

interface Declared {
  functions: Map<string, { file: string; body: string }>;
  views: Map<string, { file: string; statement: string }>;
  triggers: Map<string, { file: string; table: string; fn: string }>;
}

function declared(): Declared {
  const result: Declared = { functions: new Map(), views: new Map(), triggers: new Map() };
  const once = <T>(map: Map<string, T>, name: string, value: T & { file: string }) => {
    const earlier = map.get(name) as { file: string } | undefined;
    if (earlier) throw new Error(`${name} is declared in ${earlier.file} and ${value.file}`);
    map.set(name, value);
  };
  for (const source of readSqlSources()) {
    for (const statement of statementsOf(source.text)) {
      const code = statement.replace(/--[^\n]*/g, '');
      const fn = /CREATE OR REPLACE FUNCTION\s+(\w+)\s*\(/i.exec(code);
      const view = /CREATE OR REPLACE VIEW\s+(\w+)/i.exec(code);
      const trigger =
        /CREATE OR REPLACE TRIGGER\s+(\w+)[\s\S]*?\sON\s+"?(\w+)"?[\s\S]*?EXECUTE FUNCTION\s+(\w+)/i.exec(
          code,
        );
      if (fn) {
        const body = /\$\$([\s\S]*?)\$\$/.exec(statement)?.[1];
        if (body === undefined) throw new Error(`${source.name}: no $$ body for ${fn[1]}`);
        once(result.functions, fn[1]!, { file: source.name, body });
      } else if (view) {
        once(result.views, view[1]!, { file: source.name, statement });
      } else if (trigger) {
        once(result.triggers, trigger[1]!, { file: source.name, table: trigger[2]!, fn: trigger[3]! });
      } else {
        throw new Error(`${source.name}: a statement that is not a function, view or trigger`);
      }
    }
  }
  return result;
}

describe('SQL sources and the live database', () => {
  it('holds every function once, with the body its file gives, and no other', async () => {
    const { functions } = declared();
    const live = (
      await rows<{ name: string; body: string }>(sql`
        select p.proname as name, p.prosrc as body from pg_proc p
          join pg_namespace n on n.oid = p.pronamespace
         where n.nspname = 'public'
           and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
         order by 1`)
    ).rows;
    expect(live.map((row) => row.name)).toEqual([...functions.keys()].sort());
    for (const row of live)
      expect(row.body, `${row.name} (${functions.get(row.name)?.file})`).toBe(functions.get(row.name)?.body);
  });

  it('holds every view with the definition its file gives, and no other', async () => {
    const { views } = declared();
    const live = (
      await rows<{ name: string }>(
        sql`select viewname as name from pg_views where schemaname = 'public' order by 1`,
      )
    ).rows.map((row) => row.name);
    expect(live).toEqual([...views.keys()].sort());
    // Each file's view made again in a scratch schema, in a transaction that is rolled back: the
    // two definitions, printed by the same server under the same search path, must be the same.
    for (const [name, view] of views) {
      let compared: { live: string; file: string } | undefined;
      await database.db
        .transaction(async (tx) => {
          await tx.execute(sql.raw('CREATE SCHEMA drift_check'));
          const [live] = (
            (await tx.execute(
              sql.raw(`SELECT pg_get_viewdef('public.${name}'::regclass) AS d`),
            )) as unknown as { rows: { d: string }[] }
          ).rows;
          await tx.execute(sql.raw('SET LOCAL search_path = drift_check, public'));
          await tx.execute(sql.raw(view.statement));
          const [made] = (
            (await tx.execute(
              sql.raw(`SELECT pg_get_viewdef('drift_check.${name}'::regclass) AS d`),
            )) as unknown as { rows: { d: string }[] }
          ).rows;
          await tx.execute(sql.raw('SET LOCAL search_path = public'));
          compared = {
            live: live!.d.replaceAll('drift_check.', ''),
            file: made!.d.replaceAll('drift_check.', ''),
          };
          throw new Error('roll back');
        })
        .catch((error: unknown) => {
          if (!(error instanceof Error && error.message === 'roll back')) throw error;
        });
      expect(compared?.live, `${name} (${view.file})`).toBe(compared?.file);
    }
  });

  it('holds every trigger on the table and function its file gives, and no other', async () => {
    const { triggers } = declared();
    const live = (
      await rows<{ name: string; table: string; fn: string }>(sql`
        select t.tgname as name, c.relname as "table", p.proname as fn from pg_trigger t
          join pg_class c on c.oid = t.tgrelid
          join pg_namespace n on n.oid = c.relnamespace
          join pg_proc p on p.oid = t.tgfoid
         where n.nspname = 'public' and not t.tgisinternal
         order by 1`)
    ).rows;
    expect(live.map((row) => row.name)).toEqual([...triggers.keys()].sort());
    for (const row of live) {
      const file = triggers.get(row.name);
      expect({ table: row.table, fn: row.fn }, `${row.name} (${file?.file})`).toEqual({
        table: file?.table,
        fn: file?.fn,
      });
    }
  });

  it('remembers the text it applied of each source file', async () => {
    const applied = new Map(
      (
        await rows<{ name: string; hash: string }>(sql`select name, hash from drizzle.__khela_sql_sources`)
      ).rows.map((row) => [row.name, row.hash]),
    );
    expect(applied).toEqual(new Map(readSqlSources().map((source) => [source.name, source.hash])));
  });
});

describe('a migration whose after-check fails', () => {
  it('is refused, and nothing of it is written', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'khela-migrations-'));
    try {
      cpSync(migrationsFolder(), folder, { recursive: true });
      const journal = JSON.parse(readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as {
        entries: { tag: string }[];
      };
      const last = journal.entries.at(-1)!.tag;
      writeFileSync(
        path.join(folder, 'checks', `${last}.sql`),
        `SELECT 'broken' AS what FROM members LIMIT 1`,
      );
      writeFileSync(
        path.join(folder, `${last}.sql`),
        `${readFileSync(path.join(folder, `${last}.sql`), 'utf8')}
--> statement-breakpoint
INSERT INTO members (account, nickname) VALUES ('after-check', 'after-check');`,
      );
      const client = await PGlite.create();
      const db = drizzle(client) as unknown as Database;
      try {
        await expect(migrateDatabase(db, { migrationsFolder: folder })).rejects.toBeInstanceOf(
          MigrationCheckError,
        );
        const tables = (
          await client.query<{ n: number }>(
            `select count(*)::int as n from pg_tables where schemaname = 'public'`,
          )
        ).rows[0]!.n;
        expect(tables).toBe(0);
        const recorded = (
          await client.query<{ n: number }>(`select count(*)::int as n from drizzle.__drizzle_migrations`)
        ).rows[0]!.n;
        expect(recorded).toBe(0);
      } finally {
        await client.close();
      }
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
