import { createRequire } from 'node:module';
import { BlockList, isIP } from 'node:net';

import type * as GeoIpModule from 'geoip-lite';

type GeoIp = typeof GeoIpModule;
let geoip: GeoIp | undefined;

/**
 * Country of an address from the offline GeoIP database shipped in `geoip-lite` (no network).
 * Loaded on first use (~0.4 s, ~150 MB resident). Private and loopback addresses have no country.
 */
export function countryOf(ip: string): string | null {
  if (!isIP(ip)) return null;
  if (!geoip) {
    const require = createRequire(import.meta.url);
    geoip = require('geoip-lite') as GeoIp;
  }
  return geoip.lookup(normaliseIp(ip))?.country ?? null;
}

/** `::ffff:1.2.3.4` (IPv4 seen on an IPv6 socket) → `1.2.3.4`. */
export function normaliseIp(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  return mapped ? mapped[1]! : ip;
}

/** A matcher for a list of addresses and CIDR ranges, IPv4 and IPv6 (node:net BlockList). */
export function ipMatcher(entries: readonly string[]): (ip: string) => boolean {
  const list = new BlockList();
  for (const entry of entries) {
    const [address, prefix] = entry.split('/');
    const family = isIP(address ?? '');
    if (!address || family === 0) continue;
    const type = family === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return (ip: string) => {
    const address = normaliseIp(ip);
    const family = isIP(address);
    if (family === 0) return false;
    return list.check(address, family === 6 ? 'ipv6' : 'ipv4');
  };
}
