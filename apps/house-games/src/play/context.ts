import type { HouseDatabase } from '../db/database.ts';
import type { HgWalletMode } from '../db/tables.ts';
import type { WalletClient } from '../protocol/wallet-client.ts';

/** Operator switches for the pages (both off unless the operator turns them on). */
export interface HouseSettings {
  autoplay: boolean;
  turbo: boolean;
}

/** What every house service needs: its database, the platform's wallet, and a few constants. */
export interface HouseContext {
  db: HouseDatabase;
  wallet: WalletClient;
  /**
   * Seamless: `wallet` is the platform's; transfer: the house's own (transfer-wallet.ts). Also
   * the tag of this instance's sessions, rounds and pending calls in a database both modes share.
   */
  walletMode: HgWalletMode;
  vendorCode: string;
  settings(): Promise<HouseSettings>;
  log: { warn(object: object, message: string): void; error(object: object, message: string): void };
}
