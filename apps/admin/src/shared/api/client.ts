import {
  ApiError,
  createApiClient,
  createSealer,
  type BodyOf,
  type CallDefinition,
  type CallRoute,
  type QueryOf,
  type ValueOf,
} from '@khela/contract';
import { publicKey } from '@khela/contract/call-routes';
import { currentToken, endSession } from './session.ts';

/**
 * The back office's one client of the API: `Authorization: Bearer <token>` from the session,
 * encrypted calls sealed with the server's public key (the contract's sealer, as the web does),
 * `{ success, value }` unwrapped, failures thrown as `ApiError` (code, text key, status, issues,
 * value). A 401 on a call that carried a token ends the session (idle 15 minutes on the server,
 * logged out elsewhere): the login page shows "session ended".
 */
export type AdminCall = CallRoute & CallDefinition;

/** What a call takes: its query and/or body, typed from the contract. */
export interface CallInput<C> {
  query?: QueryOf<C> | undefined;
  body?: BodyOf<C> | undefined;
}

let fetchImpl: (input: string, init?: RequestInit) => Promise<Response> = (input, init) => fetch(input, init);

/** Tests answer calls with their own fetch. */
export function setFetchForTests(next: typeof fetchImpl): void {
  fetchImpl = next;
}

const plainClient = createApiClient({
  getLanguage: () => 'en',
  fetch: (input, init) => fetchImpl(input, init),
});
const sealer = createSealer(() => plainClient.call(publicKey));

const client = createApiClient({
  getToken: currentToken,
  getLanguage: () => 'en',
  seal: sealer,
  fetch: (input, init) => fetchImpl(input, init),
});
const callOnce = client.call as (definition: CallRoute, input?: unknown) => Promise<unknown>;

let lastCallAt = Date.now();

/** When the last call left (the shell keeps the server's idle clock in step with the person). */
export function lastCallTime(): number {
  return lastCallAt;
}

/** The codes that mean the session is gone. */
export function endsSession(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.status === 401 &&
    (error.code === 'TOKEN_EXPIRED' || error.code === 'UNAUTHENTICATED')
  );
}

export async function callApi<C extends AdminCall>(call: C, input?: CallInput<C>): Promise<ValueOf<C>> {
  const hadToken = currentToken() !== null;
  lastCallAt = Date.now();
  try {
    try {
      return (await callOnce(call, input)) as ValueOf<C>;
    } catch (error) {
      // The server's key changed since it was fetched: fetch it again and send once more.
      if (!call.encrypted || !(error instanceof ApiError) || error.code !== 'ENVELOPE_INVALID') throw error;
      sealer.forget();
      return (await callOnce(call, input)) as ValueOf<C>;
    }
  } catch (error) {
    if (hadToken && endsSession(error)) endSession('shell_session_ended');
    throw error;
  }
}

/** The permission a FORBIDDEN answer names (`value.permission`), if any. */
export function missingPermission(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.code !== 'FORBIDDEN') return null;
  const value = error.value as { permission?: unknown } | undefined;
  return typeof value?.permission === 'string' ? value.permission : null;
}
