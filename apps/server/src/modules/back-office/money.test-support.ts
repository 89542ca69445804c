import type { TestApp } from '../../test/helper.ts';
import { call } from '../accounts/accounts.test-support.ts';

/**
 * An operator asks to credit (or debit) the demo player: the back office's adjustment request, a
 * goodwill credit under `idempotencyKey` unless `body` says otherwise.
 */
export function adjustRequest(
  sut: TestApp,
  body: Record<string, unknown>,
  token: string,
  idempotencyKey: string,
) {
  return call(sut, {
    method: 'POST',
    url: '/api/operator/wallet/adjust',
    token,
    body: { username: 'demoplayer', reason: 'goodwill credit', idempotencyKey, ...body },
  });
}

/** A second operator approves or rejects an adjustment request. */
export function decideAdjustment(sut: TestApp, body: Record<string, unknown>, token: string) {
  return call(sut, { method: 'POST', url: '/api/operator/adjustment/decide', body, token });
}
