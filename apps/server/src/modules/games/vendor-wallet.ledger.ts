import type { Database } from '../../db/database.ts';
import { clearingAddress, memberWalletAddress, systemAddress } from '../ledger/ledger.addresses.ts';
import { isLedgerError } from '../ledger/ledger.errors.ts';
import { getBalance, postEntry } from '../ledger/ledger.service.ts';

/** The wallet a game session or a round plays from. */
export interface WalletOf {
  memberId: number;
  walletKind: 'main' | 'trial';
  currency: string;
}

/** The ledger's idempotency key of a vendor transaction. */
export function ledgerKey(vendorCode: string, transactionId: string): string {
  return `vendor:${vendorCode}:${transactionId}`;
}

export function walletAddressOf(wallet: WalletOf): string {
  return memberWalletAddress(wallet.memberId, wallet.walletKind);
}

/** Where bets go and wins come from: the house for real money; demo money stays in clearing:demo. */
export function counterpartyOf(wallet: WalletOf): string {
  return wallet.walletKind === 'trial'
    ? clearingAddress('demo', wallet.currency)
    : systemAddress('house', wallet.currency);
}

export async function balanceOf(db: Database, wallet: WalletOf): Promise<bigint> {
  try {
    return (await getBalance(db, { address: walletAddressOf(wallet) })).balance;
  } catch (error) {
    if (isLedgerError(error, 'ACCOUNT_NOT_FOUND')) return 0n;
    throw error;
  }
}

export function balanceAfter(
  posted: { postings: { address: string; balanceAfter: bigint | null }[] },
  wallet: WalletOf,
) {
  const address = walletAddressOf(wallet);
  const leg = posted.postings.find((posting) => posting.address === address);
  if (leg?.balanceAfter === null || leg?.balanceAfter === undefined) {
    throw new Error(`entry has no leg on ${address}`);
  }
  return leg.balanceAfter;
}

/**
 * A bet (wallet → counterparty) or a win (counterparty → wallet) of one vendor transaction, posted
 * under its ledger key; answers the entry and the wallet's balance after it.
 */
export async function postRoundMove(
  tx: Database,
  move: {
    kind: 'bet' | 'win';
    vendorCode: string;
    transactionId: string;
    roundId: string;
    wallet: WalletOf;
    amount: bigint;
    metadata: Record<string, unknown>;
  },
): Promise<{ entryId: number; balance: bigint }> {
  const wallet = walletAddressOf(move.wallet);
  const counterparty = counterpartyOf(move.wallet);
  const [from, to] = move.kind === 'bet' ? [wallet, counterparty] : [counterparty, wallet];
  const posted = await postEntry(tx, {
    kind: move.kind,
    idempotencyKey: ledgerKey(move.vendorCode, move.transactionId),
    postings: [
      { address: from, amount: -move.amount },
      { address: to, amount: move.amount },
    ],
    metadata: { vendor: move.vendorCode, roundId: move.roundId, ...move.metadata },
    request: { roundId: move.roundId },
  });
  return { entryId: posted.entryId, balance: balanceAfter(posted, move.wallet) };
}
