import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrateDatabase } from '../db/migrate.ts';
import { openDatabase } from '../db/open-database.ts';
import { adminStatement } from './admin-statement.ts';
import type { Database } from '../db/database.ts';

/**
 * A fresh database takes time to migrate (a PGlite seconds, docs/stack.md gotcha 7; a PostgreSQL
 * database half a second of fifty migrations): do it once per run and let every test database
 * start from the result. On PGlite, a dump of the migrated folder, uncompressed (a plain tar loads
 * about a third faster than the gzipped one, 0.5 s against 0.7 s); with DATABASE_URL, a migrated
 * PostgreSQL database that each test's database copies (CREATE DATABASE … TEMPLATE), dropped at the
 * end of the run.
 */
export default async function setup(project: TestProject) {
  const externalUrl = process.env.DATABASE_URL;
  if (externalUrl) {
    const name = `khela_template_${randomBytes(6).toString('hex')}`;
    await adminStatement(externalUrl, `create database ${name}`);
    const url = new URL(externalUrl);
    url.pathname = `/${name}`;
    const handle = await openDatabase({ kind: 'pg', url: url.toString(), poolSize: 1 });
    await handle.migrate();
    // A template copied while connected to is refused: the pool is closed before any test runs.
    await handle.close();
    project.provide('pgliteTemplate', '');
    project.provide('postgresTemplate', name);
    return () => adminStatement(externalUrl, `drop database if exists ${name} with (force)`);
  }
  const folder = mkdtempSync(path.join(tmpdir(), 'khela-test-'));
  const file = path.join(folder, 'template.tar');
  const client = await PGlite.create();
  await migrateDatabase(drizzle(client) as unknown as Database);
  const dump = await client.dumpDataDir('none');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await client.close();
  project.provide('pgliteTemplate', file);
  project.provide('postgresTemplate', '');
  return () => rmSync(folder, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PGlite folder's dump (a tar file), or '' when the run is on PostgreSQL. */
    pgliteTemplate: string;
    /** The migrated PostgreSQL database each test's database copies, or '' on PGlite. */
    postgresTemplate: string;
  }
}
