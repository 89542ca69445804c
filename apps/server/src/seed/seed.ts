import type { Database } from '../db/database.ts';
import { countries } from '../modules/system/system.tables.ts';
import { hasSettings, updateSettings } from '../modules/settings/settings.service.ts';
import { seedContent } from '../modules/content/content.seed.ts';
import { countryRows } from './countries.ts';
import { seedDemoAccounts } from '../modules/accounts/accounts.seed.ts';
import { owaspScrypt, type ScryptParams } from '../modules/accounts/password-hash.ts';

/**
 * Demo data for an empty database: the brand's settings and the country list. Each later module
 * adds its own demo data here. Runs only when the database has no settings yet, so a real
 * operator's data is never touched.
 */
export async function seedDemoData(
  db: Database,
  options: { scrypt?: ScryptParams } = {},
): Promise<{ seeded: boolean }> {
  if (await hasSettings(db)) return { seeded: false };
  await db.transaction(async (tx) => {
    const transaction = tx as unknown as Database;
    await seedContent(transaction);
    await transaction.insert(countries).values(countryRows()).onConflictDoNothing();
    await updateSettings(transaction, {
      brandName: 'Khela',
      merchantCode: 'KHELA',
      currency: 'BDT',
      currencySymbol: '৳',
      defaultLanguage: 'BN',
      languages: ['BN', 'EN', 'CN', 'VI', 'JA', 'TH'],
      copyright: '© 2026 Khela. All rights reserved. 18+ only. Play responsibly.',
      domains: [
        { domain: 'localhost', site: 'member' },
        { domain: 'agent.localhost', site: 'agent' },
      ],
    });
    await seedDemoAccounts(transaction, options.scrypt ?? owaspScrypt);
  });
  return { seeded: true };
}
