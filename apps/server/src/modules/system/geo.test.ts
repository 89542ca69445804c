import { describe, expect, it } from 'vitest';
import { countryMemory, countryOf, ipMatcher, normaliseIp } from './geo.ts';
import { hostNameOf } from './system.service.ts';

describe('geo', () => {
  it('finds countries offline and none for private addresses', () => {
    expect(countryOf('8.8.8.8')).toBe('US');
    expect(countryOf('103.4.145.1')).toBe('BD');
    expect(countryOf('127.0.0.1')).toBeNull();
    expect(countryOf('not an ip')).toBeNull();
    expect(countryOf('::ffff:103.4.145.1')).toBe('BD');
  });

  it('answers the same from its memory, and past its bound, as from the database', () => {
    expect(countryOf('103.4.145.1')).toBe('BD');
    expect(countryOf('103.4.145.1')).toBe('BD'); // remembered
    // More distinct addresses than it remembers: the oldest are forgotten and looked up again.
    for (let index = 0; index <= countryMemory; index += 1) {
      expect(countryOf(`10.${index >> 16}.${(index >> 8) & 255}.${index & 255}`)).toBeNull();
    }
    expect(countryOf('103.4.145.1')).toBe('BD');
    expect(countryOf('8.8.8.8')).toBe('US');
  });

  it('matches addresses and CIDR ranges of both families', () => {
    const matches = ipMatcher(['192.0.2.0/24', '2001:db8::/32', '203.0.113.9', 'garbage']);
    expect(matches('192.0.2.200')).toBe(true);
    expect(matches('::ffff:192.0.2.1')).toBe(true);
    expect(matches('192.0.3.1')).toBe(false);
    expect(matches('2001:db8::1')).toBe(true);
    expect(matches('203.0.113.9')).toBe(true);
    expect(matches('203.0.113.10')).toBe(false);
    expect(normaliseIp('::ffff:1.2.3.4')).toBe('1.2.3.4');
  });

  it("builds a list's matcher once, and a new one for a new list", () => {
    const allowed = ['192.0.2.0/24'];
    expect(ipMatcher(allowed)).toBe(ipMatcher(allowed));
    const changed = ['198.51.100.0/24'];
    expect(ipMatcher(changed)).not.toBe(ipMatcher(allowed));
    expect(ipMatcher(changed)('198.51.100.7')).toBe(true);
    expect(ipMatcher(changed)('192.0.2.7')).toBe(false);
  });

  it('reduces a URL or host to its host name', () => {
    expect(hostNameOf('https://WWW.Example.com:8443/a?b')).toBe('www.example.com');
    expect(hostNameOf('localhost:8080')).toBe('localhost');
    expect(hostNameOf('[::1]:8080')).toBe('[::1]');
    expect(hostNameOf(undefined)).toBe('');
  });
});
