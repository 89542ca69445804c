import { loadEnv } from '../config/env.ts';
import { openSiteDatabase } from './site-database.ts';
import { seedDemoData } from '../seed/seed.ts';
import { scryptOf } from '../modules/accounts/accounts.context.ts';

const env = loadEnv();
if (!env.DEMO_MODE) {
  // The demo data carries public passwords: a production database gets its operator from operator:create.
  console.error('db:seed writes the demo data (public demo passwords): only with DEMO_MODE=true');
  process.exit(1);
}
const database = await openSiteDatabase('db:seed', env);
await database.migrate();
const { seeded } = await seedDemoData(database.db, { scrypt: scryptOf(env) });
await database.close();
console.info(seeded ? 'demo data seeded' : 'database already has data: seed skipped');
