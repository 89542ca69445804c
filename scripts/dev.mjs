// `npm run dev`: the API with reload (tsx watch, port 8080) and the web app with hot reload
// (Vite, port 5173, proxying API paths to 8080). Ctrl-C stops both. The house game pages are
// built first: the server serves only built pages (edit src/web, then run this again or
// `npm run build -w @khela/house-games`).
import { spawn, spawnSync } from 'node:child_process';

const pages = spawnSync('npm', ['run', 'build', '-w', '@khela/house-games'], { stdio: 'inherit' });
if (pages.status !== 0) process.exit(pages.status ?? 1);

const children = [
  spawn('npm', ['run', 'dev', '-w', '@khela/server'], {
    stdio: 'inherit',
    env: { NODE_ENV: 'development', ...process.env },
  }),
  spawn('npm', ['run', 'dev', '-w', '@khela/web'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
