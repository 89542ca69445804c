// CI: the e2e retry must not hide a flake (issue 10). Compares the journeys this run retried
// (e2e/artifacts/retried.txt, written by e2e/support/retry-reporter.ts) with the previous CI
// run's list on this machine, keeps this run's list for the next run, and fails when a journey
// needed a retry in both runs. The list lives outside the clone (each CI run is a fresh clone):
// $KHELA_CI_STATE_DIR, default /var/tmp/khela-ci/ (survives reboots, unlike /tmp).
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const current = path.join(root, 'e2e/artifacts/retried.txt');
const stateDir = process.env.KHELA_CI_STATE_DIR ?? '/var/tmp/khela-ci';
const previous = path.join(stateDir, 'retried-previous.txt');

const lines = (file) =>
  existsSync(file)
    ? readFileSync(file, 'utf8')
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean)
    : [];

if (!existsSync(current)) {
  console.error(`ci-retried: ${current} is missing: did the e2e suite run with its RetryReporter?`);
  process.exit(1);
}
const now = lines(current);
const before = new Set(lines(previous));
mkdirSync(stateDir, { recursive: true });
if (existsSync(previous)) copyFileSync(previous, `${previous}.1`);
writeFileSync(previous, now.map((name) => `${name}\n`).join(''));

for (const name of now) console.info(`retried in this run: ${name}`);
const twice = now.filter((name) => before.has(name));
if (twice.length > 0) {
  for (const name of twice) console.error(`RETRIED IN TWO RUNS IN A ROW: ${name}`);
  console.error(
    `ci-retried: ${twice.length} journey(s) flaky two runs in a row: fix them, do not retry them`,
  );
  process.exit(1);
}
console.info(`ci-retried: ${now.length} retried in this run, none also in the previous run (${previous})`);
