import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrateDatabase } from '../db/migrate.ts';
import type { Database } from '../db/database.ts';

/**
 * A fresh PGlite takes seconds to create and migrate (docs/stack.md gotcha 7): do it once per run and
 * let every test database start from this dump.
 */
export default async function setup(project: TestProject) {
  const folder = mkdtempSync(path.join(tmpdir(), 'khela-test-'));
  const file = path.join(folder, 'template.tar.gz');
  const client = await PGlite.create();
  await migrateDatabase(drizzle(client) as unknown as Database);
  const dump = await client.dumpDataDir('gzip');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await client.close();
  project.provide('pgliteTemplate', file);
  return () => rmSync(folder, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}
