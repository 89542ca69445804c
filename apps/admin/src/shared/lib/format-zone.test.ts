import { afterEach, describe, expect, it } from 'vitest';
import { formatDay, formatTime, setBrandZone } from './format.ts';

describe("the back office's clock", () => {
  afterEach(() => setBrandZone('UTC'));

  it("writes times and days on the brand's clock with its offset", () => {
    const late = Date.UTC(2026, 11, 5, 23, 40); // 05:40 on the 6th in Dhaka
    setBrandZone('Asia/Dhaka');
    expect(formatTime(late)).toBe('2026-12-06 05:40:00 GMT+6');
    expect(formatDay(late)).toBe('2026-12-06');
    setBrandZone('UTC');
    expect(formatTime(late)).toBe('2026-12-05 23:40:00 GMT');
    setBrandZone('Not/AZone');
    expect(formatDay(late)).toBe('2026-12-05');
    expect(formatTime(null)).toBe('—');
  });
});
