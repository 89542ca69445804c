import { accountCalls } from './accounts.ts';
import { agentCalls } from './agents.ts';
import {
  moneyAdminCalls,
  operatorCalls,
  playersAdminCalls,
  promotionsAdminCalls,
  rafflesAdminCalls,
  reportsAdminCalls,
  siteAdminCalls,
} from './back-office/index.ts';
import { contentCalls } from './content.ts';
import { depositCalls } from './deposits.ts';
import { gameLaunchCalls } from './game-launch.ts';
import { gameCalls } from './games.ts';
import { jobCalls } from './jobs.ts';
import { lotteryCalls } from './lottery.ts';
import { loyaltyCalls } from './loyalty.ts';
import { bonusCalls, promotionCalls, referralCalls } from './promotions.ts';
import { raffleCalls } from './raffle.ts';
import { recordCalls } from './records.ts';
import { systemCalls } from './system.ts';
import { vipAdminCalls, vipCalls } from './vip.ts';
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
  ...gameCalls,
  ...gameLaunchCalls,
  ...recordCalls,
  ...lotteryCalls,
  ...promotionCalls,
  ...bonusCalls,
  ...referralCalls,
  ...raffleCalls,
  ...loyaltyCalls,
  ...vipCalls,
  ...jobCalls,
  ...agentCalls,
  ...operatorCalls,
  ...playersAdminCalls,
  ...moneyAdminCalls,
  ...promotionsAdminCalls,
  ...rafflesAdminCalls,
  ...siteAdminCalls,
  ...reportsAdminCalls,
  ...vipAdminCalls,
};

export type CallName = keyof typeof calls;
