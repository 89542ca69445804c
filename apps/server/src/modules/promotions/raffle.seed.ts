import type { RaffleRule } from '@khela/contract';
import type { Database } from '../../db/database.ts';
import type { BonusSettings } from './bonus.service.ts';
import { demoWelcomeRule } from './promotions.seed.ts';
import { createRaffle } from './raffle.service.ts';

/**
 * The demo brand's raffle (docs/promotions.md "Raffle"): a ticket per ৳500 of counted betting, at
 * most 200 a player; 13 prizes (৳5,000, 2 × ৳1,000, 10 × ৳200), each a bonus wagered as the welcome
 * bonus is (60×, its weights, at most ৳200 a round, 7 days), waiting 14 days in the reward centre.
 * It runs for the 7 days its promotion page runs, from the seed.
 */
export const demoRaffleRule: RaffleRule = {
  ticketTurnover: '500',
  maxTickets: 200,
  prizes: [
    { amount: '5000', count: 1 },
    { amount: '1000', count: 2 },
    { amount: '200', count: 10 },
  ],
  weights: demoWelcomeRule.weights,
  wageringMultiple: demoWelcomeRule.wageringMultiple,
  maxBet: demoWelcomeRule.maxBet,
  expiryDays: demoWelcomeRule.expiryDays,
  claimDays: 14,
};

export async function seedDemoRaffle(
  db: Database,
  settings: BonusSettings,
  promotion: { id: number; startsAt: Date; endsAt: Date },
): Promise<void> {
  await createRaffle(db, settings, {
    promotionId: promotion.id,
    rule: demoRaffleRule,
    startsAt: promotion.startsAt,
    endsAt: promotion.endsAt,
    createdBy: 'demo seed',
  });
}
