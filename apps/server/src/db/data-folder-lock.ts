import { randomBytes } from 'node:crypto';
import { linkSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * One process at a time in an embedded PGlite folder. PGlite runs PostgreSQL inside the process
 * that opens it, and its own `postmaster.pid` holds a fixed fake pid (-42), so nothing stopped a
 * settings or ledger tool (or a second server) from opening the folder while the site had it open:
 * two PostgreSQL instances writing the same files corrupt them. The lock is a file in the folder
 * holding the pid of the process that has it open; it is removed on close and on exit, and a file
 * left by a process that no longer runs (a crash, kill -9) is taken over.
 */
export const lockFileName = 'khela-open.lock';

/** Folders this process holds (a file naming this pid but not listed here was left by a crash). */
const held = new Set<string>();

process.once('exit', () => {
  for (const folder of held) removeIfOurs(folder);
});

function lockPath(folder: string) {
  return path.join(folder, lockFileName);
}

function ownerOf(file: string): number | null {
  try {
    const owner = (JSON.parse(readFileSync(file, 'utf8')) as { pid?: unknown }).pid;
    return typeof owner === 'number' && Number.isSafeInteger(owner) && owner > 0 ? owner : null;
  } catch {
    return null; // gone since, or unreadable (a write cut short): no process can be shown to hold it
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user. ESRCH: no such process.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function removeIfOurs(folder: string) {
  if (ownerOf(lockPath(folder)) === process.pid) removeFile(lockPath(folder));
}

export class DataFolderInUseError extends Error {
  constructor(
    readonly folder: string,
    readonly pid: number,
  ) {
    super(
      `the embedded database in ${folder} is open in process ${pid} (the site, or an operator tool): ` +
        `stop that process first, then run this again. If no such process runs, remove ${lockPath(folder)}.`,
    );
    this.name = 'DataFolderInUseError';
  }
}

/**
 * Makes `file` holding `content` only if no such file exists, whole or not at all: the content is
 * written to a file of this process first and then hard-linked to the name, which fails when the
 * name exists. Another process never reads a half-written lock (an empty file would look left by a
 * crash). A file system without hard links gets an exclusive create and write instead.
 */
function createWhole(file: string, content: string): boolean {
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(draft, content, { flag: 'wx' });
  try {
    linkSync(draft, file);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP') throw error;
  } finally {
    unlinkSync(draft);
  }
  try {
    writeFileSync(file, content, { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/**
 * The pid of a file that holds: a running process other than this one. This pid (a restarted
 * container is often pid 1 again; lockDataFolder refuses a folder this process holds before it
 * looks) or a pid that no longer runs: the file was left by a crash.
 */
function liveOwner(file: string): number | null {
  const owner = ownerOf(file);
  return owner === null || owner === process.pid || !isRunning(owner) ? null : owner;
}

function pause(ms: number) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Takes the folder for this process, or throws DataFolderInUseError when another running process
 * (or this one, through another open handle) has it. Returns the release, for the handle's close.
 *
 * The lock is judged, removed when left by a crash, and made only under a second lock held for
 * that moment, `<lock>.guard`: two processes starting at once on a stale file cannot both remove
 * it and both make their own (one would remove the other's fresh file). A guard whose process no
 * longer runs was left by a crash and is removed; one whose process runs for more than five seconds
 * (an open holds it for a millisecond) names that process in the refusal.
 */
export function lockDataFolder(dataDir: string): () => void {
  const folder = path.resolve(dataDir);
  if (held.has(folder)) throw new DataFolderInUseError(folder, process.pid);
  const lock = lockPath(folder);
  const guard = `${lock}.guard`;
  const mine = `${JSON.stringify({ pid: process.pid, since: new Date().toISOString() })}\n`;
  const deadline = Date.now() + 5_000;
  while (!createWhole(guard, mine)) {
    const opening = liveOwner(guard);
    if (opening === null) removeFile(guard);
    else if (Date.now() > deadline) throw new DataFolderInUseError(folder, opening);
    else pause(5);
  }
  try {
    const owner = liveOwner(lock);
    if (owner !== null) throw new DataFolderInUseError(folder, owner);
    removeFile(lock); // none, or left by a crash
    if (!createWhole(lock, mine)) throw new Error(`could not take ${lock}`);
    held.add(folder);
  } finally {
    removeFile(guard);
  }
  return () => {
    if (!held.delete(folder)) return;
    removeIfOurs(folder);
  };
}

function removeFile(file: string) {
  try {
    unlinkSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}
