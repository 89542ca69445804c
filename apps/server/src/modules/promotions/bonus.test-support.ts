import { sql } from 'drizzle-orm';
import type { BonusRule } from '@khela/contract';
import type { Database } from '../../db/database.ts';
import { rowsOf } from '../ledger/ledger.service.ts';

/** A member's cash (main wallet) and bonus wallet, minor units (0 for a wallet not open). */
export async function cashAndBonus(db: Database, memberId: number): Promise<{ main: bigint; bonus: bigint }> {
  const rows = rowsOf<{ address: string; balance: string }>(
    await db.execute(sql`
      select address, balance::text from ledger_accounts
       where address in (${`member:${memberId}:main`}, ${`member:${memberId}:bonus`})`),
  );
  const of = (kind: string) => BigInt(rows.find((row) => row.address.endsWith(`:${kind}`))?.balance ?? 0);
  return { main: of('main'), bonus: of('bonus') };
}

/** A fixed bonus of 10.00, 60×, slots only, max bet 50.00, 7 days: the bonus tests' starting rule. */
export const testBonusRule: BonusRule = {
  kind: 'fixed',
  percent: null,
  amount: '10',
  minDeposit: '0',
  firstDepositOnly: false,
  newMemberDays: null,
  claimPeriod: 'member',
  maxClaims: null,
  wageringMultiple: 60,
  weights: { RNG: 100 },
  maxBet: '50',
  expiryDays: 7,
  depositWithinDays: 7,
};
