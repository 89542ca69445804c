import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import type { TestApp } from '../../test/helper.ts';
import { appWithOperatorAndPlayer, call } from '../accounts/accounts.test-support.ts';
import { openSocket as openSocketOn, until } from './realtime.test-support.ts';

let sut: TestApp;
let operator: string;
let player: string;
const openSocket = () => openSocketOn(sut);

beforeEach(async () => {
  ({ sut, operator, player } = await appWithOperatorAndPlayer());
});
afterEach(async () => {
  await sut.close();
});

/** Every message the socket receives, and how it closed. */
function watch(socket: WebSocket) {
  const messages: { type: string; value?: { sumBalance: string } }[] = [];
  let closed: number | null = null;
  socket.on('message', (raw: Buffer) => messages.push(JSON.parse(raw.toString('utf8'))));
  socket.on('close', (code: number) => {
    closed = code;
  });
  return { messages, closed: () => closed };
}

const adjust = (amount: string, key: string) =>
  call(sut, {
    method: 'POST',
    url: '/api/operator/wallet/adjust',
    token: operator,
    body: { username: 'demoplayer', amount, reason: 'realtime test', idempotencyKey: key },
  });

describe('realtime balance pushes', () => {
  it('sends the balance at once and again whenever the wallet changes', async () => {
    const socket = await openSocket();
    const seen = watch(socket);
    socket.send(JSON.stringify({ type: 'auth', token: player }));
    await until(() => seen.messages.some((message) => message.type === 'balance'));
    expect(seen.messages.find((message) => message.type === 'balance')?.value?.sumBalance).toBe('0.00');
    await adjust('250.50', 'realtime-key-0001');
    await until(() => seen.messages.filter((message) => message.type === 'balance').length >= 2);
    expect(seen.messages.filter((message) => message.type === 'balance').at(-1)?.value?.sumBalance).toBe(
      '250.50',
    );
    socket.terminate();
  });

  it('closes a socket that sends no valid member token, and stops after logout', async () => {
    const stranger = await openSocket();
    const strangerSeen = watch(stranger);
    stranger.send(JSON.stringify({ type: 'auth', token: 'x'.repeat(43) }));
    await until(() => strangerSeen.closed() !== null);
    expect(strangerSeen.closed()).toBe(4401);

    const garbled = await openSocket();
    const garbledSeen = watch(garbled);
    garbled.send('not json');
    await until(() => garbledSeen.closed() !== null);
    expect(garbledSeen.closed()).toBe(4400);

    const operatorSocket = await openSocket();
    const operatorSeen = watch(operatorSocket);
    operatorSocket.send(JSON.stringify({ type: 'auth', token: operator }));
    await until(() => operatorSeen.closed() !== null);
    expect(operatorSeen.closed()).toBe(4401);

    const socket = await openSocket();
    const seen = watch(socket);
    socket.send(JSON.stringify({ type: 'auth', token: player }));
    await until(() => seen.messages.some((message) => message.type === 'balance'));
    await call(sut, { method: 'DELETE', url: '/wps/session/logout', token: player });
    await adjust('10', 'realtime-key-0002');
    await until(() => seen.closed() !== null);
    expect(seen.closed()).toBe(4401);
    expect(seen.messages.filter((message) => message.type === 'balance')).toHaveLength(1);
  });
});
