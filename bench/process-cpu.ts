/**
 * CPU time by process, read from Linux's /proc, to say where a bench row's CPU went: the server,
 * the PostgreSQL processes, the bench's own process (the load client) and everything else on the
 * machine. On another system `cpuSnapshot` returns undefined and the rows print nothing.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's utime and stime (USER_HZ, 100 on Linux for x86 and arm). */
const TICKS_PER_SECOND = 100;

export interface CpuSnapshot {
  /** milliseconds of CPU, since each process started */
  server: number;
  postgres: number;
  bench: number;
  /** milliseconds of busy CPU of the whole machine, since boot */
  machine: number;
}

function processTicks(pid: string): { comm: string; ticks: number } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // comm is in parentheses and may hold spaces; the fields after it are space-separated.
    const close = stat.lastIndexOf(')');
    const comm = stat.slice(stat.indexOf('(') + 1, close);
    const fields = stat.slice(close + 2).split(' ');
    // fields[0] is field 3 (state): utime is field 14, stime field 15.
    return { comm, ticks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return undefined; // the process ended between the listing and the read
  }
}

/** Milliseconds of CPU one process has used since it started, or undefined where /proc is not. */
export function processCpuMs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  const read = processTicks(String(pid));
  return read ? (read.ticks * 1000) / TICKS_PER_SECOND : undefined;
}

export function cpuSnapshot(serverPid: number | undefined): CpuSnapshot | undefined {
  let machineLine: string;
  try {
    machineLine = readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
  } catch {
    return undefined;
  }
  // cpu user nice system idle iowait irq softirq steal …: busy is all but idle and iowait.
  const values = machineLine.trim().split(/\s+/).slice(1).map(Number);
  const machineTicks = values.reduce((sum, value) => sum + value, 0) - values[3]! - values[4]!;
  let postgres = 0;
  let server = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    const read = processTicks(pid);
    if (!read) continue;
    if (read.comm === 'postgres') postgres += read.ticks;
    else if (Number(pid) === serverPid) server += read.ticks;
  }
  const own = process.cpuUsage();
  return {
    server: (server * 1000) / TICKS_PER_SECOND,
    postgres: (postgres * 1000) / TICKS_PER_SECOND,
    bench: (own.user + own.system) / 1000,
    machine: (machineTicks * 1000) / TICKS_PER_SECOND,
  };
}

/** Adds what was spent between `before` and `after` to `total`. */
export function addCpu(total: CpuSnapshot, before: CpuSnapshot | undefined, after: CpuSnapshot | undefined) {
  if (!before || !after) return;
  total.server += after.server - before.server;
  total.postgres += after.postgres - before.postgres;
  total.bench += after.bench - before.bench;
  total.machine += after.machine - before.machine;
}

export const noCpu = (): CpuSnapshot => ({ server: 0, postgres: 0, bench: 0, machine: 0 });

/** "server 0.41, PostgreSQL 0.52, load client 0.12, rest 0.02 ms per call (busy 1.9 of 2 cores)" */
export function cpuPerCall(total: CpuSnapshot, calls: number, seconds: number, cores: number): string {
  if (total.machine === 0 || calls === 0) return 'not measured';
  const per = (ms: number) => (ms / calls).toFixed(3);
  const rest = total.machine - total.server - total.postgres - total.bench;
  return `server ${per(total.server)}, PostgreSQL ${per(total.postgres)}, load client ${per(total.bench)}, rest ${per(Math.max(0, rest))} = ${per(total.machine)} ms (busy ${(total.machine / 1000 / seconds).toFixed(2)} of ${cores} cores)`;
}
