import { vi } from 'vitest';
import type { CallRoute } from '@khela/contract';
import { apiClient } from '../shared/api/api-client.ts';

export type CallHandler = (input: { body?: Record<string, unknown> } | undefined) => unknown;

/**
 * Answers calls by route id at the api client (before the real client would seal a body); every
 * other call goes on to the stubbed fetch. Returns the handled calls, in order.
 */
export function stubCalls(handlers: Record<string, CallHandler>) {
  const original = apiClient.call;
  const seen: { id: string; body: Record<string, unknown> | undefined }[] = [];
  vi.spyOn(apiClient, 'call').mockImplementation((async (
    route: CallRoute,
    input?: { body?: Record<string, unknown> },
  ) => {
    const handler = handlers[route.id];
    if (!handler) return (original as (r: CallRoute, i?: unknown) => Promise<unknown>)(route, input);
    seen.push({ id: route.id, body: input?.body });
    return handler(input);
  }) as never);
  return seen;
}
