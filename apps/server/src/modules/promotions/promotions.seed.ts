import type { BonusRule } from '@khela/contract';
import type { Database } from '../../db/database.ts';
import { saveRule, type BonusSettings } from './bonus.service.ts';

/**
 * The demo brand's bonus rules (docs/promotions.md "Bonus money and wagering"): the welcome
 * promotion's deposit match, the refer promotion's referral reward, the share promotion's
 * bonus obtained by application and the cash-back promotion's weekly cash-back on losses. Its wagering multiple is the smallest the bound allows with the demo
 * brand's agents' wages (50 %) and highest rebate rate (0.8 %): 59, rounded to 60.
 */
export const demoWelcomeRule: BonusRule = {
  kind: 'deposit_match',
  percent: '100',
  amount: '500',
  minDeposit: '200',
  firstDepositOnly: true,
  newMemberDays: 30,
  claimPeriod: 'member',
  maxClaims: null,
  wageringMultiple: 60,
  weights: { RNG: 100, FISH: 100, PVP: 100, LIVE: 20, SPORTS: 20, ESPORTS: 20, COCKFIGHT: 20 },
  maxBet: '200',
  expiryDays: 7,
  depositWithinDays: 7,
};

/**
 * The demo brand's refer-a-friend rule: ৳100 to the member who invited a friend, when the friend's
 * first deposit of ৳200 or more comes within 14 days of registering; the reward waits 30 days in the
 * reward centre and is wagered as the welcome bonus is.
 */
export const demoReferralRule: BonusRule = {
  ...demoWelcomeRule,
  kind: 'referral',
  percent: null,
  amount: '100',
  minDeposit: '200',
  firstDepositOnly: false,
  newMemberDays: 14,
  depositWithinDays: 30,
};

/**
 * The demo brand's "Share your big win" rule: a fixed ৳50 bonus obtained by application (a
 * screenshot of a win, reviewed in the back office), once a brand week, wagered as the welcome bonus
 * is (60×, the same weights, at most ৳200 a round, 7 days).
 */
export const demoShareRule: BonusRule = {
  ...demoWelcomeRule,
  kind: 'fixed',
  percent: null,
  amount: '50',
  minDeposit: '0',
  firstDepositOnly: false,
  newMemberDays: null,
  claimPeriod: 'week',
  obtain: 'apply',
};

/**
 * The demo brand's weekly cash-back: 5 % of a player's net loss of the brand week, 10 % from
 * ৳5,000, at most ৳2,000; paid by itself after the week to the reward centre (where it waits 7
 * days) and wagered as the welcome bonus is.
 */
export const demoCashbackRule: BonusRule = {
  ...demoWelcomeRule,
  kind: 'cashback',
  percent: null,
  amount: '2000',
  minDeposit: '0',
  firstDepositOnly: false,
  newMemberDays: null,
  claimPeriod: 'week',
  depositWithinDays: 7,
  tiers: [
    { minLoss: '0', percent: '5' },
    { minLoss: '5000', percent: '10' },
  ],
};

export async function seedDemoBonusRules(
  db: Database,
  settings: BonusSettings,
  promotionIds: ReadonlyMap<string, number>,
): Promise<void> {
  const welcome = promotionIds.get('welcome');
  if (welcome === undefined) throw new Error('the demo content has no welcome promotion');
  await saveRule(db, settings, { promotionId: welcome, rule: demoWelcomeRule, by: 'demo seed' });
  const refer = promotionIds.get('refer');
  if (refer === undefined) throw new Error('the demo content has no refer promotion');
  await saveRule(db, settings, { promotionId: refer, rule: demoReferralRule, by: 'demo seed' });
  const share = promotionIds.get('share');
  if (share === undefined) throw new Error('the demo content has no share promotion');
  await saveRule(db, settings, { promotionId: share, rule: demoShareRule, by: 'demo seed' });
  const cashback = promotionIds.get('cashback');
  if (cashback === undefined) throw new Error('the demo content has no cashback promotion');
  await saveRule(db, settings, { promotionId: cashback, rule: demoCashbackRule, by: 'demo seed' });
}
