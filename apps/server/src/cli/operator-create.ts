/**
 * Creates an operator account, the way a production database gets its first one (the demo's
 * `operator` exists only in demo mode, with a public password):
 *   npm run operator:create -- --username alice < password.txt     # the password on stdin
 *   OPERATOR_PASSWORD=… npm run operator:create -- --username alice  # or from the environment
 * At a terminal it asks for the password (not echoed) twice. The password must pass the brand's
 * password rule (at least 8 characters, not a common one, not the username). Exit 0: created;
 * 1: refused (the reason is printed); 2: usage. On PGlite run it while the server is stopped.
 */
import { parseArgs } from 'node:util';
import { loadEnv } from '../config/env.ts';
import { openSiteDatabase } from './site-database.ts';
import { scryptOf } from '../modules/accounts/accounts.context.ts';
import { createOperator } from '../modules/accounts/operator-create.ts';
import { recordConsoleChange } from '../modules/audit/audit.service.ts';
import { seedReferenceData } from '../seed/seed.ts';
import { AppError } from '../http/app-error.ts';

async function readHidden(prompt: string): Promise<string> {
  const { stdin, stdout } = process;
  stdout.write(prompt);
  stdin.setRawMode(true);
  stdin.resume();
  stdin.setEncoding('utf8');
  let typed = '';
  try {
    return await new Promise<string>((resolve, reject) => {
      const onData = (chunk: string) => {
        for (const character of chunk) {
          if (character === '\r' || character === '\n') {
            stdin.off('data', onData);
            stdout.write('\n');
            resolve(typed);
            return;
          }
          if (character === '\u0003') {
            stdin.off('data', onData);
            reject(new Error('cancelled'));
            return;
          }
          if (character === '\u007f') typed = typed.slice(0, -1);
          else typed += character;
        }
      };
      stdin.on('data', onData);
    });
  } finally {
    stdin.setRawMode(false);
    stdin.pause();
  }
}

async function readPiped(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  // One line: the password, without its line ending.
  return Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0] ?? '';
}

const { values } = parseArgs({
  options: { username: { type: 'string' }, nickname: { type: 'string' } },
  strict: true,
});
if (!values.username) {
  console.error('usage: npm run operator:create -- --username <name> [--nickname <shown name>]');
  process.exit(2);
}

const env = loadEnv();
let password: string;
if (env.OPERATOR_PASSWORD) password = env.OPERATOR_PASSWORD;
else if (process.stdin.isTTY) {
  password = await readHidden('Password for the new operator: ');
  if ((await readHidden('The same again: ')) !== password) {
    console.error('operator:create: the passwords differ; nothing was created');
    process.exit(1);
  }
} else password = await readPiped();

const database = await openSiteDatabase('operator:create', env, { poolSize: 1 });
try {
  await database.migrate();
  await seedReferenceData(database.db);
  const created = await createOperator(database.db, {
    username: values.username,
    nickname: values.nickname,
    password,
    scrypt: scryptOf(env),
  });
  // An owner made outside the back office: in the operators' trail like one made inside it.
  await recordConsoleChange(database.db, {
    action: 'operator.create',
    targetKind: 'operator',
    targetId: created.id,
    after: { account: created.account, role: 'owner' },
  });
  console.info(`operator:create: operator '${created.account}' created (id ${created.id})`);
} catch (error) {
  if (!(error instanceof AppError)) throw error;
  const reasons = error.issues?.map((issue) => `${issue.field} ${issue.reason}`).join('; ');
  console.error(`operator:create: refused: ${reasons ?? error.code}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
