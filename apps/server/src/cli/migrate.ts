import { loadEnv } from '../config/env.ts';
import { configuredDatabase, openDatabase } from '../db/open-database.ts';

const env = loadEnv();
const database = await openDatabase(configuredDatabase(env));
await database.migrate();
await database.close();
console.info(`migrations applied (${database.driver})`);
