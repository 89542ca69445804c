/**
 * Reads a V8 CPU profile (`node --cpu-prof`, e.g. the server's under `BENCH_SERVER_PROFILE=<dir>
 * npx tsx bench/vendor-protocol.ts --server=dist`) and prints where the time went: the top frames
 * by self time, self time by package (node_modules/<name>, node: internals, the app's files), and
 * the top frames by total time (self + callees, each frame counted once per sample).
 *
 *   npx tsx bench/cpu-profile-top.ts <file.cpuprofile> [how many rows, default 25] [--match=<regexp>]
 *
 * `--match` adds the total time of every frame whose name or file matches (e.g. `--match=pino|zod`).
 * `--piece=<name>:<regexp>` (repeatable) adds what a piece of the request costs in all: the samples
 * with at least one matching frame on their stack, e.g. `--piece=logging:pino|sonic-boom`.
 */
import { readFileSync } from 'node:fs';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const [file, countArgument] = process.argv.slice(2).filter((argument) => !argument.startsWith('--'));
if (!file) {
  console.error('usage: npx tsx bench/cpu-profile-top.ts <file.cpuprofile> [rows] [--match=<regexp>]');
  process.exit(2);
}
const rows = Number(countArgument ?? 25);
const matchArgument = process.argv.find((argument) => argument.startsWith('--match='));
const match = matchArgument ? new RegExp(matchArgument.slice('--match='.length), 'i') : null;

const pieces = process.argv
  .filter((argument) => argument.startsWith('--piece='))
  .map((argument) => {
    const [name, ...pattern] = argument.slice('--piece='.length).split(':');
    return { name: name!, pattern: new RegExp(pattern.join(':'), 'i'), micros: 0 };
  });

const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parentOf = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);

function shortUrl(url: string): string {
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) return url.slice(modules + 'node_modules/'.length);
  return url.replace(/^file:\/\/.*?\/(apps|packages)\//, '$1/');
}

function frameKey(frame: CallFrame): string {
  const name = frame.functionName || '(anonymous)';
  return frame.url ? `${name} ${shortUrl(frame.url)}:${frame.lineNumber + 1}` : name;
}

function packageOf(frame: CallFrame): string {
  const { url } = frame;
  if (!url) return frame.functionName.startsWith('(') ? frame.functionName : '(native)';
  if (url.startsWith('node:')) return url.split('/')[0]!;
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + 'node_modules/'.length).split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  return shortUrl(url).split('/').slice(0, 3).join('/');
}

const self = new Map<string, number>();
const packages = new Map<string, number>();
const total = new Map<string, number>();
let all = 0;
let idle = 0;
profile.samples.forEach((nodeId, index) => {
  const delta = profile.timeDeltas[index] ?? 0;
  const node = byId.get(nodeId);
  if (!node) return;
  all += delta;
  if (node.callFrame.functionName === '(idle)') {
    idle += delta;
    return;
  }
  const key = frameKey(node.callFrame);
  self.set(key, (self.get(key) ?? 0) + delta);
  const pkg = packageOf(node.callFrame);
  packages.set(pkg, (packages.get(pkg) ?? 0) + delta);
  const seen = new Set<string>();
  for (let id: number | undefined = nodeId; id !== undefined; id = parentOf.get(id)) {
    const frame = byId.get(id)!.callFrame;
    const stackKey = frameKey(frame);
    if (seen.has(stackKey)) continue;
    seen.add(stackKey);
    total.set(stackKey, (total.get(stackKey) ?? 0) + delta);
  }
  for (const piece of pieces)
    if ([...seen].some((stackKey) => piece.pattern.test(stackKey))) piece.micros += delta;
});

const busy = all - idle;
const percent = (micros: number) => `${((micros / busy) * 100).toFixed(1)}%`;
const ms = (micros: number) => (micros / 1000).toFixed(0);
function table(
  title: string,
  entries: Map<string, number>,
  limit: number,
  filter?: (key: string) => boolean,
) {
  console.log(`\n${title}\n\n| ms | of busy | frame |\n|---:|---:|---|`);
  [...entries]
    .filter(([key]) => !filter || filter(key))
    .sort((left, right) => right[1] - left[1])
    .slice(0, limit)
    .forEach(([key, micros]) =>
      console.log(`| ${ms(micros)} | ${percent(micros)} | ${key.replaceAll('|', '\\|')} |`),
    );
}

console.log(
  `${file}: ${ms(all)} ms sampled, ${ms(busy)} ms busy (${((busy / all) * 100).toFixed(0)}%), ${ms(idle)} ms idle`,
);
table('Self time, top frames', self, rows);
table('Self time by package', packages, rows);
table(
  'Total time (self + callees), top frames below the event loop',
  total,
  rows,
  (key) => !key.startsWith('(root)') && !key.startsWith('(program)'),
);
if (match) table(`Total time of frames matching ${match}`, total, rows, (key) => match.test(key));
if (pieces.length > 0) {
  console.log(
    '\nPieces (samples with a matching frame on the stack)\n\n| ms | of busy | piece | frames |\n|---:|---:|---|---|',
  );
  for (const piece of pieces) {
    console.log(
      `| ${ms(piece.micros)} | ${percent(piece.micros)} | ${piece.name} | \`${piece.pattern.source.replaceAll('|', '\\|')}\` |`,
    );
  }
}
