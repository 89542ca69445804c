import { parseArgs } from 'node:util';
import { reportDay, reportMaxDays, reportPeriodDays } from '@khela/contract';

/**
 * The arguments of `npm run reports:rebuild -- --from YYYY-MM-DD --to YYYY-MM-DD` (cli/reports-rebuild.ts):
 * two real calendar days (the brand's days), from on or before to, at most a year
 * (`reportMaxDays`) apart. Checked before the database is opened: a refusal changes nothing.
 */
export type RebuildArgs = { from: string; to: string } | { error: string };

export const rebuildUsage = 'usage: npm run reports:rebuild -- --from YYYY-MM-DD --to YYYY-MM-DD';

export function parseRebuildArgs(argv: string[]): RebuildArgs {
  let values: { from?: string; to?: string };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: { from: { type: 'string' }, to: { type: 'string' } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    return { error: (error as Error).message };
  }
  const { from, to } = values;
  if (from === undefined || to === undefined) return { error: 'both --from and --to are needed' };
  for (const [name, value] of [
    ['--from', from],
    ['--to', to],
  ] as const) {
    if (!reportDay.safeParse(value).success) {
      return { error: `${name} ${JSON.stringify(value)} is not a calendar day (YYYY-MM-DD)` };
    }
  }
  const days = reportPeriodDays(from, to);
  if (days < 1) return { error: `--from ${from} is after --to ${to}` };
  if (days > reportMaxDays) {
    return {
      error: `${days} days asked for: at most ${reportMaxDays} days at once (run it again for the rest)`,
    };
  }
  return { from, to };
}
