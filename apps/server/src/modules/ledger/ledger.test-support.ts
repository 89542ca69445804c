import { expect } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { clearingAddress, memberWalletAddress, systemAddress } from './ledger.addresses.ts';
import { getOrOpenMemberWallet, openAccount, openSystemAccounts } from './ledger.service.ts';
import { formatVerification, verifyLedger } from './ledger.verifier.ts';

/** Addresses the ledger tests move money between (BDT, 2 decimals: amounts are poisha). */
export const CURRENCY = 'BDT';
export const WORLD = systemAddress('world', CURRENCY);
export const HOUSE = systemAddress('house', CURRENCY);
export const PLATFORM = systemAddress('platform', CURRENCY);
export const CLEARING = clearingAddress('sandbox', CURRENCY);
export const main = (memberId: number | bigint) => memberWalletAddress(memberId, 'main');

/** System accounts plus a main wallet for each member id given. */
export async function openTestLedger(
  db: Database,
  memberIds: readonly (number | bigint)[] = [],
): Promise<void> {
  await openSystemAccounts(db, { currency: CURRENCY });
  await openAccount(db, { address: CLEARING, currency: CURRENCY });
  for (const memberId of memberIds) {
    await getOrOpenMemberWallet(db, { memberId, kind: 'main', currency: CURRENCY });
  }
}

/** Fails the test with the verifier's report when any invariant is broken. */
export async function expectLedgerValid(db: Database): Promise<void> {
  const verification = await verifyLedger(db);
  expect(verification.ok, formatVerification(verification)).toBe(true);
}

/** A member's main wallet balance in minor units (0 before it is opened). */
export async function mainBalanceOf(db: Database, memberId: number): Promise<bigint> {
  const [row] = (
    (await db.execute(
      sql`select balance::text as balance from ledger_accounts where address = ${main(memberId)}`,
    )) as unknown as { rows: { balance: string | null }[] }
  ).rows;
  return BigInt(row?.balance ?? 0);
}
