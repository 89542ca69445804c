import { loadEnv } from '../config/env.ts';
import { openDatabase } from '../db/open-database.ts';

const env = loadEnv();
const database = await openDatabase(
  env.DATABASE_URL ? { kind: 'pg', url: env.DATABASE_URL } : { kind: 'pglite', dataDir: env.DATA_DIR },
);
await database.migrate();
await database.close();
console.info(`migrations applied (${database.driver})`);
