import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { PgDialect, PgSession } from 'drizzle-orm/pg-core';
import type { HouseDatabase } from './database.ts';

/** The house's own migrations journal, apart from the platform's `__drizzle_migrations`. */
export const houseMigrationsTable = '__hg_migrations';

/**
 * The migrations folder: `apps/house-games/drizzle` seen from the sources (src/db), or from a
 * bundle two levels under apps/ (e.g. apps/server/dist when the platform bundles the house in).
 */
export function houseMigrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [
    path.resolve(here, '../../drizzle'),
    path.resolve(here, '../../house-games/drizzle'),
    path.resolve(here, 'house-drizzle'),
  ];
  const found = candidates.find((candidate) => existsSync(path.join(candidate, 'meta/_journal.json')));
  if (!found) throw new Error(`House migrations not found in ${candidates.join(' or ')}`);
  return found;
}

/**
 * Applies the house's migrations with drizzle's own migrator logic (the same code both drivers'
 * `migrate()` run), so it works on whichever driver the database came from.
 */
export async function migrateHouseDatabase(db: HouseDatabase, migrationsFolder = houseMigrationsFolder()) {
  const config = { migrationsFolder, migrationsTable: houseMigrationsTable };
  const migrations = readMigrationFiles(config);
  // `dialect` and `session` are drizzle internals; both drivers' migrators call exactly this.
  const internals = db as unknown as { dialect: PgDialect; session: PgSession };
  await internals.dialect.migrate(migrations, internals.session, config);
}
