import { describe, expect, it } from 'vitest';
import { ApiError, createApiClient } from './client.ts';
import { calls } from './calls.ts';
import { errorCatalogue } from './errors.ts';

function recordingFetch(status: number, body: unknown) {
  const seen: { url: string; init: RequestInit | undefined }[] = [];
  const fetchImpl = async (url: string, init?: RequestInit) => {
    seen.push({ url, init });
    return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status });
  };
  return { seen, fetchImpl };
}

describe('createApiClient', () => {
  it('sends the query, token and language and unwraps value', async () => {
    const { seen, fetchImpl } = recordingFetch(200, { success: true, value: { status: 0 } });
    const client = createApiClient({
      baseUrl: 'http://x',
      fetch: fetchImpl,
      getToken: () => 'tok',
      getLanguage: () => 'BN',
    });
    const value = await client.call(calls.status, { query: { url: 'www.example.com' } });
    expect(value).toEqual({ status: 0 });
    expect(seen[0]!.url).toBe('http://x/wps/system/status?url=www.example.com');
    expect(seen[0]!.init?.headers).toMatchObject({ authorization: 'Bearer tok', language: 'BN' });
  });

  it('throws ApiError with code, text key, status and field issues for a failure envelope', async () => {
    const { fetchImpl } = recordingFetch(400, {
      success: false,
      code: 'VALIDATION_FAILED',
      message: 'err_validation_failed',
      value: { issues: [{ field: 'url', reason: 'Required' }] },
    });
    const client = createApiClient({ fetch: fetchImpl });
    const failure = await client.call(calls.whitelabel).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({
      code: 'VALIDATION_FAILED',
      status: 400,
      issues: [{ field: 'url', reason: 'Required' }],
    });
  });

  it('reports a network fault and a non-JSON answer as NETWORK', async () => {
    const broken = createApiClient({
      fetch: async () => {
        throw new TypeError('offline');
      },
    });
    await expect(broken.call(calls.whitelabel)).rejects.toMatchObject({
      code: 'NETWORK',
      message: 'err_network',
    });
    const { fetchImpl } = recordingFetch(502, '<html>bad gateway</html>');
    await expect(createApiClient({ fetch: fetchImpl }).call(calls.whitelabel)).rejects.toMatchObject({
      code: 'NETWORK',
      status: 502,
    });
  });
});

describe('error catalogue', () => {
  it('maps every code to an HTTP error status and a text key', () => {
    for (const [code, entry] of Object.entries(errorCatalogue)) {
      expect(entry.status, code).toBeGreaterThanOrEqual(400);
      expect(entry.message, code).toMatch(/^[a-z_]+$/);
    }
  });

  it('declares every call once, with a unique path and method', () => {
    const keys = Object.values(calls).map((call) => `${call.method} ${call.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    const ids = Object.values(calls).map((call) => call.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
