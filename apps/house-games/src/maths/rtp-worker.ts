import { parentPort, workerData } from 'node:worker_threads';
import { cryptoRng, seededRng } from '../fair/node-crypto.ts';
import { buildScenarios } from './rtp-scenarios.ts';
import { simulate, type Tally } from './simulate.ts';

/** A worker thread of the RTP simulation (rtp-cli.ts): plays the chunks of rounds it is sent. */

export interface ChunkRequest {
  scenarioId: string;
  chunk: number;
  rounds: number;
}

export interface ChunkResult extends ChunkRequest {
  tally: Tally;
  seconds: number;
}

const { seed } = workerData as { seed: string | null };
const scenarios = new Map(buildScenarios().map((scenario) => [scenario.id, scenario]));
const unseeded = cryptoRng();

parentPort!.on('message', (request: ChunkRequest) => {
  const scenario = scenarios.get(request.scenarioId);
  if (!scenario) throw new Error(`unknown scenario ${request.scenarioId}`);
  // With --seed every chunk has its own reproducible stream, whichever worker plays it.
  const rng = seed === null ? unseeded : seededRng(`${seed}:${request.scenarioId}:${request.chunk}`);
  const started = performance.now();
  const tally = simulate(scenario.play, rng, request.rounds);
  const result: ChunkResult = { ...request, tally, seconds: (performance.now() - started) / 1000 };
  parentPort!.postMessage(result);
});
parentPort!.postMessage('ready');
