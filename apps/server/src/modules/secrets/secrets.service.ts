import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { serverSecrets } from './secrets.tables.ts';

/**
 * The secret called `name`, made by `create` the first time. Several instances starting together
 * may each make one; the first insert wins and everyone reads that one back.
 */
export async function getOrCreateSecret(
  db: Database,
  name: string,
  create: () => string | Promise<string>,
): Promise<string> {
  const [existing] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, name));
  if (existing) return existing.value;
  await db
    .insert(serverSecrets)
    .values({ name, value: await create() })
    .onConflictDoNothing();
  const [stored] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, name));
  if (!stored) throw new Error(`secret ${name} could not be stored`);
  return stored.value;
}

/** The secret called `name`, or null when none was stored. */
export async function readSecret(db: Database, name: string): Promise<string | null> {
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, name));
  return row?.value ?? null;
}

/** Stores (or replaces) the secret called `name`: a provider's credentials (npm run secret:set). */
export async function writeSecret(db: Database, name: string, value: string): Promise<void> {
  await db
    .insert(serverSecrets)
    .values({ name, value })
    .onConflictDoUpdate({ target: serverSecrets.name, set: { value, createdAt: new Date() } });
}
