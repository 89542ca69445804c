import { sql, type SQL } from 'drizzle-orm';
import type { Database } from './database.ts';

/**
 * Invariant checks run against a database: the money ledger's verifier (ledger.verifier.ts) and the
 * points ledger's (loyalty/points.verifier.ts) are lists of them. Every check of a list reads one
 * snapshot (a read-only REPEATABLE READ transaction), so a verifier may run beside live traffic.
 *
 * A check is a query that returns one text line (`problem`) per thing it finds broken.
 */
export interface InvariantCheck {
  name: string;
  description: string;
  query: SQL;
}

/** How many problems each check reports (it still says when there are more). */
const PROBLEM_LIMIT = 20;

export interface CheckResult {
  name: string;
  description: string;
  ok: boolean;
  /** Up to PROBLEM_LIMIT lines naming what is broken; a last line says when there are more. */
  problems: string[];
}

export interface Verification {
  ok: boolean;
  checks: CheckResult[];
}

/** Runs every check in one read-only snapshot. */
export async function runInvariantChecks(
  db: Database,
  checks: readonly InvariantCheck[],
): Promise<Verification> {
  const results = await db.transaction(
    async (tx) => {
      const collected: CheckResult[] = [];
      for (const check of checks) {
        const rows = (
          (await tx.execute(
            sql`select t.problem from (${check.query}) as t limit ${PROBLEM_LIMIT + 1}`,
          )) as unknown as { rows: { problem: string | null }[] }
        ).rows;
        const problems = rows.map((row) => row.problem ?? '(unnamed problem)');
        if (problems.length > PROBLEM_LIMIT) problems.splice(PROBLEM_LIMIT, Infinity, '… and more');
        collected.push({
          name: check.name,
          description: check.description,
          ok: problems.length === 0,
          problems,
        });
      }
      return collected;
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  return { ok: results.every((result) => result.ok), checks: results };
}

/** A human report: one line per check, the problems under each failed one. */
export function formatVerification(verification: Verification): string {
  return verification.checks
    .flatMap((check) => [
      `${check.ok ? 'ok  ' : 'FAIL'} ${check.name}: ${check.description}`,
      ...check.problems.map((problem) => `       ${problem}`),
    ])
    .join('\n');
}
