// First: V8 settings that must hold before the server takes a request (runtime/v8-flags.ts).
import './runtime/v8-flags.ts';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { EnvError, loadEnv, type Env } from './config/env.ts';
import { migrateAtStart } from './db/migrate-at-start.ts';
import { databaseTarget } from './db/open-database.ts';
import { openSiteDatabase } from './cli/site-database.ts';
import { seedDemoData, seedReferenceData } from './seed/seed.ts';
import { scryptOf } from './modules/accounts/accounts.context.ts';
import { demoAccountsWithPublicPassword } from './modules/accounts/accounts.seed.ts';
import { getSettings } from './modules/settings/settings.service.ts';
import { testProviderRefusal } from './config/test-providers.ts';
import { buildApp } from './app.ts';
import { builtFiles, MissingBuildError } from './built-files.ts';

function readEnv(): Env {
  try {
    return loadEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

async function main() {
  const env = readEnv();
  // Both `tsx src/main.ts` and the bundle `dist/main.js` sit two levels under apps/.
  const here = path.dirname(fileURLToPath(import.meta.url));
  let served: ReturnType<typeof builtFiles>;
  try {
    served = builtFiles({
      env,
      defaultWebRoot: path.resolve(here, '../../web/dist'),
      defaultAdminRoot: path.resolve(here, '../../admin/dist'),
    });
  } catch (error) {
    if (!(error instanceof MissingBuildError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
  // Another server or an operator tool with the embedded database open (db/data-folder-lock.ts)
  // ends this start with exit 1 and the reason.
  const database = await openSiteDatabase('server', env, {}, 1);
  await migrateAtStart(database, env);
  await seedReferenceData(database.db);
  if (env.DEMO_MODE) {
    const { seeded } = await seedDemoData(database.db, { scrypt: scryptOf(env) });
    if (seeded) console.info('seeded demo data into an empty database (DEMO_MODE=true)');
  } else {
    const refusal = testProviderRefusal({
      env,
      depositMethods: (await getSettings(database.db)).payments.depositMethods,
      demoAccountsWithPublicPassword: await demoAccountsWithPublicPassword(database.db),
    });
    if (refusal) {
      console.error(refusal);
      await database.close();
      process.exit(1);
    }
  }

  const app = await buildApp({
    env,
    database,
    // The embedded database has one process: what it finds running at start, a crash cut off.
    soleDatabaseProcess: database.driver === 'pglite',
    webRoot: served.webRoot,
    adminRoot: served.adminRoot,
    ...(served.houseWebAssets ? { houseWebAssets: served.houseWebAssets } : {}),
  });

  // buildApp has logged the start warnings (config/start-warnings.ts).

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const timer = setTimeout(() => {
      app.log.error('shutdown grace period over: exiting with requests still open');
      process.exit(1);
    }, env.SHUTDOWN_GRACE_MS);
    timer.unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  await app.listen({ host: env.HOST, port: env.PORT });
  app.log.info(`Khela is serving on http://localhost:${env.PORT} (database: ${databaseTarget(env)})`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
