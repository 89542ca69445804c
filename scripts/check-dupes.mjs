// `npm run dupes` (and the last-but-one step of `npm run check`): the copy-paste detector jscpd over
// apps/*/src and packages/*/src with the options of .jscpd.json. Prints the duplicated lines, the
// percentage and the largest clones (all of them with --all); exits 1 when the duplicated share of
// lines is above the config's "threshold" (a percentage). The threshold only ever goes down: see
// docs/duplication.md for the measured baseline and the target.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const configFile = path.join(root, '.jscpd.json');
const config = JSON.parse(readFileSync(configFile, 'utf8'));
const threshold = Number(config.threshold);
if (!Number.isFinite(threshold)) throw new Error('.jscpd.json has no numeric "threshold"');
const listAll = process.argv.includes('--all');
const shown = listAll ? Infinity : 15;

const output = mkdtempSync(path.join(tmpdir(), 'khela-jscpd-'));
try {
  const run = spawnSync(
    process.execPath,
    [
      path.join(root, 'node_modules/jscpd/run-jscpd.js'),
      '--config',
      configFile,
      '--reporters',
      'json',
      '--output',
      output,
      // The pass/fail decision is made here, from the report, so that the figures are always printed.
      '--threshold',
      '100',
    ],
    { cwd: root, encoding: 'utf8' },
  );
  let report;
  try {
    report = JSON.parse(readFileSync(path.join(output, 'jscpd-report.json'), 'utf8'));
  } catch {
    process.stderr.write(
      `${run.stdout ?? ''}${run.stderr ?? ''}jscpd wrote no report (exit ${run.status})\n`,
    );
    process.exit(2);
  }
  const total = report.statistics.total;
  const relative = (file) => path.relative(root, file);
  const clones = [...report.duplicates].sort((a, b) => b.lines - a.lines || b.tokens - a.tokens);
  console.log(
    `jscpd: ${total.duplicatedLines} duplicated lines of ${total.lines} (${total.percentage.toFixed(2)}%), ` +
      `${total.clones} clones in ${total.sources} files; threshold ${threshold}% (.jscpd.json)`,
  );
  if (clones.length > 0) {
    console.log(
      listAll
        ? 'Clones, largest first:'
        : `Largest clones (${Math.min(shown, clones.length)} of ${clones.length}; --all for every one):`,
    );
    for (const clone of clones.slice(0, shown)) {
      const first = `${relative(clone.firstFile.name)}:${clone.firstFile.start}-${clone.firstFile.end}`;
      const second = `${relative(clone.secondFile.name)}:${clone.secondFile.start}-${clone.secondFile.end}`;
      console.log(`  ${String(clone.lines).padStart(3)} lines  ${first}  ≈  ${second}`);
    }
  }
  if (total.percentage > threshold) {
    console.error(
      `Duplication ${total.percentage.toFixed(2)}% is above the threshold ${threshold}%: ` +
        'move the copies into one shared function or component (npm run dupes -- --all lists them).',
    );
    process.exit(1);
  }
} finally {
  rmSync(output, { recursive: true, force: true });
}
