import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import type { CallRoute } from '@khela/contract';
import { apiClient } from '../../../shared/api/api-client.ts';
import { captchaRefreshMs, useCaptcha } from './captcha-field.tsx';

function stubCaptchaCall(answers: (() => unknown)[]) {
  let served = 0;
  const spy = vi.spyOn(apiClient, 'call').mockImplementation((async (route: CallRoute) => {
    expect(route.id).toBe('captcha');
    const answer = answers[Math.min(served, answers.length - 1)];
    served += 1;
    return answer?.();
  }) as never);
  return spy;
}

const image = (n: number) => ({
  captchaId: `c${n}`,
  image: `data:image/svg+xml;base64,${n}`,
  expiresInSeconds: 300,
});

describe('useCaptcha', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('runs a refresh asked for inside the one-second window once the window ends', async () => {
    vi.useFakeTimers();
    let n = 0;
    const spy = stubCaptchaCall([() => image(++n)]);
    const { result } = renderHook(() => useCaptcha(true));
    await act(async () => {});
    expect(result.current.captchaId).toBe('c1');
    act(() => {
      result.current.refresh();
      result.current.refresh();
    });
    expect(spy).toHaveBeenCalledTimes(1);
    expect(result.current.isLoading).toBe(true);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(captchaRefreshMs);
    });
    expect(spy).toHaveBeenCalledTimes(2);
    expect(result.current.captchaId).toBe('c2');
    expect(result.current.isLoading).toBe(false);
  });

  it('drops a failed image instead of showing one that cannot pass', async () => {
    vi.useFakeTimers();
    stubCaptchaCall([
      () => image(1),
      () => {
        throw new Error('offline');
      },
    ]);
    const { result } = renderHook(() => useCaptcha(true));
    await act(async () => {});
    expect(result.current.image).toContain('base64,1');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(captchaRefreshMs);
      result.current.refresh();
    });
    expect(result.current.image).toBeNull();
    expect(result.current.captchaId).toBeNull();
    expect(result.current.hasFailed).toBe(true);
  });
});
