import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from '@testing-library/react';
import { setFetchForTests } from '../shared/api/client.ts';
import { sessionState, startSession } from '../shared/api/session.ts';
import { useIdleLogout } from './idle.ts';

function Idle({ minutes }: { minutes: number }) {
  useIdleLogout(minutes);
  return null;
}

afterEach(() => vi.useRealTimers());

describe('the idle logout', () => {
  it('logs out by itself after idleMinutes without activity, and says why', async () => {
    vi.useFakeTimers();
    const seen: string[] = [];
    setFetchForTests(async (url) => {
      seen.push(url);
      return new Response(JSON.stringify({ success: true, value: { ok: true } }));
    });
    startSession('token-1');
    render(<Idle minutes={1} />);
    await vi.advanceTimersByTimeAsync(45_000);
    window.dispatchEvent(new KeyboardEvent('keydown'));
    await vi.advanceTimersByTimeAsync(45_000);
    // Activity 45 s ago: still signed in.
    expect(sessionState().token).toBe('token-1');
    await vi.advanceTimersByTimeAsync(30_000);
    expect(sessionState()).toEqual({ token: null, notice: 'shell_session_idle' });
    expect(seen).toContain('/api/operator/session/logout');
  });
});
