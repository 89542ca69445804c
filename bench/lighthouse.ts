/**
 * Lighthouse (mobile: the default Moto G-class emulation with slow 4G throttling) on the home page
 * of the built site, against a fresh demo database. Run after a build:
 *   npm run build && npx tsx bench/lighthouse.ts
 * Prints the category scores and the main timings, writes bench/results/lighthouse-index.md, and
 * exits 1 when performance or accessibility is below 90 (the bar). Chromium is Debian's
 * (/usr/bin/chromium, or CHROMIUM_PATH).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { freePort } from './support.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pagePath = process.env.LIGHTHOUSE_PATH ?? '/index';
const bar = 90;

const dataDir = mkdtempSync(path.join(tmpdir(), 'khela-lighthouse-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
  env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'],
});

let failed = false;
try {
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('server did not become ready');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const result = await lighthouse(`${base}${pagePath}`, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
  });
  if (!result) throw new Error('lighthouse gave no result');
  const { categories, audits } = result.lhr;
  const rows = Object.values(categories).map((category) => ({
    category: category.title,
    score: Math.round((category.score ?? 0) * 100),
  }));
  const timings = [
    'first-contentful-paint',
    'largest-contentful-paint',
    'total-blocking-time',
    'cumulative-layout-shift',
    'speed-index',
  ].map((id) => ({ metric: audits[id]?.title ?? id, value: audits[id]?.displayValue ?? '' }));
  const failing = Object.values(audits)
    .filter((audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode === 'binary')
    .map((audit) => audit.title);

  console.table(rows);
  console.table(timings);
  if (failing.length > 0) console.log('audits not passed:', failing);
  const lcpElement = audits['largest-contentful-paint-element']?.details as
    { items?: { items?: { node?: { snippet?: string } }[] }[] } | undefined;
  console.log('LCP element:', lcpElement?.items?.[0]?.items?.[0]?.node?.snippet ?? 'unknown');

  const when = new Date().toISOString();
  const markdown = [
    `# Lighthouse, mobile, ${pagePath}`,
    '',
    `${when}, Lighthouse ${result.lhr.lighthouseVersion}, ${result.lhr.environment.hostUserAgent}`,
    'Built site on loopback with a fresh demo database; default mobile emulation and throttling.',
    `Load average at the end of the run: ${loadavg()
      .map((value) => value.toFixed(2))
      .join(', ')} (other work on the machine raises Total Blocking Time).`,
    '',
    '| category | score |',
    '|---|---|',
    ...rows.map((row) => `| ${row.category} | ${row.score} |`),
    '',
    '| metric | value |',
    '|---|---|',
    ...timings.map((row) => `| ${row.metric} | ${row.value} |`),
    '',
    failing.length > 0 ? `Audits not passed: ${failing.join('; ')}` : 'Every binary audit passed.',
    '',
  ].join('\n');
  mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  writeFileSync(path.join(root, 'bench/results/lighthouse-index.md'), markdown);
  // The whole report, for the LCP phases, the request chains and the main-thread breakdown.
  writeFileSync(path.join(root, 'bench/results/lighthouse-index.json'), JSON.stringify(result.lhr));

  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  failed = score('performance') < bar || score('accessibility') < bar;
  if (failed)
    console.error(
      `below ${bar}: performance ${score('performance')}, accessibility ${score('accessibility')}`,
    );
} finally {
  await chrome.kill();
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
