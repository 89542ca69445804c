import type { RecordKind, WalletKind } from '@khela/contract';

/** Text keys of the ledger entry kinds, as the account record names them. */
export const recordKindLabelKeys: Record<RecordKind, string> = {
  deposit: 'record_deposit',
  withdrawal: 'record_withdrawal',
  bet: 'record_bet',
  win: 'record_win',
  rollback: 'record_rollback',
  transfer: 'record_transfer',
  adjustment: 'record_adjustment',
  bonus: 'record_bonus',
  hold: 'record_hold',
  release: 'record_release',
  reversal: 'record_reversal',
  wage: 'record_wage',
  dividend: 'record_dividend',
};

export const walletKindLabelKeys: Record<WalletKind, string> = {
  main: 'wallet_main',
  bonus: 'wallet_bonus',
  trial: 'wallet_trial',
  hold: 'wallet_hold',
  vendor: 'wallet_vendor',
};
