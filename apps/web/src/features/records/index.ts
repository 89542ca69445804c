// The records feature's public entry: its pages stay lazy chunks (app/centre/); these pieces are
// shared with the agent centre's team betting (issue 14), which shows the same rounds.
export { BettingRoundLine } from './betting-round-line.tsx';
export { CategoryFilter, ProfitAmount, TotalsBar, useAmount, useCategoryChoice } from './record-ui.tsx';
