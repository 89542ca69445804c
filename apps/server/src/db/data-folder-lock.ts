import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
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

function ownerOf(folder: string): number | null {
  try {
    const owner = (JSON.parse(readFileSync(lockPath(folder), 'utf8')) as { pid?: unknown }).pid;
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
  if (ownerOf(folder) !== process.pid) return;
  try {
    unlinkSync(lockPath(folder));
  } catch {
    // already gone
  }
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
 * Takes the folder for this process, or throws DataFolderInUseError when another running process
 * (or this one, through another open handle) has it. Returns the release, for the handle's close.
 */
export function lockDataFolder(dataDir: string): () => void {
  const folder = path.resolve(dataDir);
  if (held.has(folder)) throw new DataFolderInUseError(folder, process.pid);
  const content = `${JSON.stringify({ pid: process.pid, since: new Date().toISOString() })}\n`;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      writeFileSync(lockPath(folder), content, { flag: 'wx' });
      held.add(folder);
      return () => {
        if (!held.delete(folder)) return;
        removeIfOurs(folder);
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    // A file that cannot be read yet may be one another process has just made and not yet written.
    let owner = ownerOf(folder);
    if (owner === null) {
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
      owner = ownerOf(folder);
    }
    // This pid with no handle of ours (a restarted container is often pid 1 again) or a pid that
    // no longer runs: the file was left by a crash. Anything else holds the folder now.
    if (owner !== null && owner !== process.pid && isRunning(owner)) {
      throw new DataFolderInUseError(folder, owner);
    }
    try {
      unlinkSync(lockPath(folder));
    } catch {
      // another process took it over first: the next attempt sees its file
    }
  }
  throw new Error(`could not take ${lockPath(folder)}`);
}
