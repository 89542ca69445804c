// No zod here: the web imports this file alone ('@khela/contract/record-kinds'), so the schemas stay
// out of its scripts; wallet.ts builds `recordKindSchema` from the same list.

/** Kinds of journal entries, as the account record shows them. */
export const recordKinds = [
  'deposit',
  'withdrawal',
  'bet',
  'win',
  'rollback',
  'transfer',
  'adjustment',
  'bonus',
  'hold',
  'release',
  'reversal',
] as const;
