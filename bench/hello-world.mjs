// The read-path bench's baseline: a Fastify hello-world on PORT (loopback), nothing else. Plain
// JavaScript so that it runs under plain node as the built server does, or under tsx like the sources.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
// A JSON text of `bytes` bytes, sent as it is: how much of a call's gap to the hello-world is only
// the size of its answer (the read-path bench asks for the game list's size; not the baseline).
const texts = new Map();
app.get('/bytes/:bytes', async (request, reply) => {
  const bytes = Math.min(1_000_000, Math.max(2, Number(request.params.bytes) || 2));
  if (!texts.has(bytes)) texts.set(bytes, JSON.stringify('x'.repeat(bytes - 2)));
  reply.type('application/json; charset=utf-8');
  return texts.get(bytes);
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
