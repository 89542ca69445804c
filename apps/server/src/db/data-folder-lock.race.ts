import { DataFolderInUseError, lockDataFolder } from './data-folder-lock.ts';

/**
 * One racer of data-folder-lock.test.ts: waits for the instant given, then takes the folder and
 * prints `held` (and keeps it until SIGTERM, so that no later racer can find it free) or prints
 * `refused` and ends.
 */
const [dir, at] = process.argv.slice(2);
while (Date.now() < Number(at)) {
  // busy wait: a timer would wake up to a few milliseconds late
}
try {
  const release = lockDataFolder(dir!);
  process.stdout.write('held\n');
  const alive = setInterval(() => undefined, 1_000);
  process.once('SIGTERM', () => {
    clearInterval(alive);
    release();
  });
} catch (error) {
  if (!(error instanceof DataFolderInUseError)) throw error;
  process.stdout.write('refused\n');
}
