import { writeFileSync } from 'node:fs';
import { availableParallelism, cpus, totalmem } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { buildReport, type ResultRow } from './rtp-report.ts';
import { TOLERANCE, buildScenarios, roundsFor } from './rtp-scenarios.ts';
import { mergeTallies, summarise, type Tally } from './simulate.ts';
import type { ChunkRequest, ChunkResult } from './rtp-worker.ts';

/**
 * `npm run games:rtp`: simulates every game scenario (rtp-scenarios.ts) on worker threads, prints
 * declared against measured RTP and writes docs/games-rtp.md. Exit code 1 when a scenario lands
 * outside +-0.5 percentage point of its declared RTP.
 */

const DEFAULT_ROUNDS = 10_000_000;
const CHUNK_ROUNDS = 1_000_000;

const HELP = `Usage: npm run games:rtp -- [options]
  --rounds N     minimum rounds per scenario (default ${DEFAULT_ROUNDS}; high-variance
                 scenarios play a multiple of it). A run with --rounds does not write the doc.
  --only TEXT    only scenarios whose id contains TEXT (e.g. dice, roulette/straight)
  --seed TEXT    reproducible run (AES-CTR streams per chunk) instead of fresh crypto randomness
  --workers N    worker threads (default: available cores, at most 2 here)
  --write        write docs/games-rtp.md even for a partial run; --no-write never writes it
  --out PATH     where to write the report (default docs/games-rtp.md at the repo root)`;

