// The promotions feature's public entry. Its pages stay lazy chunks (app/routes.tsx, app/centre/):
// only the member centre menu's reward badge is here, a hook and its query, no page.
export { useWaitingRewards } from './referral/use-waiting-rewards.ts';
