import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { calls } from '@khela/contract';
import { buildApp } from '../app.ts';
import { loadEnv } from '../config/env.ts';
import { createTestDatabase, testEnvDefaults, type TestDatabase } from '../test/helper.ts';
import { RequestLog, requestLogLevel, slowRequestMs } from './request-log.ts';

interface LogLine {
  level: number;
  msg: string;
  req?: { url: string };
  res?: { statusCode: number };
}

/** A pino destination that keeps every line. */
function captured() {
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n'))
        if (line) lines.push(JSON.parse(line) as LogLine);
      done();
    },
  });
  return { lines, stream };
}

const INFO = 30;
const completed = (lines: LogLine[], url: string) =>
  lines.filter((line) => line.msg === 'request completed' && line.req?.url === url);

describe('requestLogLevel', () => {
  it('keeps a hot path 2xx out of info, and every error, refusal and slow answer in', () => {
    expect(requestLogLevel({ status: 200, elapsedMs: 3, hotPath: true })).toBe('debug');
    expect(requestLogLevel({ status: 204, elapsedMs: 3, hotPath: false })).toBe('info');
    expect(requestLogLevel({ status: 401, elapsedMs: 3, hotPath: true })).toBe('info');
    expect(requestLogLevel({ status: 409, elapsedMs: 3, hotPath: true })).toBe('info');
    expect(requestLogLevel({ status: 500, elapsedMs: 3, hotPath: true })).toBe('error');
    expect(requestLogLevel({ status: 200, elapsedMs: slowRequestMs, hotPath: true })).toBe('warn');
  });
});

describe('RequestLog', () => {
  it('writes one line per request at info, none for a hot 2xx', async () => {
    const { lines, stream } = captured();
    const app = Fastify({
      logger: { level: 'info', stream },
      logController: new RequestLog((pathname) => pathname.startsWith('/hot/')),
    });
    app.get('/hot/ok', async () => ({ ok: true }));
    app.get('/hot/refused', async (_request, reply) => reply.code(401).send({ ok: false }));
    app.get('/hot/broken', async () => {
      throw new Error('boom');
    });
    app.get('/cold/ok', async () => ({ ok: true }));
    try {
      for (const url of ['/hot/ok', '/hot/ok?x=1', '/hot/refused', '/hot/broken', '/cold/ok']) {
        await app.inject({ url });
      }
      expect(completed(lines, '/hot/ok')).toEqual([]);
      expect(completed(lines, '/hot/ok?x=1')).toEqual([]);
      expect(completed(lines, '/hot/refused')).toMatchObject([{ level: INFO, res: { statusCode: 401 } }]);
      expect(completed(lines, '/hot/broken')).toMatchObject([{ level: 50, res: { statusCode: 500 } }]);
      expect(completed(lines, '/cold/ok')).toMatchObject([{ level: INFO, res: { statusCode: 200 } }]);
      expect(lines.some((line) => line.msg === 'incoming request')).toBe(false);
    } finally {
      await app.close();
    }
  });
});

/** The lines of a quiet answer that are not a slow answer's warning. */
const belowWarn = <Line extends { level: number }>(found: Line[]) => found.filter((line) => line.level < 40);

describe('the app’s request log', () => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.close();
  });

  it('does not log a vendor wallet or health 2xx at info, and logs a refused vendor call', async () => {
    database = await createTestDatabase();
    const { lines, stream } = captured();
    const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'info', ...testEnvDefaults });
    const app = await buildApp({ env, database: database.handle, logger: { level: 'info', stream } });
    try {
      await app.ready();
      expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
      const refused = await app.inject({
        method: 'POST',
        url: '/vendor-wallet/NOBODY/debit',
        headers: { 'content-type': 'application/json' },
        payload: '{}',
      });
      expect(refused.statusCode).toBe(404);
      // A shared answer of the read path (the brand's settings) is a hot path too; a call that
      // answers its caller is logged at info.
      expect((await app.inject({ url: calls.whitelabel.path })).statusCode).toBe(200);
      expect((await app.inject({ url: calls.memberInfo.path })).statusCode).toBe(401);
      // (A slow answer is logged at warn whatever it was: on a loaded machine the app's first call
      // can take a second, so the quiet calls are checked below warn.)
      expect(belowWarn(completed(lines, calls.whitelabel.path))).toEqual([]);
      expect(completed(lines, calls.memberInfo.path)).toMatchObject([{ level: INFO }]);
      // A call of every page's start (quietSuccess): its 2xx is quiet, a refusal is logged.
      expect((await app.inject({ url: `${calls.status.path}?url=example.com` })).statusCode).toBe(200);
      expect(belowWarn(completed(lines, `${calls.status.path}?url=example.com`))).toEqual([]);
      expect((await app.inject({ url: `${calls.status.path}?url=a%00b` })).statusCode).toBe(400);
      expect(completed(lines, `${calls.status.path}?url=a%00b`)).toMatchObject([{ level: INFO }]);
      expect(completed(lines, '/healthz')).toEqual([]);
      expect((await app.inject({ url: '/wps/nothing/here' })).statusCode).toBe(404);
      expect(completed(lines, '/wps/nothing/here')).toMatchObject([{ level: INFO }]);
      expect(completed(lines, '/vendor-wallet/NOBODY/debit')).toMatchObject([
        { level: INFO, res: { statusCode: 404 } },
      ]);
      expect(lines.some((line) => line.msg === 'incoming request')).toBe(false);
    } finally {
      await app.close();
    }
  });
});
