import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Env } from '../config/env.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { DataFolderInUseError } from '../db/data-folder-lock.ts';
import { configuredDatabase, openDatabase } from '../db/open-database.ts';

/**
 * What an operator tool that reads or changes the site's data (settings, ledger:verify) must
 * refuse: an embedded PGlite folder that holds no database. DATA_DIR is relative to the folder a
 * command runs in, so a tool started from another folder than `npm start` (a workspace script runs
 * in apps/server) would open, migrate and change a new, empty database while the site's own data
 * stayed as it was. Null when the tool may go on (PostgreSQL, or a PGlite folder with a database).
 */
export function missingSiteDatabase(env: Pick<Env, 'DATABASE_URL' | 'DATA_DIR'>): string | null {
  if (env.DATABASE_URL) return null;
  const folder = path.resolve(env.DATA_DIR);
  if (existsSync(path.join(folder, 'PG_VERSION'))) return null;
  return (
    `no site database in ${folder}. DATA_DIR (default ./data) is read from the folder the command ` +
    'runs in: run the tool from the folder you start the site in (npm run settings -- …), or set ' +
    'DATA_DIR (or DATABASE_URL) to the database the site uses.'
  );
}

/**
 * Opens the site's database for an operator tool (or the server); a PGlite folder another process
 * has open (the running site: stop it first) ends the process with `exitCode` (2 for the tools) and
 * the reason, before anything is read.
 */
export async function openSiteDatabase(
  tool: string,
  env: Pick<Env, 'DATABASE_URL' | 'DATA_DIR' | 'DATABASE_POOL_SIZE'>,
  pg: { poolSize?: number } = {},
  exitCode = 2,
): Promise<DatabaseHandle> {
  try {
    return await openDatabase(configuredDatabase(env, pg));
  } catch (error) {
    if (!(error instanceof DataFolderInUseError)) throw error;
    console.error(`${tool}: ${error.message}`);
    process.exit(exitCode);
  }
}
