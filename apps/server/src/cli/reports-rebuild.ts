/**
 * Rewrites days of the back office's daily reports from the ledger (docs/back-office.md, Reports:
 * figures from the ledger), after reading the journal up to now, from the folder the site runs in:
 *   npm run reports:rebuild -- --from 2026-11-01 --to 2026-11-30          # PGlite under DATA_DIR
 *   DATABASE_URL=postgres://… npm run reports:rebuild -- --from … --to …  # PostgreSQL
 * Days are the brand's (settings timeZone); at most a year at once. The job does the same by itself
 * for every day a journal entry touches: a rebuild is for days cut in an old time zone, or figures
 * kept before the reports read the ledger. Prints the days rewritten.
 * Exit 0: done. Exit 2: bad arguments (nothing changed) or no site database. On PGlite run it
 * while the server is stopped (one process per data folder); on PostgreSQL it may run beside it
 * (one run at a time: the job's advisory lock).
 */
import { loadEnv } from '../config/env.ts';
import { databaseTarget } from '../db/open-database.ts';
import { aggregateReports } from '../modules/reports/reports.aggregate.ts';
import { parseRebuildArgs, rebuildUsage } from '../modules/reports/reports.rebuild.ts';
import { getSettings } from '../modules/settings/settings.service.ts';
import { missingSiteDatabase, openSiteDatabase } from './site-database.ts';

const parsed = parseRebuildArgs(process.argv.slice(2));
if ('error' in parsed) {
  console.error(`reports:rebuild: ${parsed.error}\n${rebuildUsage}`);
  process.exit(2);
}
const env = loadEnv();
const missing = missingSiteDatabase(env);
if (missing) {
  console.error(`reports:rebuild: ${missing}`);
  process.exit(2);
}
const database = await openSiteDatabase('reports:rebuild', env);
try {
  await database.migrate();
  const settings = await getSettings(database.db);
  const started = Date.now();
  const result = await aggregateReports(database.db, {
    currency: settings.currency,
    timeZone: settings.timeZone,
    rebuild: parsed,
  });
  const ranges = result.ranges.map((range) =>
    range.from === range.to ? range.from : `${range.from}..${range.to}`,
  );
  console.log(
    `reports:rebuild: ${result.days} days rewritten in ${Date.now() - started} ms ` +
      `(${settings.timeZone} days, ${settings.currency}; ${databaseTarget(env)}): ${ranges.join(', ')}`,
  );
} finally {
  await database.close();
}
