import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { authCounters } from './counters.tables.ts';

/**
 * Counts one event under `key` in a fixed window of `windowSeconds` that starts with the first
 * event, and answers the count in the current window. One statement, so concurrent hits on
 * PostgreSQL never lose a count.
 */
export async function hitCounter({
  db,
  key,
  windowSeconds,
}: {
  db: Database;
  key: string;
  windowSeconds: number;
}): Promise<number> {
  const windowEnd = sql`now() + make_interval(secs => ${windowSeconds})`;
  const expired = sql`${authCounters.windowEndsAt} <= now()`;
  const [row] = await db
    .insert(authCounters)
    .values({ key, count: 1, windowEndsAt: windowEnd })
    .onConflictDoUpdate({
      target: authCounters.key,
      set: {
        count: sql`case when ${expired} then 1 else ${authCounters.count} + 1 end`,
        windowEndsAt: sql`case when ${expired} then ${windowEnd} else ${authCounters.windowEndsAt} end`,
      },
    })
    .returning({ count: authCounters.count });
  return row?.count ?? 1;
}

/** The count under `key` in its current window (0 when none or the window is over). */
export async function readCounter({ db, key }: { db: Database; key: string }): Promise<number> {
  const [row] = await db
    .select({ count: authCounters.count })
    .from(authCounters)
    .where(and(eq(authCounters.key, key), gt(authCounters.windowEndsAt, sql`now()`)));
  return row?.count ?? 0;
}

export async function clearCounter({ db, key }: { db: Database; key: string }): Promise<void> {
  await db.delete(authCounters).where(eq(authCounters.key, key));
}

/** Drops finished windows; any instance may run it now and then. */
export async function pruneCounters(db: Database): Promise<void> {
  await db.delete(authCounters).where(lte(authCounters.windowEndsAt, sql`now()`));
}

/** When the current window under `key` ends, or null when there is none (or it is over). */
export async function counterWindowEnd({ db, key }: { db: Database; key: string }): Promise<Date | null> {
  const [row] = await db
    .select({ windowEndsAt: authCounters.windowEndsAt })
    .from(authCounters)
    .where(and(eq(authCounters.key, key), gt(authCounters.windowEndsAt, sql`now()`)));
  return row?.windowEndsAt ?? null;
}
