import { createHash } from 'node:crypto';
import { and, desc, eq, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { accountDevices } from './accounts.tables.ts';

/**
 * The browsers an account used (issue 39 item 5; docs/promotions.md "Referral"): the web keeps
 * one random device id per browser and sends it with registration and login; each account keeps
 * the SHA-256 of the ids it came from (account_devices), for the duplicate-account signal
 * `same_device`. The id is 128 random bits, so its plain SHA-256 cannot be reversed by guessing;
 * it proves nothing and opens nothing (the known-device token, known-devices.service.ts, is
 * another thing: per account, given by the server).
 */

/** Browsers remembered per account; the least recently seen are forgotten beyond this. */
export const devicesPerAccount = 20;

function hashDeviceId(deviceId: string): string {
  return createHash('sha256').update(deviceId).digest('hex');
}

/**
 * Notes that the account came from this browser (its last use, or a new row); a new row beyond
 * `devicesPerAccount` makes the least recently seen one go. No id: nothing.
 */
export async function recordAccountDevice({
  db,
  memberId,
  deviceId,
}: {
  db: Database;
  memberId: number;
  deviceId: string | undefined;
}): Promise<void> {
  if (!deviceId) return;
  const [row] = await db
    .insert(accountDevices)
    .values({ memberId, deviceHash: hashDeviceId(deviceId) })
    .onConflictDoUpdate({
      target: [accountDevices.memberId, accountDevices.deviceHash],
      set: { lastSeenAt: sql`now()` },
    })
    // xmax is 0 for a row this statement inserted (not one it updated): only then may it overflow.
    .returning({ isNew: sql<boolean>`(xmax = 0)` });
  if (!row?.isNew) return;
  const kept = db
    .select({ deviceHash: accountDevices.deviceHash })
    .from(accountDevices)
    .where(eq(accountDevices.memberId, memberId))
    .orderBy(desc(accountDevices.lastSeenAt), desc(accountDevices.firstSeenAt))
    .limit(devicesPerAccount);
  await db
    .delete(accountDevices)
    .where(and(eq(accountDevices.memberId, memberId), notInArray(accountDevices.deviceHash, kept)));
}

/** Whether the account registered or logged in from this browser (one primary-key lookup). */
export async function hasUsedDevice({
  db,
  memberId,
  deviceId,
}: {
  db: Database;
  memberId: number;
  deviceId: string | undefined;
}): Promise<boolean> {
  if (!deviceId) return false;
  const [row] = await db
    .select({ memberId: accountDevices.memberId })
    .from(accountDevices)
    .where(and(eq(accountDevices.memberId, memberId), eq(accountDevices.deviceHash, hashDeviceId(deviceId))));
  return row !== undefined;
}
