/**
 * Stores a payment provider's secret in the site's secret store (server_secrets), where the
 * adapters read it; the value comes on stdin, so it is neither in the shell's history nor in the
 * process list, and it is never printed:
 *   npm run secret:set -- payments.bkash.appSecret < app-secret.txt
 *   npm run secret:set -- payments.bkash.password < password.txt
 *   npm run secret:set -- payments.nagad.merchantPrivateKey < merchant-private-key.pem
 *   npm run secret:set -- payments.bkashB2c.appSecret < b2c-app-secret.txt
 *   npm run secret:set -- payments.bkashB2c.password < b2c-password.txt
 * Only these names are taken (docs/payments.md). Exit 0: stored; 2: usage. On PGlite run it while
 * the server is stopped (one process per data folder).
 */
import { loadEnv } from '../config/env.ts';
import { databaseTarget } from '../db/open-database.ts';
import { bkashB2cSecretNames, bkashSecretNames } from '../modules/bkash/bkash.service.ts';
import { nagadSecretNames } from '../modules/nagad/nagad.service.ts';
import { writeSecret } from '../modules/secrets/secrets.service.ts';
import { recordConsoleChange } from '../modules/audit/audit.service.ts';
import { openSiteDatabase } from './site-database.ts';

const names: readonly string[] = [
  ...Object.values(bkashSecretNames),
  ...Object.values(bkashB2cSecretNames),
  ...Object.values(nagadSecretNames),
];
const [name] = process.argv.slice(2);
if (!name || !names.includes(name)) {
  console.error(`usage: secret:set <name> < value   (name: ${names.join(', ')})`);
  process.exit(2);
}
const chunks: Buffer[] = [];
for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
const value = Buffer.concat(chunks).toString('utf8').trim();
if (!value) {
  console.error('secret:set: the value is read from stdin, and it was empty');
  process.exit(2);
}
const env = loadEnv();
const database = await openSiteDatabase('secret:set', env);
try {
  await database.migrate();
  await writeSecret(database.db, name, value);
  // The name only, never the value: who replaced a provider's secret, and when.
  await recordConsoleChange(database.db, { action: 'secret.set', targetKind: 'secret', targetId: name });
  console.info(`secret:set: ${name} stored (${value.length} characters, ${databaseTarget(env)})`);
} finally {
  await database.close();
}
