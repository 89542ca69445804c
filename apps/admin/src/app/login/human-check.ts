import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
import { humanChallenge } from '@khela/contract/call-routes';
import { callApi } from '../../shared/api/client.ts';

/**
 * The ALTCHA proof of work before a password login (as apps/web does): fetch a challenge, derive
 * PBKDF2 keys with WebCrypto until one matches, send `{ challenge, solution }` as base64. Each
 * answer is accepted once, so a new one is solved for every submit.
 */
export async function solveHumanCheck(): Promise<string> {
  const challenge = (await callApi(humanChallenge)) as Challenge;
  const controller = new AbortController();
  const solution = await solveChallenge({ challenge, deriveKey, controller, timeout: 60_000 });
  if (!solution) throw new Error('human check not solved');
  return btoa(JSON.stringify({ challenge, solution }));
}
