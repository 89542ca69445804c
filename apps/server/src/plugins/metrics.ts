import fp from 'fastify-plugin';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { operatorOnly } from './operator-only.ts';

/**
 * Prometheus metrics at `/metrics`: process metrics plus request duration per route and status.
 * Operators only (a scraper sends an operator's bearer token).
 */
export const metricsPlugin = fp(async (app) => {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by method, route and status code',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  const errors = new Counter({
    name: 'http_server_errors_total',
    help: 'Answers with a 5xx status',
    labelNames: ['route'] as const,
    registers: [registry],
  });

  // One labelled child per method, route and status, made once: prom-client otherwise sorts and
  // joins the labels into its key on every observation, on every request (issue 12).
  const observers = new Map<string, { observe(seconds: number): void }>();
  app.addHook('onResponse', (request, reply, done) => {
    // The route pattern, not the raw URL, keeps the label set bounded.
    const route = request.routeOptions.url ?? 'unmatched';
    const key = `${request.method} ${reply.statusCode} ${route}`;
    let observer = observers.get(key);
    if (!observer) {
      observer = duration.labels({ method: request.method, route, status: String(reply.statusCode) });
      observers.set(key, observer);
    }
    observer.observe(reply.elapsedTime / 1000);
    if (reply.statusCode >= 500) errors.inc({ route });
    done();
  });

  app.get('/metrics', { schema: { hide: true }, onRequest: operatorOnly(app) }, async (_request, reply) => {
    reply.type(registry.contentType);
    return registry.metrics();
  });
});
