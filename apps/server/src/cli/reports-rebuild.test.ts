import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { addDays, dayKey } from '@khela/contract/business-day';
import { openDatabase } from '../db/open-database.ts';
import { rowsOf } from '../modules/ledger/ledger.service.ts';
import { parseRebuildArgs } from '../modules/reports/reports.rebuild.ts';

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

describe('reports:rebuild arguments', () => {
  it('takes two calendar days, from on or before to, at most a year apart', () => {
    expect(parseRebuildArgs(['--from', '2026-11-01', '--to', '2026-11-30'])).toEqual({
      from: '2026-11-01',
      to: '2026-11-30',
    });
    expect(parseRebuildArgs(['--from=2026-11-01', '--to=2026-11-01'])).toEqual({
      from: '2026-11-01',
      to: '2026-11-01',
    });
    const refused: [string[], string][] = [
      [[], 'both --from and --to are needed'],
      [['--from', '2026-11-01'], 'both --from and --to are needed'],
      [['--from', '2026-02-30', '--to', '2026-03-01'], '--from "2026-02-30" is not a calendar day'],
      [['--from', '2026-03-01', '--to', '1 March'], '--to "1 March" is not a calendar day'],
      [['--from', '2026-03-02', '--to', '2026-03-01'], '--from 2026-03-02 is after --to 2026-03-01'],
      [['--from', '2024-01-01', '--to', '2025-01-02'], '368 days asked for: at most 366'],
      [['--from', '2026-03-01', '--to', '2026-03-01', '--all'], "Unknown option '--all'"],
    ];
    for (const [argv, error] of refused) {
      const parsed = parseRebuildArgs(argv);
      expect('error' in parsed && parsed.error, argv.join(' ')).toContain(error);
    }
  });
});

describe('npm run reports:rebuild', () => {
  const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  const run = (folder: string, argv: string[]) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/reports-rebuild.ts', ...argv], {
      cwd: serverRoot,
      env: { ...process.env, DATA_DIR: folder, DATABASE_URL: '' },
      encoding: 'utf8',
      timeout: 120_000,
    });

  it('refuses bad days with exit 2 and changes nothing; rewrites and names the days asked for', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'khela-reports-rebuild-'));
    folders.push(folder);
    const site = await openDatabase({ kind: 'pglite', dataDir: folder });
    await site.migrate();
    await site.close();
    const state = async () => {
      const database = await openDatabase({ kind: 'pglite', dataDir: folder });
      try {
        return rowsOf<{ runs: number; days: number }>(
          await database.db.execute(sql`select (select count(*)::int from report_state) as runs,
                                               (select count(*)::int from report_daily_totals) as days`),
        )[0];
      } finally {
        await database.close();
      }
    };

    const refused = run(folder, ['--from', '2026-11-30', '--to', '2026-11-01']);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain('reports:rebuild: --from 2026-11-30 is after --to 2026-11-01');
    expect(refused.stderr).toContain('usage: npm run reports:rebuild -- --from YYYY-MM-DD --to YYYY-MM-DD');
    expect(await state()).toEqual({ runs: 0, days: 0 });

    const from = addDays(dayKey(Date.now(), 'Asia/Dhaka'), -40);
    const to = addDays(from, 2);
    const done = run(folder, ['--from', from, '--to', to]);
    expect(done.stderr).toBe('');
    expect(done.status).toBe(0);
    expect(done.stdout).toMatch(
      /reports:rebuild: \d+ days rewritten in \d+ ms \(Asia\/Dhaka days, BDT; embedded PGlite/,
    );
    expect(done.stdout).toContain(`${from}..${to}`);
    const after = await state();
    expect(after?.runs).toBe(1);
    expect(after?.days).toBeGreaterThanOrEqual(3);
  }, 300_000);
});
