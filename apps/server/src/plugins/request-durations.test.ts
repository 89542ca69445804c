import { Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { RequestDurations } from './request-durations.ts';

const buckets = [0.002, 0.005, 0.01, 0.5, 2.5];

/** The same observations through prom-client's histogram, for its text. */
async function promClientText(observations: [string, string, number, number][]): Promise<string> {
  const registry = new Registry();
  const histogram = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'durations \\ by route\nand status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets,
    registers: [registry],
  });
  for (const [method, route, status, seconds] of observations) {
    histogram.labels({ method, route, status: String(status) }).observe(seconds);
  }
  return registry.metrics();
}

describe('RequestDurations', () => {
  const observations: [string, string, number, number][] = [
    ['GET', '/wps/system/status', 200, 0.0004],
    ['GET', '/wps/system/status', 200, 0.002], // on a bound: counted in it
    ['GET', '/wps/system/status', 200, 0.0031],
    ['POST', '/wps/session/login', 401, 0.3],
    ['GET', '/wps/system/status', 200, 7], // above every bound: only in +Inf
    ['GET', 'unmatched', 404, 0.001],
    ['GET', '/a "quoted" \\ route\nwith a line feed', 500, 0.01],
    ['POST', '/wps/session/login', 401, 0.0099],
  ];

  it('writes what prom-client writes for the same observations, line for line', async () => {
    const durations = new RequestDurations(
      'http_request_duration_seconds',
      'durations \\ by route\nand status',
      buckets,
    );
    for (const [method, route, status, seconds] of observations) {
      durations.observe(method, route, status, seconds);
    }
    expect(`${durations.text()}`).toBe(await promClientText(observations));
  });

  it('counts an observation once, in the first bucket that holds it, and skips a non-number', () => {
    const durations = new RequestDurations('d', 'h', [0.1, 1]);
    durations.observe('GET', '/x', 200, 0.1);
    durations.observe('GET', '/x', 200, 0.5);
    durations.observe('GET', '/x', 200, Number.NaN);
    expect(durations.text().split('\n')).toEqual([
      '# HELP d h',
      '# TYPE d histogram',
      'd_bucket{le="0.1",method="GET",route="/x",status="200"} 1',
      'd_bucket{le="1",method="GET",route="/x",status="200"} 2',
      'd_bucket{le="+Inf",method="GET",route="/x",status="200"} 2',
      'd_sum{method="GET",route="/x",status="200"} 0.6',
      'd_count{method="GET",route="/x",status="200"} 2',
      '',
    ]);
  });

  it('refuses bounds that do not ascend', () => {
    expect(() => new RequestDurations('d', 'h', [1, 0.5])).toThrow(/ascend/);
  });
});
