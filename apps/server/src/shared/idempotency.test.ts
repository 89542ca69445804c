import { describe, expect, it } from 'vitest';
import { AppError } from '../http/app-error.ts';
import { requestHash, runOnce } from './idempotency.ts';

describe('runOnce', () => {
  const hash = requestHash({ amount: '10' });

  it('runs the command when the key is new', async () => {
    const answer = await runOnce({
      requestHash: hash,
      find: async () => null,
      run: async () => 'ran',
      replay: () => 'replayed',
    });
    expect(answer).toBe('ran');
  });

  it('answers the stored command for the same request, in any key order', async () => {
    const sut = () =>
      runOnce({
        requestHash: requestHash({ amount: '10' }),
        find: async () => ({ requestHash: hash, id: 7 }),
        run: async () => {
          throw new Error('must not run');
        },
        replay: (stored) => stored.id,
      });
    await expect(sut()).resolves.toBe(7);
  });

  it('refuses another request under the key: IDEMPOTENCY_MISMATCH, or the caller’s answer', async () => {
    const options = {
      requestHash: requestHash({ amount: '11' }),
      find: async () => ({ requestHash: hash }),
      run: async () => 'ran',
      replay: () => 'replayed',
    };
    const refusal = await runOnce(options).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AppError);
    expect((refusal as AppError).code).toBe('IDEMPOTENCY_MISMATCH');
    await expect(runOnce({ ...options, conflict: () => 'conflict' })).resolves.toBe('conflict');
  });
});
