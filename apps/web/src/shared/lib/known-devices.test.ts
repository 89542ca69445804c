import { afterEach, describe, expect, it } from 'vitest';
import { readDeviceToken, rememberDeviceToken } from './known-devices.ts';

const token = 'a'.repeat(43);
const other = 'B-_'.repeat(14) + 'c';

afterEach(() => window.localStorage.clear());

describe('known-device tokens', () => {
  it('keeps one token per account, by username without regard to case', () => {
    rememberDeviceToken('Rahim01', token);
    rememberDeviceToken('karim02', other);
    expect(readDeviceToken(' rahim01 ')).toBe(token);
    expect(readDeviceToken('KARIM02')).toBe(other);
    expect(readDeviceToken('nobody')).toBeUndefined();
  });

  it('stores nothing malformed and survives a damaged storage entry', () => {
    rememberDeviceToken('rahim01', undefined);
    rememberDeviceToken('rahim01', 'short');
    expect(window.localStorage.getItem('knownDevices')).toBeNull();
    window.localStorage.setItem('knownDevices', '{not json');
    expect(readDeviceToken('rahim01')).toBeUndefined();
    window.localStorage.setItem('knownDevices', JSON.stringify({ rahim01: 42, karim02: token }));
    expect(readDeviceToken('rahim01')).toBeUndefined();
    expect(readDeviceToken('karim02')).toBe(token);
  });
});
