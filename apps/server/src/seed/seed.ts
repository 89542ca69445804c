import { count, eq } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { countries } from '../modules/system/system.tables.ts';
import { hasSettings, updateSettings } from '../modules/settings/settings.service.ts';
import { seedContent } from '../modules/content/content.seed.ts';
import { seedDemoBonusRules } from '../modules/promotions/promotions.seed.ts';
import { seedDemoRaffle } from '../modules/promotions/raffle.seed.ts';
import { seedDemoVipTable } from '../modules/vip/vip.seed.ts';
import { contentPromotions } from '../modules/content/content.tables.ts';
import { countryRows } from './countries.ts';
import { demoAccounts, seedDemoAccounts } from '../modules/accounts/accounts.seed.ts';
import { seedDemoAgentContracts } from '../modules/agents/agents.contracts.seed.ts';
import { owaspScrypt, type ScryptParams } from '../modules/accounts/password-hash.ts';
import type { SiteSettingsInput } from '../modules/settings/settings.schema.ts';
import { demoWalletDepositMethods, seedDemoReceivingNumbers } from '../modules/deposits/deposits.seed.ts';

/**
 * The demo's deposit methods: a made-up bank account (the operator approves by hand) and bKash and
 * Nagad against their simulators; none moves real money, and the simulators exist only in demo
 * mode. bKash (demo) and Nagad (demo) replaced the sandbox gateway's "Test payment" (issue 37, item
 * 5): the sandbox still runs in demo mode for the gateway tests, which list its method themselves
 * (deposits.test-support.ts), but no member is offered it. The settings schema's default list is
 * empty, so none of this reaches a real site.
 */
export const demoDepositMethods = [
  {
    code: 'bank',
    kind: 'bank_transfer',
    names: { BN: 'ব্যাংক ট্রান্সফার', EN: 'Bank transfer' },
    min: '100',
    max: '100000',
    feeBps: 0,
    bank: { bankName: 'Demo Bank Ltd.', accountName: 'Khela Demo', accountNumber: '0000-1234-5678' },
  },
  // bKash and Nagad through their real adapters, against the simulators of their published APIs
  // (payment-gateways.ts createDemoProviders): the member pays on the simulator's page.
  {
    code: 'bkash',
    kind: 'bkash',
    names: { BN: 'বিকাশ (ডেমো)', EN: 'bKash (demo)' },
    min: '10',
    max: '25000',
    feeBps: 0,
  },
  {
    code: 'nagad',
    kind: 'nagad',
    names: { BN: 'নগদ (ডেমো)', EN: 'Nagad (demo)' },
    min: '10',
    max: '25000',
    feeBps: 0,
  },
] satisfies NonNullable<SiteSettingsInput['payments']>['depositMethods'];

/**
 * Demo data for an empty database: the brand's settings with the demo deposit methods, the
 * country list and the demo accounts (public passwords). Each later module adds its own demo data
 * here. Runs only in demo mode (DEMO_MODE) and only when the database has no settings yet, so a
 * real operator's data is never touched.
 */
export async function seedDemoData(
  db: Database,
  options: { scrypt?: ScryptParams } = {},
): Promise<{ seeded: boolean }> {
  if (await hasSettings(db)) return { seeded: false };
  await db.transaction(async (tx) => {
    const transaction = tx as unknown as Database;
    const promotionIds = await seedContent(transaction);
    await transaction.insert(countries).values(countryRows()).onConflictDoNothing();
    const settings = await updateSettings(transaction, {
      brandName: 'Khela',
      merchantCode: 'KHELA',
      currency: 'BDT',
      currencySymbol: '৳',
      timeZone: 'Asia/Dhaka',
      defaultLanguage: 'BN',
      languages: ['BN', 'EN', 'CN', 'VI', 'JA', 'TH'],
      copyright: '© 2026 Khela. All rights reserved. 18+ only. Play responsibly.',
      domains: [
        { domain: 'localhost', site: 'member' },
        { domain: 'agent.localhost', site: 'agent' },
      ],
      payments: { depositMethods: [...demoDepositMethods, ...demoWalletDepositMethods] },
      // Official-result lottery games settle on the demo feed's stand-in sheets (docs/lottery.md).
      lotteryResults: { feed: { kind: 'demo' } },
      // The manual rebate (docs/promotions.md): rates of edge-weighted betting, well inside what
      // the agents' wages leave of the house's expected win (at most 2.5 % with their 50 %).
      features: { manualRebate: true },
      rebate: {
        rates: { RNG: 0.8, FISH: 0.8, PVP: 0.5, LIVE: 0.5, LOTT: 0.5, ELOTT: 0.5, SPORTS: 0.5, ESPORTS: 0.5 },
        minimumClaim: '1',
      },
      // Loyalty points (docs/loyalty.md): 100 points a taka; 20 points per ৳100 of edge-weighted
      // slots and fishing betting give away 4 % of the house's expected win, well inside the 10 %.
      loyaltyPoints: {
        enabled: true,
        rates: { RNG: 20, FISH: 20, PVP: 10, LIVE: 10, LOTT: 10, ELOTT: 10, SPORTS: 10, ESPORTS: 10 },
        pointsPerCash: 100,
        minimumConversion: 500,
      },
    });
    await seedDemoBonusRules(transaction, settings, promotionIds);
    const [raffle] = await transaction
      .select()
      .from(contentPromotions)
      .where(eq(contentPromotions.id, promotionIds.get('raffle') ?? 0));
    if (!raffle?.startsAt || !raffle.endsAt) throw new Error('the demo content has no raffle promotion');
    await seedDemoRaffle(transaction, settings, {
      id: raffle.id,
      startsAt: raffle.startsAt,
      endsAt: raffle.endsAt,
    });
    await seedDemoVipTable(transaction, settings);
    await seedDemoAccounts(transaction, options.scrypt ?? owaspScrypt);
    await seedDemoReceivingNumbers(transaction);
    await seedDemoAgentContracts(transaction, demoAccounts.agent.account, 2);
  });
  return { seeded: true };
}

/**
 * Reference data every site needs, demo or not: the country list (dialing codes of the
 * registration form), written when the table is empty. The operator then disables countries;
 * a deleted one is not put back while any remains.
 */
export async function seedReferenceData(db: Database): Promise<void> {
  const [row] = await db.select({ total: count() }).from(countries);
  if (Number(row?.total ?? 0) > 0) return;
  await db.insert(countries).values(countryRows()).onConflictDoNothing();
}
