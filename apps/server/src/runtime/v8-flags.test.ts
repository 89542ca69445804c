import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * A program whose allocation sites V8 judges for pretenuring: every object it makes stays alive
 * across young collections. Under `--trace-pretenuring-statistics` V8 prints one "pretenuring:"
 * line per site it judged at each scavenge, and none when allocation-site pretenuring is off.
 */
const probe = `
  const kept = [];
  const make = (i) => ({ i, pair: [i, i], inner: { i } });
  for (let round = 0; round < 120; round += 1) {
    for (let i = 0; i < 50000; i += 1) kept.push(make(i));
    if (kept.length > 1000000) kept.length = 0;
  }
`;

function pretenuringLines(preload: string[]): number {
  const run = spawnSync(
    process.execPath,
    ['--trace-pretenuring-statistics', ...preload, '--input-type=module', '--eval', probe],
    { cwd: path.resolve(here, '../..'), encoding: 'utf8', timeout: 120_000 },
  );
  expect(run.status, run.stderr).toBe(0);
  return run.stdout.split('\n').filter((line) => line.includes('pretenuring:')).length;
}

describe('the server process V8 settings (runtime/v8-flags.ts)', () => {
  it('the probe is judged for pretenuring by a plain node', () => {
    expect(pretenuringLines([])).toBeGreaterThan(0);
  }, 130_000);

  // Node 24 strips the file's types itself: the settings are the process's first import. Under tsx
  // (Node 20) a scavenge while tsx loads, before the settings, could print a report of its own.
  const loadSettings =
    Number(process.versions.node.split('.')[0]) >= 23
      ? ['--import', path.join(here, 'v8-flags.ts')]
      : ['--import', 'tsx', '--import', path.join(here, 'v8-flags.ts')];

  it('with the settings loaded, V8 judges no allocation site for pretenuring', () => {
    expect(pretenuringLines(loadSettings)).toBe(0);
  }, 130_000);

  it('main.ts imports the settings before anything else', () => {
    const main = readFileSync(path.resolve(here, '../main.ts'), 'utf8');
    const firstImport = /^import .*$/m.exec(main)?.[0];
    expect(firstImport).toBe("import './runtime/v8-flags.ts';");
  });
});
