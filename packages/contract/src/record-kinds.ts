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
  /** An agent's daily, hourly or real-time wage (issue 14), from the platform or the upline. */
  'wage',
  /** An agent's dividend. */
  'dividend',
] as const;
