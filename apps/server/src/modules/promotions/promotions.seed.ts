import type { BonusRule } from '@khela/contract';
import type { Database } from '../../db/database.ts';
import { saveRule, type BonusSettings } from './bonus.service.ts';

/**
 * The demo brand's bonus rules (docs/promotions.md "Bonus money and wagering"): the welcome
 * promotion's deposit match. Its wagering multiple is the smallest the bound allows with the demo
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

export async function seedDemoBonusRules(
  db: Database,
  settings: BonusSettings,
  promotionIds: ReadonlyMap<string, number>,
): Promise<void> {
  const welcome = promotionIds.get('welcome');
  if (welcome === undefined) throw new Error('the demo content has no welcome promotion');
  await saveRule(db, settings, { promotionId: welcome, rule: demoWelcomeRule, by: 'demo seed' });
}
