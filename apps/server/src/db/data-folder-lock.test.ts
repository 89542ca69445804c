import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { DataFolderInUseError, lockDataFolder, lockFileName } from './data-folder-lock.ts';

const folders: string[] = [];
function folder() {
  const made = mkdtempSync(path.join(tmpdir(), 'khela-lock-'));
  folders.push(made);
  return made;
}
afterAll(() => {
  for (const made of folders) rmSync(made, { recursive: true, force: true });
});

const lockOf = (dir: string) => path.join(dir, lockFileName);
const leaveLock = (dir: string, pid: number) =>
  writeFileSync(lockOf(dir), JSON.stringify({ pid, since: new Date().toISOString() }));

describe('one process at a time in a PGlite folder', () => {
  it('refuses a second open while the first holds it, and frees the folder on release', () => {
    const dir = folder();
    const release = lockDataFolder(dir);
    expect(JSON.parse(readFileSync(lockOf(dir), 'utf8'))).toMatchObject({ pid: process.pid });
    expect(() => lockDataFolder(dir)).toThrow(DataFolderInUseError);
    // the same folder by another spelling is the same folder
    expect(() => lockDataFolder(path.join(dir, '.'))).toThrow(DataFolderInUseError);
    release();
    expect(existsSync(lockOf(dir))).toBe(false);
    release(); // a second release does nothing
    lockDataFolder(dir)();
  });

  it('refuses a folder another running process holds, naming the process', async () => {
    const dir = folder();
    const other = spawn('sleep', ['30']);
    try {
      leaveLock(dir, other.pid!);
      let refusal: unknown;
      try {
        lockDataFolder(dir);
      } catch (error) {
        refusal = error;
      }
      expect(refusal).toBeInstanceOf(DataFolderInUseError);
      expect((refusal as Error).message).toContain(`is open in process ${other.pid}`);
      expect(JSON.parse(readFileSync(lockOf(dir), 'utf8'))).toMatchObject({ pid: other.pid });
    } finally {
      other.kill('SIGKILL');
      await new Promise((resolve) => other.once('exit', resolve));
    }
    // The holder was killed (a crash): its file is taken over.
    const release = lockDataFolder(dir);
    expect(JSON.parse(readFileSync(lockOf(dir), 'utf8'))).toMatchObject({ pid: process.pid });
    release();
  });

  it('takes over a file left by a crash: a pid that no longer runs, this pid, or an unreadable file', () => {
    const ended = spawnSync('true');
    expect(ended.pid).toBeGreaterThan(0);
    for (const left of [
      (dir: string) => leaveLock(dir, ended.pid),
      // a restarted container is often the same pid again, with no handle open
      (dir: string) => leaveLock(dir, process.pid),
      (dir: string) => writeFileSync(lockOf(dir), '{"pid":'),
    ]) {
      const dir = folder();
      left(dir);
      const release = lockDataFolder(dir);
      expect(JSON.parse(readFileSync(lockOf(dir), 'utf8'))).toMatchObject({ pid: process.pid });
      release();
    }
  });

  it('does not take over while another process is opening, and removes a guard file left by a crash', async () => {
    const dir = folder();
    const ended = spawnSync('true');
    leaveLock(dir, ended.pid);
    const guard = `${lockOf(dir)}.guard`;
    const other = spawn('sleep', ['30']);
    try {
      writeFileSync(guard, JSON.stringify({ pid: other.pid }));
      const started = Date.now();
      expect(() => lockDataFolder(dir)).toThrow(`is open in process ${other.pid}`);
      expect(Date.now() - started).toBeGreaterThanOrEqual(4_000);
      // The crash's file is still there: nothing was taken over under another's guard.
      expect(JSON.parse(readFileSync(lockOf(dir), 'utf8'))).toMatchObject({ pid: ended.pid });
    } finally {
      other.kill('SIGKILL');
      await new Promise((resolve) => other.once('exit', resolve));
    }
    // Its process is gone: the guard file was left by a crash too.
    const release = lockDataFolder(dir);
    expect(existsSync(guard)).toBe(false);
    expect(JSON.parse(readFileSync(lockOf(dir), 'utf8'))).toMatchObject({ pid: process.pid });
    release();
  }, 15_000);

  it('lets exactly one of several processes starting at the same instant take over a stale file', async () => {
    const here = path.dirname(fileURLToPath(import.meta.url));
    const tsx = path.resolve(here, '../../../../node_modules/.bin/tsx');
    const script = path.join(here, 'data-folder-lock.race.ts');
    for (let round = 0; round < 2; round += 1) {
      const dir = folder();
      leaveLock(dir, spawnSync('true').pid);
      // Each waits for this instant on its own clock, so that all try within a millisecond.
      const at = Date.now() + 4_000;
      const racers = Array.from({ length: 4 }, () =>
        spawn(tsx, [script, dir, String(at)], { stdio: ['ignore', 'pipe', 'inherit'] }),
      );
      // Each says `held` (and holds until told to stop) or `refused`: a holder never lets go while
      // the others still try, so two `held` are two processes holding the folder at once.
      const outcomes = await Promise.all(
        racers.map(
          (racer) =>
            new Promise<string>((resolve, reject) => {
              let out = '';
              racer.stdout.on('data', (chunk: Buffer) => {
                out += chunk.toString();
                if (out.includes('\n')) resolve(out.trim());
              });
              racer.once('error', reject);
              racer.once('exit', (code) => resolve(out.trim() || `exited ${code}`));
            }),
        ),
      );
      await Promise.all(
        racers.map(async (racer) => {
          if (racer.exitCode === null) racer.kill('SIGTERM');
          if (racer.exitCode === null) await new Promise((resolve) => racer.once('exit', resolve));
        }),
      );
      expect(existsSync(lockOf(dir))).toBe(false);
      expect(outcomes.filter((outcome) => outcome === 'held')).toHaveLength(1);
      expect(outcomes.filter((outcome) => outcome === 'refused')).toHaveLength(3);
    }
  }, 60_000);
});
