import { DataFolderInUseError, lockDataFolder } from './data-folder-lock.ts';

/**
 * One racer of data-folder-lock.test.ts: waits for the instant given, then takes the folder and
 * prints `held` (holding it for a second, so the others find it held) or `refused`.
 */
const [dir, at] = process.argv.slice(2);
while (Date.now() < Number(at)) {
  // busy wait: a timer would wake up to a few milliseconds late
}
try {
  const release = lockDataFolder(dir!);
  process.stdout.write('held\n');
  setTimeout(release, 1_000);
} catch (error) {
  if (!(error instanceof DataFolderInUseError)) throw error;
  process.stdout.write('refused\n');
}
