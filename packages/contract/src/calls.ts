import { accountCalls } from './accounts.ts';
import { contentCalls } from './content.ts';
import { depositCalls } from './deposits.ts';
import { systemCalls } from './system.ts';
import { walletCalls } from './wallet.ts';
import { withdrawalCalls } from './withdrawals.ts';

/** Every call of the API, declared once. The server registers routes from this list. */
export const calls = {
  ...systemCalls,
  ...contentCalls,
  ...accountCalls,
  ...walletCalls,
  ...depositCalls,
  ...withdrawalCalls,
};

export type CallName = keyof typeof calls;
