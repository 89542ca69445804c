import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { mailQueueIdle } from '../mail/mail.service.ts';

/**
 * Forgot password by email answers before the mail goes out (issue 35, item 5): with an SMTP
 * server that keeps the transport waiting, a right pair is answered at once, as a wrong one is,
 * and the mail follows once the server speaks.
 */

/** A minimal SMTP server that says nothing until `release()`, then takes any message. */
async function startHeldSmtp(): Promise<{
  port: number;
  received: string[];
  release(): void;
  close(): Promise<void>;
}> {
  const received: string[] = [];
  const sockets = new Set<Socket>();
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    let buffer = '';
    let message: string | null = null;
    void released.then(() => socket.write('220 held.test ESMTP\r\n'));
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      if (message !== null) {
        const end = buffer.indexOf('\r\n.\r\n');
        if (end === -1) return;
        received.push(message + buffer.slice(0, end));
        buffer = buffer.slice(end + 5);
        message = null;
        socket.write('250 queued\r\n');
      }
      let line: number;
      while (message === null && (line = buffer.indexOf('\r\n')) !== -1) {
        const command = buffer.slice(0, line).toUpperCase();
        buffer = buffer.slice(line + 2);
        if (command.startsWith('EHLO') || command.startsWith('HELO')) socket.write('250 held.test\r\n');
        else if (command.startsWith('DATA')) {
          message = '';
          socket.write('354 go on\r\n');
        } else if (command.startsWith('QUIT')) socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return {
    port: address.port,
    received,
    release,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

let smtp: Awaited<ReturnType<typeof startHeldSmtp>>;
let sut: TestApp;

beforeAll(async () => {
  smtp = await startHeldSmtp();
  sut = await buildTestApp({
    env: { MAIL_PROVIDER: 'smtp', SMTP_URL: `smtp://127.0.0.1:${smtp.port}` },
  });
}, 120_000);
afterAll(async () => {
  smtp.release();
  await mailQueueIdle();
  await sut.close();
  await smtp.close();
});

const requestLink = (body: string, remoteAddress: string) =>
  sut.app.inject({
    method: 'POST',
    url: '/wps/member/password/email',
    remoteAddress,
    headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'localhost' },
    payload: body,
  });

describe('forgot password by email with a slow mail transport', () => {
  it('answers a right pair at once, as a wrong one, and mails the link after the answer', async () => {
    const noAnswer = new Promise<'no answer'>((resolve) => setTimeout(() => resolve('no answer'), 3_000));
    const right = await Promise.race([
      requestLink('username=demoplayer&email=player%40khela.local', '10.7.0.1'),
      noAnswer,
    ]);
    if (right === 'no answer') throw new Error('the answer waited for the mail transport');
    const wrong = await requestLink('username=demoplayer&email=other%40khela.local', '10.7.0.2');
    expect([right.statusCode, right.json()]).toEqual([wrong.statusCode, wrong.json()]);
    expect(right.statusCode).toBe(200);
    expect(smtp.received).toHaveLength(0);

    smtp.release();
    await mailQueueIdle();
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]).toContain('player@khela.local');
    // Quoted-printable on the wire: soft line breaks, and "=" as "=3D".
    const text = smtp.received[0]!.replace(/=\r\n/g, '').replace(/=3D/g, '=');
    expect(text).toMatch(/http:\/\/localhost\/resetPassword\?token=[A-Za-z0-9_-]{43}/);
  });
});
