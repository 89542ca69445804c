/**
 * Checks every ledger invariant (docs/design.md, Money) and every points ledger invariant
 * (docs/loyalty.md, "The points ledger") against the configured database, and that
 * the round records agents' wages and the betting record read agree with the money (docs/wallet.md,
 * "Round records against the ledger"): every seamless vendor round's stake and win match its
 * postings (games_rounds_off_ledger.sql), every lottery bet's stake and win match its placement,
 * settlement, void or cancel postings (lottery_bets_off_ledger.sql), and the rounds of transfer-mode
 * vendors match their game wallets' transfers and reported balances
 * (games_transfer_rounds_off_wallets.sql):
 *   npm run ledger:verify                              # PGlite under DATA_DIR (default ./data)
 *   DATABASE_URL=postgres://… npm run ledger:verify     # PostgreSQL
 * Exit 0: every invariant holds. Exit 1: something is broken; each broken invariant is named with
 * the rows that break it. Exit 2: the database could not be read (missing, not migrated).
 *
 * Read-only: it never migrates or repairs. On PostgreSQL it may run beside a live server (one
 * snapshot); on PGlite stop the server first (one process per data folder, docs/stack.md gotcha 4).
 */
import { loadEnv } from '../config/env.ts';
import { databaseTarget } from '../db/open-database.ts';
import { checkRoundFigures } from '../modules/back-office/money.figures.ts';
import { formatVerification, verifyLedger } from '../modules/ledger/ledger.verifier.ts';
import { verifyPoints } from '../modules/loyalty/points.verifier.ts';
import { missingSiteDatabase, openSiteDatabase } from './site-database.ts';

const env = loadEnv();
const target = databaseTarget(env);
const missing = missingSiteDatabase(env);
if (missing) {
  console.error(`ledger:verify: ${missing}`);
  process.exit(2);
}
const database = await openSiteDatabase('ledger:verify', env, { poolSize: 1 });
try {
  const verification = await verifyLedger(database.db);
  console.log(formatVerification(verification));
  const broken = verification.checks.filter((check) => !check.ok).map((check) => check.name);
  // The points ledger (docs/loyalty.md): its own verifier, the same kind of checks.
  const points = await verifyPoints(database.db);
  console.log(formatVerification(points));
  broken.push(...points.checks.filter((check) => !check.ok).map((check) => check.name));
  // The figures beside the ledger: the round records wages read, against the money that moved.
  const figures = await checkRoundFigures(database.db);
  for (const figure of figures) {
    if (figure.ok) {
      console.log(`${figure.name}: ok (${figure.description})`);
    } else {
      console.log(`${figure.name}: BROKEN\n${figure.problems.join('\n')}`);
      broken.push(figure.name);
    }
  }
  if (broken.length === 0) {
    console.log(
      `ledger:verify: ${verification.checks.length + points.checks.length + figures.length} invariants hold (${target})`,
    );
  } else {
    console.error(`ledger:verify: BROKEN (${target}): ${broken.join(', ')}`);
    process.exitCode = 1;
  }
} catch (error) {
  const cause = (error as { cause?: { message?: string } }).cause?.message ?? (error as Error).message;
  console.error(`ledger:verify: could not read the ledger (${target}): ${cause}`);
  console.error('Is the database migrated? (npm run db:migrate)');
  process.exitCode = 2;
} finally {
  await database.close();
}
