// The read-path bench's baseline: a Fastify hello-world on PORT (loopback), nothing else. Plain
// JavaScript so that it runs under plain node as the built server does, or under tsx like the sources.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
