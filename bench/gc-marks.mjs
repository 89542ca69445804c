// Preload for the bench's server (or the bench): appends each garbage collection as "<start, epoch ms> <pause ms>
// <kind> <pid>" to $GC_MARKS_FILE, to set beside BENCH_LATENCY_DUMP's slow calls (bench/README.md):
//   GC_MARKS_FILE=/tmp/gc.txt BENCH_NODE_FLAGS="--import ./bench/gc-marks.mjs" BENCH_LATENCY_DUMP=/tmp/calls.txt …
// kind: 1 minor (scavenge), 2 major (mark-compact), 4 incremental marking, 8 weak callbacks.
import { appendFileSync } from 'node:fs';
import { PerformanceObserver, constants, performance } from 'node:perf_hooks';

const file = process.env.GC_MARKS_FILE;
if (file) {
  const lines = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const kind = entry.detail?.kind ?? constants.NODE_PERFORMANCE_GC_MINOR;
      lines.push(
        `${(performance.timeOrigin + entry.startTime).toFixed(1)} ${entry.duration.toFixed(2)} ${kind} ${process.pid}`,
      );
    }
  }).observe({ entryTypes: ['gc'] });
  const flush = () => {
    if (lines.length > 0) appendFileSync(file, `${lines.splice(0).join('\n')}\n`);
  };
  setInterval(flush, 1000).unref();
  process.on('exit', flush);
}