const { values: options } = parseArgs({
  options: {
    rounds: { type: 'string' },
    only: { type: 'string' },
    seed: { type: 'string' },
    workers: { type: 'string' },
    write: { type: 'boolean' },
    'no-write': { type: 'boolean' },
    out: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});

if (options.help) {
  console.log(HELP);
  process.exit(0);
}

const minimumRounds = options.rounds === undefined ? DEFAULT_ROUNDS : Number(options.rounds);
const workerCount =
  options.workers === undefined ? Math.min(2, availableParallelism()) : Number(options.workers);
if (
  !Number.isSafeInteger(minimumRounds) ||
  minimumRounds < 1 ||
  !Number.isSafeInteger(workerCount) ||
  workerCount < 1
) {
  console.error(HELP);
  process.exit(2);
}
const isFullRun = options.rounds === undefined && options.only === undefined;
const shouldWrite = options['no-write'] ? false : (options.write ?? isFullRun);
const outPath = resolve(
  options.out ?? fileURLToPath(new URL('../../../../docs/games-rtp.md', import.meta.url)),
);

const scenarios = buildScenarios().filter((scenario) => !options.only || scenario.id.includes(options.only));
if (scenarios.length === 0) {
  console.error(`no scenario matches ${options.only}`);
  process.exit(2);
}

const queue: ChunkRequest[] = [];
const plannedRounds = new Map<string, number>();
for (const scenario of scenarios) {
  const rounds = roundsFor(scenario, minimumRounds);
  plannedRounds.set(scenario.id, rounds);
  for (let chunk = 0; chunk * CHUNK_ROUNDS < rounds; chunk += 1) {
    queue.push({
      scenarioId: scenario.id,
      chunk,
      rounds: Math.min(CHUNK_ROUNDS, rounds - chunk * CHUNK_ROUNDS),
    });
  }
}
const totalRounds = [...plannedRounds.values()].reduce((sum, rounds) => sum + rounds, 0);
console.error(
  `${scenarios.length} scenarios, ${totalRounds.toLocaleString('en')} rounds on ${workerCount} worker threads` +
    (options.seed ? `, seed ${options.seed}` : ''),
);

/** Worker threads do not inherit tsx's loader: each registers it before loading the worker. */
function startWorker(): Worker {
  const tsxApi = import.meta.resolve('tsx/esm/api');
  const workerUrl = new URL('./rtp-worker.ts', import.meta.url).href;
  const boot = `import { register } from ${JSON.stringify(tsxApi)}; register(); await import(${JSON.stringify(workerUrl)});`;
  return new Worker(new URL(`data:text/javascript,${encodeURIComponent(boot)}`), {
    workerData: { seed: options.seed ?? null },
  });
}

const tallies = new Map<string, Tally[]>();
const seconds = new Map<string, number>();
const remainingChunks = new Map<string, number>();
for (const request of queue)
  remainingChunks.set(request.scenarioId, (remainingChunks.get(request.scenarioId) ?? 0) + 1);

const started = performance.now();
await Promise.all(
  Array.from({ length: workerCount }, () => {
    const worker = startWorker();
    return new Promise<void>((done, fail) => {
      const next = () => {
        const request = queue.shift();
        if (request) worker.postMessage(request);
        else void worker.terminate().then(() => done());
      };
      worker.on('message', (message: ChunkResult | 'ready') => {
        if (message !== 'ready') {
          const { scenarioId } = message;
          tallies.set(scenarioId, [...(tallies.get(scenarioId) ?? []), message.tally]);
          seconds.set(scenarioId, (seconds.get(scenarioId) ?? 0) + message.seconds);
          const left = remainingChunks.get(scenarioId)! - 1;
          remainingChunks.set(scenarioId, left);
          if (left === 0) console.error(`  done ${scenarioId}`);
        }
        next();
      });
      worker.on('error', fail);
    });
  }),
);
const wallSeconds = (performance.now() - started) / 1000;

const rows: ResultRow[] = scenarios.map((scenario) => {
  const tally = mergeTallies(tallies.get(scenario.id) ?? []);
  const { rtp, deviation, standardError } = summarise(tally);
  return {
    id: scenario.id,
    game: scenario.game,
    choice: scenario.choice,
    rounds: tally.rounds,
    declaredRtp: scenario.declaredRtp,
    exactAtStake: scenario.exactAtStake,
    measuredRtp: rtp,
    deviation,
    standardError,
    isPass: Math.abs(rtp - scenario.declaredRtp) <= TOLERANCE,
    seconds: seconds.get(scenario.id) ?? 0,
  };
});

const percent = (value: number) => `${(value * 100).toFixed(3)} %`;
const signed = (value: number) => `${value >= 0 ? '+' : ''}${value.toFixed(3)}`;
const table = [
  ['game', 'choice', 'rounds', 'declared', 'measured', 'diff pp', 'std err pp', 'pass', 'seconds'],
  ...rows.map((row) => [
    row.game,
    row.choice,
    row.rounds.toLocaleString('en'),
    percent(row.declaredRtp),
    percent(row.measuredRtp),
    signed((row.measuredRtp - row.declaredRtp) * 100),
    (row.standardError * 100).toFixed(3),
    row.isPass ? 'pass' : 'FAIL',
    row.seconds.toFixed(1),
  ]),
];
const widths = table[0]!.map((_, column) => Math.max(...table.map((line) => line[column]!.length)));
for (const line of table) {
  console.log(
    line
      .map((cell, column) => (column < 2 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
      .join('  '),
  );
}
const failures = rows.filter((row) => !row.isPass);
console.log(
  `\n${rows.length - failures.length}/${rows.length} within +-${TOLERANCE * 100} pp of the declared RTP; ` +
    `${totalRounds.toLocaleString('en')} rounds in ${wallSeconds.toFixed(1)} s on ${workerCount} threads`,
);

if (shouldWrite) {
  const args = process.argv.slice(2);
  writeFileSync(
    outPath,
    buildReport({
      rows,
      command: args.length > 0 ? `npm run games:rtp -- ${args.join(' ')}` : 'npm run games:rtp',
      date: new Date(),
      machine: `${cpus()[0]?.model ?? 'unknown CPU'}, ${availableParallelism()} cores, ${Math.round(totalmem() / 2 ** 30)} GiB, ${process.platform}, Node ${process.version}`,
      workers: workerCount,
      wallSeconds,
      minimumRounds,
      seed: options.seed ?? null,
    }),
  );
  console.error(`wrote ${outPath}`);
}
process.exitCode = failures.length > 0 ? 1 : 0;
