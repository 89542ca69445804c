import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { lockFileName } from '../db/data-folder-lock.ts';
import { databaseTarget, openDatabase } from '../db/open-database.ts';
import { missingSiteDatabase } from './site-database.ts';
import { eq } from 'drizzle-orm';
import { operatorAudit } from '../modules/audit/audit.tables.ts';

const folders: string[] = [];
function emptyFolder() {
  const folder = mkdtempSync(path.join(tmpdir(), 'khela-site-db-'));
  folders.push(folder);
  return folder;
}
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

describe('operator tools find the site database, never a new one', () => {
  it('refuses a PGlite folder with no database, naming it in full', () => {
    const folder = emptyFolder();
    const missing = missingSiteDatabase({ DATA_DIR: folder });
    expect(missing).toContain(`no site database in ${folder}`);
    expect(missingSiteDatabase({ DATA_DIR: path.join(folder, 'not-there') })).toContain('not-there');
  });

  it('goes on with a PGlite folder that holds a database, and with PostgreSQL', () => {
    const folder = emptyFolder();
    writeFileSync(path.join(folder, 'PG_VERSION'), '17\n');
    expect(missingSiteDatabase({ DATA_DIR: folder })).toBeNull();
    expect(
      missingSiteDatabase({ DATA_DIR: emptyFolder(), DATABASE_URL: 'postgres://x@127.0.0.1/y' }),
    ).toBeNull();
    expect(databaseTarget({ DATA_DIR: 'data' })).toBe(`embedded PGlite in ${path.resolve('data')}`);
    expect(databaseTarget({ DATA_DIR: 'data', DATABASE_URL: 'postgres://x@127.0.0.1/y' })).toBe('PostgreSQL');
  });

  it('the settings tool exits 2 on an empty folder and leaves it empty (no new database)', async () => {
    const folder = emptyFolder();
    const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'src/cli/settings.ts', 'set', '{"features":{}}'],
      {
        cwd: serverRoot,
        env: { ...process.env, DATA_DIR: folder, DATABASE_URL: '' },
        encoding: 'utf8',
        timeout: 60_000,
      },
    );
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(`settings: no site database in ${folder}`);
    expect(readdirSync(folder)).toEqual([]);
    expect(existsSync(path.join(folder, 'PG_VERSION'))).toBe(false);

    // Asked for on purpose (a site set up before its first start), the database is made and set.
    const created = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        'src/cli/settings.ts',
        'set',
        '{"features":{"loginedToHomePage":true}}',
        '--create',
      ],
      {
        cwd: serverRoot,
        env: { ...process.env, DATA_DIR: folder, DATABASE_URL: '' },
        encoding: 'utf8',
        timeout: 120_000,
      },
    );
    expect(created.status).toBe(0);
    expect(created.stdout).toContain(`settings updated: features (embedded PGlite in ${folder})`);
    expect(existsSync(path.join(folder, 'PG_VERSION'))).toBe(true);
    expect(existsSync(path.join(folder, lockFileName))).toBe(false);

    // While a process has the folder open (the running site), the tool refuses and changes nothing.
    const getSettings = () =>
      spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/settings.ts', 'get'], {
        cwd: serverRoot,
        env: { ...process.env, DATA_DIR: folder, DATABASE_URL: '' },
        encoding: 'utf8',
        timeout: 120_000,
      });
    const site = await openDatabase({ kind: 'pglite', dataDir: folder });
    try {
      // The change is in the operators' trail, under the system user who ran the tool.
      const trail = await site.db
        .select()
        .from(operatorAudit)
        .where(eq(operatorAudit.action, 'settings.set'));
      expect(trail).toHaveLength(1);
      expect(trail[0]).toMatchObject({
        role: 'server-console',
        operatorId: null,
        outcome: 'ok',
        before: { 'features.loginedToHomePage': false },
        after: { 'features.loginedToHomePage': true },
      });
      expect(trail[0]!.operator).toMatch(/^console:./);
      const refused = getSettings();
      expect(refused.status).toBe(2);
      expect(refused.stderr).toContain(
        `settings: the embedded database in ${folder} is open in process ${process.pid}`,
      );
    } finally {
      await site.close();
    }
    const read = getSettings();
    expect(read.status).toBe(0);
    expect(read.stdout).toContain('"loginedToHomePage": true');
  }, 240_000);
});
