import type { Mock } from 'vitest';

/** A failure envelope as the server sends it. */
export function failure(status: number, code: string, message: string, extra: Record<string, unknown> = {}) {
  return { status, body: { success: false, code, message, ...extra } };
}

export interface Answer {
  status?: number;
  body: unknown;
}

/**
 * Adds answers by path on top of `renderApp`'s fetch stub (which only knows successes), e.g.
 * failures: `answer(path, body)` returns an Answer, or undefined to fall through. Every call is kept.
 */
export function answerCalls(
  fetchMock: Mock,
  answer: (path: string, body: unknown) => Answer | undefined,
): { path: string; method: string; body: unknown }[] {
  const seen: { path: string; method: string; body: unknown }[] = [];
  const base = fetchMock.getMockImplementation() as (input: string, init?: RequestInit) => Promise<Response>;
  fetchMock.mockImplementation(async (input: string, init?: RequestInit) => {
    const { pathname } = new URL(input, 'http://localhost');
    const raw = init?.body;
    let body: unknown = raw;
    if (typeof raw === 'string') {
      try {
        body = JSON.parse(raw);
      } catch {
        body = Object.fromEntries(new URLSearchParams(raw));
      }
    }
    seen.push({ path: pathname, method: init?.method ?? 'GET', body });
    const found = answer(pathname, body);
    if (!found) return base(input, init);
    const status = found.status ?? 200;
    const payload = status < 400 ? { success: true, value: found.body } : found.body;
    return new Response(JSON.stringify(payload), { status, headers: { 'content-type': 'application/json' } });
  });
  return seen;
}
