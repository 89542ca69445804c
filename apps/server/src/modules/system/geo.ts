import { createRequire } from 'node:module';
import { BlockList, isIP } from 'node:net';

import type * as GeoIpModule from 'geoip-lite';
import { remembered } from '../../shared/remembered.ts';

type GeoIp = typeof GeoIpModule;
let geoip: GeoIp | undefined;

/** How many addresses' countries are remembered (a visitor's page asks for its status and more). */
export const countryMemory = 4096;

/**
 * Country of an address from the offline GeoIP database shipped in `geoip-lite` (no network).
 * Loaded on first use (~0.4 s, ~150 MB resident). Private and loopback addresses have no country.
 * The last `countryMemory` addresses' answers are remembered (the oldest is forgotten first): a
 * lookup is an address parse and a binary search of the ranges, a few percent of a status call's
 * CPU (issue 12), and a visitor's calls come from one address.
 */
export const countryOf: (ip: string) => string | null = remembered(countryMemory, lookUpCountry);

function lookUpCountry(ip: string): string | null {
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

const matchers = new WeakMap<readonly string[], (ip: string) => boolean>();

/**
 * A matcher for a list of addresses and CIDR ranges, IPv4 and IPv6 (node:net BlockList), built
 * once per list: the settings' lists (maintenance and region allow and block lists) are the same
 * arrays until the settings change, and the status call asks on every visitor's page load.
 */
export function ipMatcher(entries: readonly string[]): (ip: string) => boolean {
  let matcher = matchers.get(entries);
  if (!matcher) {
    matcher = buildIpMatcher(entries);
    matchers.set(entries, matcher);
  }
  return matcher;
}

function buildIpMatcher(entries: readonly string[]): (ip: string) => boolean {
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
