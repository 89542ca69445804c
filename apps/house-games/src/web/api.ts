/// <reference lib="dom" />
import type { RoundView } from '../play/rounds.service.ts';
import type { FairState } from '../play/fair.service.ts';

export type { RoundView, FairState };

/** A refusal from the house API (its code is a key of the page's texts: `err_<code>`). */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export interface SessionAnswer {
  sessionToken: string;
  player: { nickname: string; currency: string };
  balance: number;
  fair: FairState;
  openRound: RoundView | null;
}

export interface StateAnswer {
  player: { nickname: string; currency: string };
  balance: number | null;
  fair: FairState;
  openRound: RoundView | null;
}

export interface RotateAnswer {
  previous: { serverSeed: string; serverSeedHash: string; clientSeed: string; nonce: number; rounds: number };
  current: FairState;
}

/** The house API seen from a page: paths relative to the page, so any mount prefix works. */
export function createApi(apiBase: URL) {
  let sessionToken: string | null = null;

  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    let response: Response;
    try {
      response = await fetch(new URL(path, apiBase), {
        method,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(sessionToken ? { authorization: `Bearer ${sessionToken}` } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        credentials: 'same-origin',
      });
    } catch {
      throw new ApiError('network', 'network');
    }
    let json: { ok?: boolean; code?: string; message?: string } & Record<string, unknown>;
    try {
      json = await response.json();
    } catch {
      throw new ApiError(response.status >= 500 ? 'INTERNAL' : 'network', `HTTP ${response.status}`);
    }
    if (!response.ok || json.ok !== true)
      throw new ApiError(json.code ?? 'INTERNAL', json.message ?? 'failed');
    return json as T;
  }

  return {
    setToken(token: string | null) {
      sessionToken = token;
    },
    openSession: (token: string, game: string) => call<SessionAnswer>('POST', 'session', { token, game }),
    state: (game: string) => call<StateAnswer>('GET', `state?game=${encodeURIComponent(game)}`),
    play: (game: string, bet: number, inputs: Record<string, unknown>) =>
      call<{ round: RoundView; fair: FairState }>('POST', 'rounds', { game, bet, inputs }),
    step: (roundId: string, action: Record<string, unknown>) =>
      call<{ round: RoundView }>('POST', `rounds/${encodeURIComponent(roundId)}/step`, { action }),
    rounds: (game: string, limit = 20) =>
      call<{ rounds: RoundView[] }>('GET', `rounds?game=${encodeURIComponent(game)}&limit=${limit}`),
    round: (roundId: string) =>
      call<{ round: RoundView; inputs: Record<string, unknown> }>(
        'GET',
        `rounds/${encodeURIComponent(roundId)}`,
      ),
    setClientSeed: (clientSeed: string) =>
      call<{ fair: FairState }>('POST', 'fair/client-seed', { clientSeed }),
    rotateSeed: () => call<RotateAnswer>('POST', 'fair/rotate', {}),
  };
}

export type HouseApi = ReturnType<typeof createApi>;
