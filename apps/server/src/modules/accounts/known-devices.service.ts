import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { knownDevices } from './accounts.tables.ts';

/**
 * Known devices: after a successful login the browser gets a random device token (256 bits, only
 * its SHA-256 kept) and sends it with later logins of that account. Failed logins from a known
 * device count on the device, not on the address, so someone guessing the password elsewhere (or
 * behind the same carrier NAT) cannot lock the owner out, and the account-wide captcha is not asked
 * of it. The token proves only "this browser logged in here before"; the password is still needed.
 */

/** Devices remembered per account; the least recently used are forgotten beyond this. */
const devicesPerAccount = 10;

function hashDeviceToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The id of the account's known device with this token, or null. */
export async function findKnownDevice({
  db,
  memberId,
  deviceToken,
}: {
  db: Database;
  memberId: number;
  deviceToken: string | undefined;
}): Promise<number | null> {
  if (!deviceToken) return null;
  const [row] = await db
    .select({ id: knownDevices.id })
    .from(knownDevices)
    .where(
      and(eq(knownDevices.tokenHash, hashDeviceToken(deviceToken)), eq(knownDevices.memberId, memberId)),
    );
  return row?.id ?? null;
}

/**
 * After a successful login: the presented token when it is this account's known device (its use
 * noted), else a new device token. Older devices beyond `devicesPerAccount` are forgotten.
 */
export async function rememberDevice({
  db,
  memberId,
  deviceToken,
}: {
  db: Database;
  memberId: number;
  deviceToken: string | undefined;
}): Promise<string> {
  if (deviceToken) {
    const [known] = await db
      .update(knownDevices)
      .set({ lastUsedAt: sql`now()` })
      .where(
        and(eq(knownDevices.tokenHash, hashDeviceToken(deviceToken)), eq(knownDevices.memberId, memberId)),
      )
      .returning({ id: knownDevices.id });
    if (known) return deviceToken;
  }
  const token = randomBytes(32).toString('base64url');
  await db.insert(knownDevices).values({ memberId, tokenHash: hashDeviceToken(token) });
  const kept = db
    .select({ id: knownDevices.id })
    .from(knownDevices)
    .where(eq(knownDevices.memberId, memberId))
    .orderBy(desc(knownDevices.lastUsedAt), desc(knownDevices.id))
    .limit(devicesPerAccount);
  await db
    .delete(knownDevices)
    .where(and(eq(knownDevices.memberId, memberId), notInArray(knownDevices.id, kept)));
  return token;
}
