import { describe, expect, it } from 'vitest';
import { rateLimitKeys } from './rate-limit-key.ts';

describe('rateLimitKeys', () => {
  it("gives @fastify/rate-limit's default keys", () => {
    const keyOf = rateLimitKeys();
    expect(keyOf('127.0.0.1')).toBe('127.0.0.1');
    expect(keyOf('203.0.113.9')).toBe('203.0.113.9');
    // IPv4 seen on an IPv6 socket: the IPv4 address.
    expect(keyOf('::ffff:203.0.113.9')).toBe('203.0.113.9');
    // One subscriber's /64 is one caller, however its addresses are written.
    expect(keyOf('2401:1900:8:1:a5b3:44ff:fe12:9a01')).toBe('2401:1900:8:1::');
    expect(keyOf('2401:1900:8:1::7')).toBe('2401:1900:8:1::');
    expect(keyOf('2401:1900:0008:0001:0:0:0:1')).toBe('2401:1900:8:1::');
    expect(keyOf('2401:1900:8:2::7')).toBe('2401:1900:8:2::');
    expect(keyOf('::1')).toBe('::');
    // Not an address (a proxy's header can say anything): itself, lower-cased.
    expect(keyOf('Not:An:Address')).toBe('not:an:address');
    expect(keyOf('LOCAL')).toBe('local');
  });

  it('answers a remembered address as the first time, and past its bound', () => {
    const keyOf = rateLimitKeys({ memory: 4 });
    const first = keyOf('2001:db8:aa:bb::1');
    for (let index = 0; index < 10; index += 1) {
      expect(keyOf(`2001:db8:${(index + 1).toString(16)}::${index + 1}`)).toBe(
        `2001:db8:${(index + 1).toString(16)}::`,
      );
    }
    expect(keyOf('2001:db8:aa:bb::1')).toBe(first);
    expect(first).toBe('2001:db8:aa:bb::');
  });

  it('keeps a whole IPv6 address when the subnet is 128', () => {
    expect(rateLimitKeys({ ipv6Subnet: 128 })('2001:DB8::1')).toBe('2001:db8::1');
  });
});
