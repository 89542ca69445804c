import { loadEnv } from '../config/env.ts';
import { openDatabase } from '../db/open-database.ts';
import { seedDemoData } from '../seed/seed.ts';
import { scryptOf } from '../modules/accounts/accounts.context.ts';

const env = loadEnv();
const database = await openDatabase(
  env.DATABASE_URL ? { kind: 'pg', url: env.DATABASE_URL } : { kind: 'pglite', dataDir: env.DATA_DIR },
);
await database.migrate();
const { seeded } = await seedDemoData(database.db, { scrypt: scryptOf(env) });
await database.close();
console.info(seeded ? 'demo data seeded' : 'database already has data: seed skipped');
