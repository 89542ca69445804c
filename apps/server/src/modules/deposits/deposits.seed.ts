import type { Database } from '../../db/database.ts';
import { depositWalletNumbers } from './deposits.tables.ts';

/**
 * The demo's manual wallet deposits (issue 37, item 3): bKash and Nagad "Send Money" methods and
 * made-up receiving numbers with their daily caps (minor units). Demo only (seed/seed.ts); a real
 * brand lists its own in the back office (Money → Receiving numbers).
 */
export const demoWalletDepositMethods = [
  {
    code: 'bkash_send',
    kind: 'wallet_manual',
    walletProvider: 'bkash',
    names: { BN: 'বিকাশ সেন্ড মানি', EN: 'bKash Send Money' },
    min: '100',
    max: '25000',
    feeBps: 0,
  },
  {
    code: 'nagad_send',
    kind: 'wallet_manual',
    walletProvider: 'nagad',
    names: { BN: 'নগদ সেন্ড মানি', EN: 'Nagad Send Money' },
    min: '100',
    max: '25000',
    feeBps: 0,
  },
] as const;

export async function seedDemoReceivingNumbers(db: Database): Promise<void> {
  await db
    .insert(depositWalletNumbers)
    .values([
      {
        provider: 'bkash',
        number: '01700000001',
        label: 'Demo bKash 1',
        dailyCap: 10_000_000n,
        approvedAt: new Date(),
      },
      {
        provider: 'bkash',
        number: '01700000002',
        label: 'Demo bKash 2',
        dailyCap: 10_000_000n,
        approvedAt: new Date(),
      },
      {
        provider: 'nagad',
        number: '01800000001',
        label: 'Demo Nagad',
        dailyCap: 10_000_000n,
        approvedAt: new Date(),
      },
    ])
    .onConflictDoNothing();
}
