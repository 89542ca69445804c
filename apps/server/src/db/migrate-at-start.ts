import { migrateHouseDatabase } from '@khela/house-games';
import type { Env } from '../config/env.ts';
import type { DatabaseHandle } from './database.ts';
import { openDatabase } from './open-database.ts';

/**
 * The migrations a server runs at start. With DATABASE_OWNER_URL (PostgreSQL's two roles,
 * docs/operations.md, Database roles) they run through a connection of their own as the owner of
 * the site's objects, the site's and the house games' alike, and the server keeps DATABASE_URL
 * (the app role, which owns nothing) for everything else; the house's mount then migrates nothing.
 * Without it, on the server's own connection, as before.
 */
export async function migrateAtStart(
  database: DatabaseHandle,
  env: Pick<Env, 'DATABASE_OWNER_URL' | 'HOUSE_GAMES'>,
): Promise<void> {
  if (!env.DATABASE_OWNER_URL) {
    await database.migrate();
    return;
  }
  const owner = await openDatabase({ kind: 'pg', url: env.DATABASE_OWNER_URL, poolSize: 1 });
  try {
    await owner.migrate();
    if (env.HOUSE_GAMES === 'inprocess') await migrateHouseDatabase(owner.db);
  } finally {
    await owner.close();
  }
}
