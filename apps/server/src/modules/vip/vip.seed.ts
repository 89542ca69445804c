import type { VipTableInput } from '@khela/contract';
import type { Database } from '../../db/database.ts';
import { seedVipTable, type VipSettings } from './vip.service.ts';

/**
 * The demo brand's VIP table (docs/vip.md "The demo table"): seven levels over a rolling 30 brand
 * days, thresholds in taka of settled turnover and approved deposits, each level-up reward at most
 * 1 % of its turnover threshold (about half of it) and wagered 60 times, as the welcome bonus is
 * (the bound's smallest multiple at the demo brand's settings is 59); daily withdrawals from ৳100,000
 * at level 0 to no daily limit at the top.
 */
export const demoVipTable: VipTableInput = {
  periodDays: 30,
  levels: [
    {
      level: 0,
      name: 'Member',
      turnover: '0',
      deposits: '0',
      reward: '0',
      wageringMultiple: 60,
      dailyWithdrawalLimit: '100000',
    },
    {
      level: 1,
      name: 'Bronze',
      turnover: '5000',
      deposits: '1000',
      reward: '20',
      wageringMultiple: 60,
      dailyWithdrawalLimit: '150000',
    },
    {
      level: 2,
      name: 'Silver',
      turnover: '25000',
      deposits: '5000',
      reward: '100',
      wageringMultiple: 60,
      dailyWithdrawalLimit: '250000',
    },
    {
      level: 3,
      name: 'Gold',
      turnover: '100000',
      deposits: '20000',
      reward: '500',
      wageringMultiple: 60,
      dailyWithdrawalLimit: '500000',
    },
    {
      level: 4,
      name: 'Platinum',
      turnover: '300000',
      deposits: '50000',
      reward: '1500',
      wageringMultiple: 60,
      dailyWithdrawalLimit: '1000000',
    },
    {
      level: 5,
      name: 'Diamond',
      turnover: '1000000',
      deposits: '150000',
      reward: '5000',
      wageringMultiple: 60,
      dailyWithdrawalLimit: '2000000',
    },
    {
      level: 6,
      name: 'Royal',
      turnover: '3000000',
      deposits: '500000',
      reward: '15000',
      wageringMultiple: 60,
      dailyWithdrawalLimit: null,
    },
  ],
};

export async function seedDemoVipTable(db: Database, settings: VipSettings): Promise<void> {
  await seedVipTable(db, settings, demoVipTable);
}
