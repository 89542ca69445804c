import { loadEnv } from '../config/env.ts';
import { openSiteDatabase } from './site-database.ts';

const env = loadEnv();
const database = await openSiteDatabase('db:migrate', env);
await database.migrate();
await database.close();
console.info(`migrations applied (${database.driver})`);
