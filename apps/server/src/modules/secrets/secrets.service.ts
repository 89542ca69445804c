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
