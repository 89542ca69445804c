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

/** Deletes the counter under `key` and answers what it held (its window may be over), or null when there was none. */
export async function takeCounter({
  db,
  key,
}: {
  db: Database;
  key: string;
}): Promise<{ count: number; windowEndsAt: Date } | null> {
  const [row] = await db
    .delete(authCounters)
    .where(eq(authCounters.key, key))
    .returning({ count: authCounters.count, windowEndsAt: authCounters.windowEndsAt });
  return row ?? null;
}

/** The count under `key` and the end of its current window, or null when none (or the window is over). */
export async function readCounterWindow({
  db,
  key,
}: {
  db: Database;
  key: string;
}): Promise<{ count: number; windowEndsAt: Date } | null> {
  const [row] = await db
    .select({ count: authCounters.count, windowEndsAt: authCounters.windowEndsAt })
    .from(authCounters)
    .where(and(eq(authCounters.key, key), gt(authCounters.windowEndsAt, sql`now()`)));
  return row ?? null;
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

/**
 * Counts one attempt at a secret under `key` (counted before the check, so concurrent guesses
 * cannot all slip in before the first failure is written) and answers the count and the end of
 * its window. Attempts count within `windowSeconds` of the first; the attempt that reaches `limit`
 * moves the window's end to `lockSeconds` from now, and it stays there: later attempts during the
 * lock do not extend it. One statement, so concurrent attempts on PostgreSQL never lose a count.
 * A right answer deletes the key (`clearCounter`), so only consecutive failures add up.
 */
export async function hitStrike({
  db,
  key,
  limit,
  windowSeconds,
  lockSeconds,
}: {
  db: Database;
  key: string;
  limit: number;
  windowSeconds: number;
  lockSeconds: number;
}): Promise<{ count: number; windowEndsAt: Date }> {
  const expired = sql`${authCounters.windowEndsAt} <= now()`;
  const firstEnd =
    limit <= 1
      ? sql`now() + make_interval(secs => ${lockSeconds})`
      : sql`now() + make_interval(secs => ${windowSeconds})`;
  const [row] = await db
    .insert(authCounters)
    .values({ key, count: 1, windowEndsAt: firstEnd })
    .onConflictDoUpdate({
      target: authCounters.key,
      set: {
        count: sql`case when ${expired} then 1 else ${authCounters.count} + 1 end`,
        windowEndsAt: sql`case when ${expired} then ${firstEnd} when ${authCounters.count} + 1 = ${limit} then now() + make_interval(secs => ${lockSeconds}) else ${authCounters.windowEndsAt} end`,
      },
    })
    .returning({ count: authCounters.count, windowEndsAt: authCounters.windowEndsAt });
  if (!row) throw new Error(`no counter row for ${key}`);
  return row;
}
