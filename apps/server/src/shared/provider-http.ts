/**
 * One call to a payment provider's JSON API, with a deadline. What reaches the log is the path
 * and the outcome only: a provider's headers and bodies carry tokens, secrets and signed data.
 */

export class ProviderUnavailable extends Error {
  constructor(
    readonly provider: string,
    readonly path: string,
    readonly reason: 'timeout' | 'network' | 'http' | 'not-json',
    readonly httpStatus: number | null = null,
  ) {
    super(`${provider} ${path}: ${reason}${httpStatus === null ? '' : ` ${httpStatus}`}`);
    this.name = 'ProviderUnavailable';
  }
}

export interface ProviderAnswer {
  status: number;
  body: unknown;
}

/**
 * Sends one request and reads its JSON answer. A timeout, a dropped connection or an answer that
 * is not JSON is `ProviderUnavailable` (the outcome is unknown: the caller asks again later); any
 * HTTP status with a JSON body is returned for the caller to read, since providers put their own
 * error codes in 4xx bodies.
 */
export async function callProvider(options: {
  provider: string;
  url: string;
  path: string;
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: unknown;
  timeoutMs: number;
}): Promise<ProviderAnswer> {
  let response: Response;
  try {
    response = await fetch(options.url, {
      method: options.method,
      headers: {
        accept: 'application/json',
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...options.headers,
      },
      body: options.body === undefined ? null : JSON.stringify(options.body),
      signal: AbortSignal.timeout(options.timeoutMs),
      redirect: 'error',
    });
  } catch (error) {
    const name = error instanceof Error ? error.name : '';
    throw new ProviderUnavailable(
      options.provider,
      options.path,
      name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : 'network',
    );
  }
  let text: string;
  try {
    text = await response.text();
  } catch {
    throw new ProviderUnavailable(options.provider, options.path, 'timeout');
  }
  try {
    return { status: response.status, body: JSON.parse(text) as unknown };
  } catch {
    throw new ProviderUnavailable(
      options.provider,
      options.path,
      response.ok ? 'not-json' : 'http',
      response.status,
    );
  }
}
