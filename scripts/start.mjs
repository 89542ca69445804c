// `npm start`: build what is missing or stale, then run the server (which migrates, seeds demo
// data on an empty database and serves the site and API on http://localhost:8080).
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Newest modification time of the files under the given folders. */
function newest(folders) {
  let latest = 0;
  const walk = (folder) => {
    if (!existsSync(folder)) return;
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist') continue;
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else latest = Math.max(latest, statSync(full).mtimeMs);
    }
  };
  folders.forEach((folder) => walk(path.join(root, folder)));
  return latest;
}

function builtAt(file) {
  const full = path.join(root, file);
  return existsSync(full) ? statSync(full).mtimeMs : 0;
}

const sources = newest(['packages/contract/src']);
const targets = [
  {
    name: '@khela/web',
    output: 'apps/web/dist/index.html',
    inputs: ['apps/web/src', 'apps/web/public', 'apps/web/index.html'],
  },
  {
    name: '@khela/server',
    output: 'apps/server/dist/main.js',
    inputs: ['apps/server/src', 'apps/server/drizzle'],
  },
];
for (const target of targets) {
  const stale = Math.max(sources, newest(target.inputs)) > builtAt(target.output);
  if (!stale) continue;
  console.info(`building ${target.name}…`);
  const result = spawnSync('npm', ['run', 'build', '-w', target.name], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
