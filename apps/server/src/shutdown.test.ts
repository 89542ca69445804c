import { describe, expect, it } from 'vitest';
import { buildTestApp } from './test/helper.ts';

describe('graceful shutdown', () => {
  it('finishes a request in flight, then refuses new ones', async () => {
    let release = () => {};
    let signalStarted = () => {};
    const started = new Promise<void>((resolve) => (signalStarted = resolve));
    const sut = await buildTestApp({
      extend: (app) =>
        app.get('/slow-test', async () => {
          signalStarted();
          await new Promise<void>((resolve) => (release = resolve));
          return { done: true };
        }),
    });
    const address = await sut.app.listen({ host: '127.0.0.1', port: 0 });

    const inFlight = fetch(`${address}/slow-test`);
    await started;
    const closing = sut.close();
    await new Promise((resolve) => setTimeout(resolve, 50));
    // While closing, a new request is refused (503 on a kept-alive socket, or no connection).
    const refused = await fetch(`${address}/healthz`).then(
      (response) => response.status,
      () => 'connection refused',
    );
    expect([503, 'connection refused']).toContain(refused);

    release();
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ done: true });
    await closing;
  });
});
