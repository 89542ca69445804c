import type { WebSocket } from 'ws';
import type { TestApp } from '../../test/helper.ts';
import { realtimePath } from './realtime.routes.ts';

/**
 * A socket on the app without a network. An injected upgrade has no client address of its own, and
 * the rate limiter keys on it, so the test gives one (the cast: the upgrade context is typed as a
 * whole request).
 */
export async function openSocket(sut: TestApp): Promise<WebSocket> {
  const context = { socket: { remoteAddress: '127.0.0.1' } } as unknown as Parameters<
    TestApp['app']['injectWS']
  >[1];
  return (await sut.app.injectWS(realtimePath, context)) as unknown as WebSocket;
}

export async function until(check: () => boolean, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
