import fp from 'fastify-plugin';
import { Counter, Registry, collectDefaultMetrics } from 'prom-client';
import { operatorOnly } from './operator-only.ts';
import { RequestDurations } from './request-durations.ts';

/**
 * Prometheus metrics at `/metrics`: process metrics plus request duration per route and status.
 * Operators only (a scraper sends an operator's bearer token).
 */
export const metricsPlugin = fp(async (app) => {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  // Kept by hand and appended to prom-client's text (plugins/request-durations.ts: prom-client
  // joins the labels into its key on every observation, and this one is made on every request).
  const durations = new RequestDurations(
    'http_request_duration_seconds',
    'HTTP request duration by method, route and status code',
    [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
  );
  const errors = new Counter({
    name: 'http_server_errors_total',
    help: 'Answers with a 5xx status',
    labelNames: ['route'] as const,
    registers: [registry],
  });

  app.addHook('onResponse', (request, reply, done) => {
    // The route pattern, not the raw URL, keeps the label set bounded.
    const route = request.routeOptions.url ?? 'unmatched';
    durations.observe(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    if (reply.statusCode >= 500) errors.inc({ route });
    done();
  });

  app.get('/metrics', { schema: { hide: true }, onRequest: operatorOnly(app) }, async (_request, reply) => {
    reply.type(registry.contentType);
    return `${await registry.metrics()}${durations.text()}`;
  });
});
