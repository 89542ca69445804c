/**
 * Operator tool for the brand settings document, from the folder the site is started in:
 *   npm run settings -- get
 *   npm run settings -- set '{"maintenance":{"enabled":true,"message":"Back at 6"}}'
 * `set` replaces the given top-level keys; the merged document is validated before it is written.
 * On PGlite run it while the server is stopped (one process per data folder); a PGlite folder with
 * no database is refused (cli/site-database.ts), created only with `--create` (a site configured
 * before its first start). With REDIS_URL (and
 * the site's REDIS_PREFIX) the running instances are told at once; without it they show the change
 * within their read caches' few seconds.
 */
import { Redis } from 'ioredis';
import { loadEnv } from '../config/env.ts';
import { databaseTarget } from '../db/open-database.ts';
import {
  getSettings,
  settingsDiff,
  settingsDiffForAudit,
  updateSettings,
} from '../modules/settings/settings.service.ts';
import { recordConsoleChange } from '../modules/audit/audit.service.ts';
import { seedDemoData } from '../seed/seed.ts';
import { AppError } from '../http/app-error.ts';
import { onDataChanged } from '../shared/read-cache.ts';
import { createResponseCache } from '../shared/response-cache.ts';
import { missingSiteDatabase, openSiteDatabase } from './site-database.ts';

const args = process.argv.slice(2);
// `--create`: a site set up before its first start (a new folder or database), on purpose.
const create = args.includes('--create');
const [command, argument] = args.filter((arg) => arg !== '--create');
const env = loadEnv();
const missing = create ? null : missingSiteDatabase(env);
if (missing) {
  console.error(`settings: ${missing} To set up a site before its first start, add --create.`);
  process.exit(2);
}
const database = await openSiteDatabase('settings', env);
try {
  await database.migrate();
  if (env.DEMO_MODE) await seedDemoData(database.db);
  if (command === 'get') {
    console.log(JSON.stringify(await getSettings(database.db), null, 2));
  } else if (command === 'set' && argument) {
    const patch = JSON.parse(argument) as Record<string, unknown>;
    const redis = env.REDIS_URL ? new Redis(env.REDIS_URL, { maxRetriesPerRequest: 2 }) : null;
    redis?.on('error', (error: unknown) => console.warn(`redis: ${String(error)}`));
    const instances = createResponseCache({ redis, prefix: env.REDIS_PREFIX });
    const stopTelling = onDataChanged(database.db, (tag) => instances.changed(tag));
    try {
      if (redis) await redis.ping().catch(() => undefined);
      const before = await getSettings(database.db);
      const after = await updateSettings(database.db, patch);
      // In the operators' trail, as the back office's saves are: the protected settings are
      // loosened only here (settings.protected.ts), so who did it and what changed is on record.
      const diff = settingsDiff(before, after);
      if (diff.length > 0) {
        await recordConsoleChange(database.db, {
          action: 'settings.set',
          targetKind: 'settings',
          targetId: 'KHELA',
          ...settingsDiffForAudit(diff),
        });
      }
    } finally {
      stopTelling();
      await redis?.quit().catch(() => redis.disconnect());
    }
    console.info(`settings updated: ${Object.keys(patch).join(', ')} (${databaseTarget(env)})`);
  } else {
    console.error('usage: settings get | settings set \'{"key": value}\'');
    process.exitCode = 2;
  }
} catch (error) {
  if (error instanceof AppError) {
    console.error(`settings refused: ${JSON.stringify(error.issues)}`);
    process.exitCode = 1;
  } else throw error;
} finally {
  await database.close();
}
