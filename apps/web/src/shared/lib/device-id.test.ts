import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserDeviceId } from './device-id.ts';

afterEach(() => {
  window.localStorage.clear();
  vi.restoreAllMocks();
});

describe('the browser device id', () => {
  it('is made once (128 bits, base64url) and kept, whoever logs in', () => {
    const first = browserDeviceId();
    expect(first).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(browserDeviceId()).toBe(first);
    expect(window.localStorage.getItem('deviceId')).toBe(first);
  });

  it('replaces a damaged entry, and is undefined when nothing can be kept', () => {
    window.localStorage.setItem('deviceId', 'bad id\u0000');
    const replaced = browserDeviceId();
    expect(replaced).toMatch(/^[A-Za-z0-9_-]{22}$/);
    window.localStorage.clear();
    vi.spyOn(window.localStorage, 'setItem').mockImplementation(() => {
      throw new Error('QuotaExceededError');
    });
    expect(browserDeviceId()).toBeUndefined();
  });
});
