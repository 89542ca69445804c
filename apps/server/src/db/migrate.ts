import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { Database } from './database.ts';

/**
 * Brings a database to the code's schema in ONE transaction: the pending migrations of
 * apps/server/drizzle (drizzle-kit's files, recorded in drizzle.__drizzle_migrations exactly as
 * drizzle's own migrator records them), then the SQL sources (every function, view and trigger
 * lives once, in a file beside its module: modules/<module>/sql/<object>.sql), then the after-check
 * of each migration applied now (drizzle/checks/<tag>.sql: a query that returns the rows that break
 * what the migration promises). A failing statement or a check that returns a row rolls everything
 * back: the database stays as it was.
 *
 * A source file is applied when its text changed since it was last applied (its SHA-256 is kept in
 * drizzle.__khela_sql_sources); files are CREATE OR REPLACE statements separated by
 * `--> statement-breakpoint`, as migrations are. A change of a function's arguments or a view's
 * columns needs a migration that drops the old object first (migrations run before the sources).
 * Order: the ledger's files first (others call its posting path), then the other modules by name,
 * each module's files by name; a file that names another file's view or function comes after it
 * (afterWhatTheyName).
 */

export interface SqlSource {
  /** `<module>/<file>.sql`, e.g. `ledger/ledger_post_entries.sql`. */
  name: string;
  text: string;
  hash: string;
}

export class MigrationCheckError extends Error {
  constructor(
    readonly tag: string,
    readonly rows: unknown[],
  ) {
    super(`the after-check of migration ${tag} failed: ${JSON.stringify(rows.slice(0, 5))}`);
    this.name = 'MigrationCheckError';
  }
}

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * The migrations folder: beside the sources in development (src/db → ../../drizzle) and copied
 * next to the bundle in production (dist/drizzle).
 */
export function migrationsFolder(): string {
  const candidates = [path.resolve(here, 'drizzle'), path.resolve(here, '../../drizzle')];
  const found = candidates.find((candidate) => existsSync(path.join(candidate, 'meta/_journal.json')));
  if (!found) throw new Error(`Migrations not found in ${candidates.join(' or ')}`);
  return found;
}

/**
 * Where the modules' SQL folders are: src/modules in development (src/db → ../modules), and
 * dist/sql in production (the build copies each modules/<module>/sql to dist/sql/<module>).
 */
function sqlSourcesRoot(): { root: string; folderOf: (module: string) => string } {
  const modules = path.resolve(here, '../modules');
  if (existsSync(path.join(modules, 'ledger/sql'))) {
    return { root: modules, folderOf: (module) => path.join(modules, module, 'sql') };
  }
  const built = path.resolve(here, 'sql');
  if (existsSync(path.join(built, 'ledger')))
    return { root: built, folderOf: (module) => path.join(built, module) };
  throw new Error(`SQL sources not found in ${modules} or ${built}`);
}

/** Every SQL source file, in the order they are applied. */
export function readSqlSources(): SqlSource[] {
  const { root, folderOf } = sqlSourcesRoot();
  const modules = readdirSync(root)
    .filter((module) => existsSync(folderOf(module)))
    .sort((left, right) => (left === 'ledger' ? -1 : right === 'ledger' ? 1 : left.localeCompare(right)));
  return afterWhatTheyName(
    modules.flatMap((module) =>
      readdirSync(folderOf(module))
        .filter((file) => file.endsWith('.sql'))
        .sort()
        .map((file) => {
          const text = readFileSync(path.join(folderOf(module), file), 'utf8');
          return { name: `${module}/${file}`, text, hash: createHash('sha256').update(text).digest('hex') };
        }),
    ),
  );
}

/**
 * The sources in their given order, except that a file comes after the files whose views or
 * functions it names: a view (or a LANGUAGE sql function) is checked when it is made, so games'
 * member_rounds, which reads lottery's published lottery_rounds, must come after it although
 * "games" sorts first. Stable: a file moves only behind what it names; names in comments do not
 * count, and a cycle (functions calling each other, checked only when run) keeps the given order.
 */
