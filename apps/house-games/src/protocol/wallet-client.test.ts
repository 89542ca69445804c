import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakePlatform, type FakePlatform } from '../test/fake-platform.ts';
import { nowSeconds, signatureHeader, signBody } from './signature.ts';
import { createWalletClient, type WalletClient } from './wallet-client.ts';

let platform: FakePlatform;
let wallet: WalletClient;
let sessionId: string;

beforeAll(async () => {
  platform = await startFakePlatform({ hangMs: 300 });
  wallet = createWalletClient({
    platformUrl: platform.url,
    vendorCode: platform.vendorCode,
    walletSecret: platform.secret,
    timeoutMs: 150,
    retryDelaysMs: [10, 10],
  });
  // The session is opened with a patient client: the 150 ms above is for the calls under test, and
  // a busy two-core machine running the whole suite can take longer than that to answer one.
  const patient = createWalletClient({
    platformUrl: platform.url,
    vendorCode: platform.vendorCode,
    walletSecret: platform.secret,
    timeoutMs: 10_000,
  });
  const answer = await patient.authenticate({
    launchToken: platform.launch({ playerId: 'w1', balance: 1_000 }),
  });
  if (answer.kind !== 'ok') throw new Error('authenticate failed');
  sessionId = answer.value.sessionId;
});
afterAll(async () => {
  await platform.close();
});

const debit = (transactionId: string, amount = 100) =>
  wallet.debit({ sessionId, transactionId, roundId: `r-${transactionId}`, gameCode: 'dice', amount });

describe('wallet client', () => {
  it('reads a signed answer', async () => {
    const answer = await debit('t-ok');
    expect(answer).toMatchObject({ kind: 'ok', value: { balance: 900, transactionId: 't-ok' } });
  });

  it('reads a signed refusal as refused (nothing to retry)', async () => {
    const answer = await debit('t-big', 1_000_000);
    expect(answer).toMatchObject({ kind: 'refused', status: 409, code: 'INSUFFICIENT_FUNDS' });
    expect(platform.calls.filter((call) => call.body.transactionId === 't-big')).toHaveLength(1);
  });

  it('sends the same body again after a lost answer, and the platform applies it once', async () => {
    platform.inject('debit', 'lose-answer');
    const before = platform.balanceOf('w1');
    const answer = await debit('t-lost');
    expect(answer.kind).toBe('ok');
    const sent = platform.calls.filter((call) => call.body.transactionId === 't-lost');
    expect(sent).toHaveLength(2);
    expect(sent[0]!.body).toEqual(sent[1]!.body);
    expect(platform.balanceOf('w1')).toBe(before - 100);
  });

  it('reads a signed RATE_LIMITED as unknown (not a refusal) and does not replay it at once', async () => {
    const secret = 'ab'.repeat(32);
    let sent = 0;
    const limited = createWalletClient({
      platformUrl: 'http://platform.test',
      vendorCode: 'HOUSE',
      walletSecret: secret,
      retryDelaysMs: [1, 1],
      fetch: () => {
        sent += 1;
        const rawBody = JSON.stringify({ ok: false, code: 'RATE_LIMITED', message: 'slow down' });
        return Promise.resolve(
          new Response(rawBody, {
            status: 429,
            headers: { 'retry-after': '17', [signatureHeader]: signBody(secret, rawBody, nowSeconds()) },
          }),
        );
      },
    });
    const answer = await limited.credit({
      sessionId: '1',
      transactionId: 't-limited',
      roundId: 'r-limited',
      amount: 5,
      final: true,
    });
    expect(answer).toEqual({
      kind: 'unknown',
      reason: 'RATE_LIMITED: retry after 17 s',
      retryAfterSeconds: 17,
    });
    expect(sent).toBe(1);
  });

  it('treats a 500 and an unsigned answer as unknown and retries', async () => {
    platform.inject('credit', 'internal', 'unsigned');
    const answer = await wallet.credit({
      sessionId,
      transactionId: 'c-1',
      roundId: 'r-t-ok',
      amount: 50,
      final: true,
    });
    expect(answer.kind).toBe('ok');
    expect(platform.calls.filter((call) => call.body.transactionId === 'c-1')).toHaveLength(3);
  });

  it('gives up as unknown when no answer comes at all', async () => {
    platform.inject('rollback', 'lose-request', 'lose-request', 'lose-request');
    const answer = await wallet.rollback({
      sessionId,
      transactionId: 'rb-x',
      roundId: 'r-x',
      referenceTransactionId: 'never',
    });
    expect(answer.kind).toBe('unknown');
  });

  it('does not replay a one-time authenticate', async () => {
    platform.inject('authenticate', 'lose-answer');
    const answer = await wallet.authenticate({ launchToken: platform.launch({ playerId: 'w2' }) });
    expect(answer.kind).toBe('unknown');
    expect(
      platform.calls.filter((call) => call.action === 'authenticate' && call.body.launchToken),
    ).toHaveLength(2);
  });
});
