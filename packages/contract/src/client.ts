import type { CallDefinition, HttpMethod } from './define.ts';
import type { ErrorCode, FieldIssue } from './errors.ts';
import type { ZodType, input, output } from 'zod';

/** What the client needs of a call: no schema, so a page that only calls pays no zod parsing. */
export interface CallRoute {
  id: string;
  method: HttpMethod;
  path: string;
  encrypted: boolean;
  bodyKind?: 'json' | 'form';
}

/** The failure of a call, carrying the catalogue code, the text key and the HTTP status. */
export class ApiError extends Error {
  readonly code: ErrorCode | 'NETWORK';
  readonly status: number;
  readonly issues: FieldIssue[];
  readonly value: unknown;

  constructor(options: {
    code: ErrorCode | 'NETWORK';
    message: string;
    status: number;
    issues?: FieldIssue[];
    value?: unknown;
  }) {
    super(options.message);
    this.name = 'ApiError';
    this.code = options.code;
    this.status = options.status;
    this.issues = options.issues ?? [];
    this.value = options.value;
  }
}

export interface ApiClientOptions {
  baseUrl?: string;
  getToken?: () => string | null;
  getLanguage?: () => string | null;
  /** Seals the body of an encrypted call (the accounts issue supplies the envelope). */
  seal?: (body: unknown) => Promise<unknown>;
  fetch?: (input: string, init?: RequestInit) => Promise<Response>;
}

type InputOf<C> =
  C extends CallDefinition<infer Q, infer B>
    ? (Q extends ZodType ? { query: input<Q> } : { query?: undefined }) &
        (B extends ZodType ? { body: input<B> } : { body?: undefined })
    : never;

type OutputOf<C> = C extends CallDefinition<infer _Q, infer _B, infer V> ? output<V> : never;

function buildQuery(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * A typed client for the calls of the contract. It sends `Authorization` and `Language`,
 * unwraps `{ success, value }` and throws `ApiError` for a failure envelope or a network fault.
 */
export function createApiClient(options: ApiClientOptions = {}) {
  const baseUrl = options.baseUrl ?? '';
  const doFetch = options.fetch ?? ((input: string, init?: RequestInit) => fetch(input, init));

  async function call<C extends CallRoute & CallDefinition>(
    definition: C,
    ...args: keyof InputOf<C> extends never ? [] : [InputOf<C>] | []
  ): Promise<OutputOf<C>> {
    const input = (args[0] ?? {}) as { query?: Record<string, unknown>; body?: unknown };
    const headers: Record<string, string> = { accept: 'application/json' };
    const token = options.getToken?.();
    if (token) headers.authorization = `Bearer ${token}`;
    const language = options.getLanguage?.();
    if (language) headers.language = language;

    let body: string | undefined;
    if (input.body !== undefined) {
      if (definition.bodyKind === 'form') {
        headers['content-type'] = 'application/x-www-form-urlencoded';
        body = new URLSearchParams(input.body as Record<string, string>).toString();
      } else {
        headers['content-type'] = 'application/json';
        const payload = definition.encrypted && options.seal ? await options.seal(input.body) : input.body;
        body = JSON.stringify(payload);
      }
    }

    let response: Response;
    try {
      response = await doFetch(`${baseUrl}${definition.path}${buildQuery(input.query)}`, {
        method: definition.method,
        headers,
        body,
      });
    } catch {
      throw new ApiError({ code: 'NETWORK', message: 'err_network', status: 0 });
    }

    let envelope: { success?: boolean; code?: string; message?: string; value?: unknown };
    try {
      envelope = (await response.json()) as typeof envelope;
    } catch {
      throw new ApiError({ code: 'NETWORK', message: 'err_network', status: response.status });
    }
    if (!response.ok || envelope.success !== true) {
      const value = envelope.value as { issues?: FieldIssue[] } | undefined;
      throw new ApiError({
        code: (envelope.code ?? 'INTERNAL') as ErrorCode,
        message: envelope.message ?? 'err_unknown',
        status: response.status,
        issues: value?.issues,
        value: envelope.value,
      });
    }
    return envelope.value as OutputOf<C>;
  }

  return { call };
}

export type ApiClient = ReturnType<typeof createApiClient>;
