import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';

/**
 * `/healthz`: the process is alive. `/readyz`: it can serve (database answers, not shutting down).
 * Plain JSON, outside the API envelope, as load balancers expect.
 */
export async function healthRoutes(app: FastifyInstance) {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });

  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));

  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    if (closing) return reply.code(503).send({ status: 'closing' });
    try {
      await app.db.execute(sql`select 1`);
    } catch {
      return reply.code(503).send({ status: 'database unavailable' });
    }
    if (app.redis && app.redis.status !== 'ready') {
      return reply.code(503).send({ status: 'redis unavailable' });
    }
    return { status: 'ready', database: app.databaseDriver, redis: app.redis ? 'ready' : 'off' };
  });
}
