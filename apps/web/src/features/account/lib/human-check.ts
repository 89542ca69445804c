import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
import { apiClient } from '../../../shared/api/api-client.ts';
import { apiRoutes } from '../../../shared/api/api-routes.ts';

/**
 * The human-verification step before a password login, a registration and an SMS send (spec 4):
 * an ALTCHA proof of work, self-hosted. The browser fetches a challenge, derives PBKDF2 keys with
 * WebCrypto until one matches, and sends `{ challenge, solution }` as base64. Each answer is
 * accepted once by the server, so a new one is solved for every submit.
 */
export async function solveHumanCheck(signal?: AbortSignal): Promise<string> {
  const challenge = (await apiClient.call(apiRoutes.humanChallenge)) as Challenge;
  const controller = new AbortController();
  signal?.addEventListener('abort', () => controller.abort());
  const solution = await solveChallenge({ challenge, deriveKey, controller, timeout: 60_000 });
  if (!solution) throw new Error('human check not solved');
  return btoa(JSON.stringify({ challenge, solution }));
}
