// `npm start`: build everything the site serves when any of it is missing or older than its sources
// (one build graph: the root `npm run build`), then run the server, which migrates, seeds demo data
// on an empty database and serves the site, the back office (/admin/), the house games and the API on
// http://localhost:8080.
// The server itself refuses to start when a built file it serves is missing (apps/server/src/built-files.ts).
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** What the root build reads: every workspace the served site is made of, and the lock file. */
const buildInputs = [
  'package.json',
  'package-lock.json',
  'packages/contract/src',
  'packages/contract/package.json',
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/catalogue-split.ts',
  'apps/web/package.json',
  'apps/admin/src',
  'apps/admin/public',
  'apps/admin/index.html',
  'apps/admin/vite.config.ts',
  'apps/admin/package.json',
  'apps/house-games/src',
  'apps/house-games/drizzle',
  'apps/house-games/package.json',
  'apps/server/src',
  'apps/server/drizzle',
  'apps/server/tsup.config.ts',
  'apps/server/package.json',
];

/** What it writes and the server serves or runs (the server checks the same files at start-up). */
const buildOutputs = [
  'apps/web/dist/index.html',
  'apps/admin/dist/index.html',
  'apps/house-games/dist/web/game.js',
  'apps/house-games/dist/web/verify.js',
  'apps/house-games/dist/web/house.css',
  'apps/server/dist/main.js',
];

/** Newest modification time of the given files and of the files under the given folders. */
function newest(entries) {
  let latest = 0;
  const visit = (full) => {
    if (!existsSync(full)) return;
    const stat = statSync(full);
    if (!stat.isDirectory()) {
      latest = Math.max(latest, stat.mtimeMs);
      return;
    }
    for (const entry of readdirSync(full, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist') continue;
      visit(path.join(full, entry.name));
    }
  };
  entries.forEach((entry) => visit(path.join(root, entry)));
  return latest;
}

/** Oldest output, or 0 when one is missing. */
function oldest(files) {
  let earliest = Infinity;
  for (const file of files) {
    const full = path.join(root, file);
    if (!existsSync(full)) return 0;
    earliest = Math.min(earliest, statSync(full).mtimeMs);
  }
  return earliest;
}

let child = null;
let stopping = null;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopping = signal;
    child?.kill(signal);
  });
}

/** Runs a command to its end; a signal to `npm start` goes on to it. */
function run(command, args, options) {
  return new Promise((resolve) => {
    child = spawn(command, args, { cwd: root, stdio: 'inherit', ...options });
    child.on('exit', (code, signal) => {
      child = null;
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

if (newest(buildInputs) > oldest(buildOutputs)) {
  console.info('npm start: building the site (npm run build)…');
  const code = await run('npm', ['run', 'build']);
  if (code !== 0 || stopping) process.exit(code || 1);
} else {
  console.info('npm start: the build is up to date');
}

process.exit(
  await run(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    env: { NODE_ENV: 'production', ...process.env },
  }),
);
