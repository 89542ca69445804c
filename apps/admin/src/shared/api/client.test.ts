import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError, base64ToBytes, bytesToBase64, isSealedEnvelope } from '@khela/contract';
import { operatorCreate, operatorList, operatorMe } from '@khela/contract/call-routes';
import { callApi, missingPermission, setFetchForTests } from './client.ts';
import { endSession, sessionState, startSession } from './session.ts';

let keys: CryptoKeyPair;
let spki: string;

beforeAll(async () => {
  keys = await crypto.subtle.generateKey(
    { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    true,
    ['encrypt', 'decrypt'],
  );
  spki = bytesToBase64(new Uint8Array(await crypto.subtle.exportKey('spki', keys.publicKey)));
});

afterEach(() => endSession());

interface Seen {
  url: string;
  init: RequestInit | undefined;
}

function answer(status: number, envelope: unknown): Response {
  return new Response(JSON.stringify(envelope), { status, headers: { 'content-type': 'application/json' } });
}

/** A fetch that answers the public key and then `reply` for everything else, keeping what it saw. */
function fakeServer(reply: (seen: Seen) => Response) {
  const seen: Seen[] = [];
  setFetchForTests(async (url, init) => {
    if (url.startsWith('/wps/system/publicKey')) {
      return answer(200, { success: true, value: { keyId: 'k1', spki, algorithm: 'RSA-OAEP-256+A256GCM' } });
    }
    seen.push({ url, init });
    return reply({ url, init });
  });
  return seen;
}

async function openEnvelope(body: string): Promise<unknown> {
  const envelope = JSON.parse(body) as { key: string; iv: string; data: string };
  const raw = await crypto.subtle.decrypt({ name: 'RSA-OAEP' }, keys.privateKey, base64ToBytes(envelope.key));
  const aes = await crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['decrypt']);
  const plain = await crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: base64ToBytes(envelope.iv) },
    aes,
    base64ToBytes(envelope.data),
  );
  return JSON.parse(new TextDecoder().decode(plain));
}

describe('the back office api client', () => {
  it('sends the bearer token of the session and unwraps the value', async () => {
    startSession('token-1');
    const seen = fakeServer(() => answer(200, { success: true, value: [] }));
    await expect(callApi(operatorList)).resolves.toEqual([]);
    expect(seen[0]!.url).toBe('/api/operator/operators');
    expect(new Headers(seen[0]!.init?.headers).get('authorization')).toBe('Bearer token-1');
  });

  it('seals the body of an encrypted call with the server key (the contract sealer)', async () => {
    startSession('token-1');
    const seen = fakeServer(() => answer(200, { success: true, value: { id: 2 } }));
    const body = { account: 'fin1', nickname: 'Fin', role: 'finance' as const, password: 'S3cret-pass-1' };
    await callApi(operatorCreate, { body });
    const sent = String(seen[0]!.init?.body);
    expect(isSealedEnvelope(JSON.parse(sent))).toBe(true);
    expect(sent).not.toContain('S3cret');
    expect(await openEnvelope(sent)).toEqual(body);
  });

  it('ends the session with a notice on TOKEN_EXPIRED or UNAUTHENTICATED', async () => {
    for (const code of ['TOKEN_EXPIRED', 'UNAUTHENTICATED']) {
      startSession('token-1');
      fakeServer(() => answer(401, { success: false, code, message: 'err_token_expired' }));
      await expect(callApi(operatorMe)).rejects.toBeInstanceOf(ApiError);
      expect(sessionState()).toEqual({ token: null, notice: 'shell_session_ended' });
      expect(window.sessionStorage.getItem('operatorToken')).toBeNull();
    }
  });

  it('keeps the session on a refusal and names the missing permission', async () => {
    startSession('token-1');
    fakeServer(() =>
      answer(403, {
        success: false,
        code: 'FORBIDDEN',
        message: 'err_forbidden',
        value: { permission: 'operators.manage', role: 'finance' },
      }),
    );
    const error = await callApi(operatorList).catch((caught: unknown) => caught);
    expect(missingPermission(error)).toBe('operators.manage');
    expect(sessionState().token).toBe('token-1');
  });

  it('fetches the key again and resends once when the envelope did not open', async () => {
    startSession('token-1');
    const reply = vi
      .fn<(seen: Seen) => Response>()
      .mockReturnValueOnce(
        answer(400, { success: false, code: 'ENVELOPE_INVALID', message: 'err_encryption_failed' }),
      )
      .mockReturnValueOnce(answer(200, { success: true, value: { id: 3 } }));
    const seen = fakeServer(reply);
    await expect(
      callApi(operatorCreate, {
        body: { account: 'a12', nickname: 'A', role: 'readonly', password: 'pw-123456' },
      }),
    ).resolves.toEqual({ id: 3 });
    expect(seen).toHaveLength(2);
  });
});
