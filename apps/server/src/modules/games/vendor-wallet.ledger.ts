import type { Database } from '../../db/database.ts';
import { memberWalletAddress } from '../ledger/ledger.addresses.ts';
import { isLedgerError } from '../ledger/ledger.errors.ts';
import { getBalance } from '../ledger/ledger.service.ts';

/** The wallet a game session or a round plays from. */
export interface WalletOf {
  memberId: number;
  walletKind: 'main' | 'trial';
  currency: string;
}

export function walletAddressOf(wallet: WalletOf): string {
  return memberWalletAddress(wallet.memberId, wallet.walletKind);
}

export async function balanceOf(db: Database, wallet: WalletOf): Promise<bigint> {
  try {
    return (await getBalance(db, { address: walletAddressOf(wallet) })).balance;
  } catch (error) {
    if (isLedgerError(error, 'ACCOUNT_NOT_FOUND')) return 0n;
    throw error;
  }
}