export function afterWhatTheyName(sources: SqlSource[]): SqlSource[] {
  const code = (text: string) => text.replace(/--[^\n]*/g, ' ');
  const madeBy = new Map<string, string>();
  for (const source of sources)
    for (const match of code(source.text).matchAll(/CREATE OR REPLACE (?:VIEW|FUNCTION)\s+(\w+)/gi))
      madeBy.set(match[1]!.toLowerCase(), source.name);
  const needs = new Map(
    sources.map((source) => {
      const words = new Set(
        code(source.text)
          .toLowerCase()
          .match(/\b\w+\b/g) ?? [],
      );
      const named = [...words].flatMap((word) => {
        const maker = madeBy.get(word);
        return maker && maker !== source.name ? [maker] : [];
      });
      return [source.name, new Set(named)];
    }),
  );
  const ordered: SqlSource[] = [];
  const placed = new Set<string>();
  const left = [...sources];
  while (left.length > 0) {
    const ready = left.findIndex((source) => [...needs.get(source.name)!].every((name) => placed.has(name)));
    const [next] = left.splice(ready < 0 ? 0 : ready, 1);
    ordered.push(next!);
    placed.add(next!.name);
  }
  return ordered;
}

/** The statements of a migration or source file (drizzle's breakpoint), blank ones dropped. */
export function statementsOf(text: string): string[] {
  return text
    .split('--> statement-breakpoint')
    .filter((statement) => statement.replace(/--[^\n]*/g, '').trim().length > 0);
}

function rowsOf(result: unknown): Record<string, unknown>[] {
  return (result as { rows: Record<string, unknown>[] }).rows;
}

export interface MigrateResult {
  migrations: string[];
  sources: string[];
}

export async function migrateDatabase(
  db: Database,
  options: { migrationsFolder?: string } = {},
): Promise<MigrateResult> {
  const folder = options.migrationsFolder ?? migrationsFolder();
  const migrations = readMigrationFiles({ migrationsFolder: folder });
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  const sources = readSqlSources();
  await db.execute(sql.raw('CREATE SCHEMA IF NOT EXISTS drizzle'));
  await db.execute(
    sql.raw(
      'CREATE TABLE IF NOT EXISTS drizzle.__drizzle_migrations (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)',
    ),
  );
  await db.execute(
    sql.raw(
      'CREATE TABLE IF NOT EXISTS drizzle.__khela_sql_sources (name text PRIMARY KEY, hash text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())',
    ),
  );
  return db.transaction(async (tx) => {
    // Two instances starting at once on one PostgreSQL: the second waits, then finds nothing to do.
    await tx.execute(sql.raw(`SELECT pg_advisory_xact_lock(hashtext('khela:migrate'))`));
    const [last] = rowsOf(
      await tx.execute(
        sql.raw('SELECT created_at FROM drizzle.__drizzle_migrations ORDER BY created_at DESC LIMIT 1'),
      ),
    );
    const lastMillis = last ? Number(last.created_at) : -Infinity;
    const applied: string[] = [];
    for (const [index, migration] of migrations.entries()) {
      if (migration.folderMillis <= lastMillis) continue;
      for (const statement of migration.sql) await tx.execute(sql.raw(statement));
      await tx.execute(
        sql`INSERT INTO drizzle.__drizzle_migrations ("hash", "created_at") VALUES (${migration.hash}, ${migration.folderMillis})`,
      );
      applied.push(journal.entries[index]?.tag ?? String(index));
    }

    const known = new Map(
      rowsOf(await tx.execute(sql.raw('SELECT name, hash FROM drizzle.__khela_sql_sources'))).map((row) => [
        String(row.name),
        String(row.hash),
      ]),
    );
    const changed = sources.filter((source) => known.get(source.name) !== source.hash);
    for (const source of changed) {
      for (const statement of statementsOf(source.text)) await tx.execute(sql.raw(statement));
      await tx.execute(
        sql`INSERT INTO drizzle.__khela_sql_sources (name, hash) VALUES (${source.name}, ${source.hash})
            ON CONFLICT (name) DO UPDATE SET hash = excluded.hash, applied_at = now()`,
      );
    }
    const names = new Set(sources.map((source) => source.name));
    for (const name of known.keys()) {
      if (!names.has(name))
        await tx.execute(sql`DELETE FROM drizzle.__khela_sql_sources WHERE name = ${name}`);
    }

    for (const tag of applied) {
      const check = path.join(folder, 'checks', `${tag}.sql`);
      if (!existsSync(check)) continue;
      const rows = rowsOf(await tx.execute(sql.raw(readFileSync(check, 'utf8'))));
      if (rows.length > 0) throw new MigrationCheckError(tag, rows);
    }
    return { migrations: applied, sources: changed.map((source) => source.name) };
  });
}
