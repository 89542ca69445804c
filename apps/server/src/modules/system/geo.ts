import { readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { BlockList, isIP } from 'node:net';

import { Reader, type CountryResponse } from 'maxmind';
import { remembered } from '../../shared/remembered.ts';

/** How many addresses' countries are remembered (a visitor's page asks for its status and more). */
export const countryMemory = 4096;

/** Data older than this (by the database's own build date) is warned about (issue 35, item 6). */
export const geoDataMaxAgeDays = 60;

/**
 * The country database shipped with the server: GeoLite2 Country as an MMDB file from the npm
 * package `@ip-location-db/geolite2-country-mmdb` (no network; ~9 MB read into memory). An operator
 * keeps it current with a file of their own (GEOIP_DATABASE_FILE, refreshed by the `geoip-refresh`
 * job: docs/operations.md, Region blocking).
 */
const bundledFile = '@ip-location-db/geolite2-country-mmdb/geolite2-country.mmdb';

/**
 * A record as the two common MMDB layouts hold a country: MaxMind's GeoLite2/GeoIP2 Country and
 * City (`country.iso_code`, else the network's `registered_country`) and ip-location-db's flat
 * `country_code`.
 */
interface CountryRecord {
  country_code?: unknown;
  country?: { iso_code?: unknown };
  registered_country?: { iso_code?: unknown };
}

/** What the lookups answer from now. */
export interface GeoDataInfo {
  /** `bundled` or the operator's file path. */
  source: string;
  /** The database's build date (its metadata), which its age is counted from. */
  builtAt: Date;
  loadedAt: Date;
  /** The operator file's modification time and size when it was read (null for the bundled data). */
  fileStamp: string | null;
}

interface GeoData {
  reader: Reader<CountryResponse>;
  info: GeoDataInfo;
}

let current: GeoData | undefined;

function isoCode(value: unknown): string | null {
  return typeof value === 'string' && /^[A-Z]{2}$/.test(value) ? value : null;
}

/** The country of a record of either layout: its values are checked here, not trusted from the type. */
function countryIn(found: CountryResponse | null): string | null {
  if (!found) return null;
  const record = found as unknown as CountryRecord;
  return (
    isoCode(record.country_code) ??
    isoCode(record.country?.iso_code) ??
    isoCode(record.registered_country?.iso_code)
  );
}

/**
 * Opens an MMDB country database from its bytes and checks that it is one: a readable MMDB of a
 * Country or City kind with both address families, which places a well-known public resolver
 * (8.8.8.8, 2001:4860:4860::8888) in some country. Throws a one-line reason otherwise.
 */
function openCountryDatabase(bytes: Buffer, source: string, fileStamp: string | null): GeoData {
  let reader: Reader<CountryResponse>;
  try {
    reader = new Reader<CountryResponse>(bytes);
  } catch (error) {
    throw new Error(`GeoIP data ${source}: not a MaxMind DB file (${(error as Error).message})`);
  }
  const { databaseType, ipVersion, buildEpoch } = reader.metadata;
  if (!/country|city/i.test(databaseType)) {
    throw new Error(`GeoIP data ${source}: a "${databaseType}" database, not a country (or city) one`);
  }
  if (ipVersion !== 6) throw new Error(`GeoIP data ${source}: holds IPv4 only; both families are needed`);
  for (const probe of ['8.8.8.8', '2001:4860:4860::8888']) {
    if (!countryIn(reader.get(probe))) {
      throw new Error(`GeoIP data ${source}: places ${probe} in no country; is it a country database?`);
    }
  }
  return { reader, info: { source, builtAt: buildEpoch, loadedAt: new Date(), fileStamp } };
}

function stampOf(file: string): string {
  const stat = statSync(file);
  return `${Math.trunc(stat.mtimeMs)}:${stat.size}`;
}

function loaded(): GeoData {
  if (!current) {
    const require = createRequire(import.meta.url);
    current = openCountryDatabase(readFileSync(require.resolve(bundledFile)), 'bundled', null);
  }
  return current;
}

/** Country of an address, or null (private, loopback, reserved or unknown addresses have none). */
function lookUpCountry(ip: string): string | null {
  if (!isIP(ip)) return null;
  return countryIn(loaded().reader.get(normaliseIp(ip)));
}

/**
 * The last `countryMemory` addresses' answers are remembered (the oldest is forgotten first): a
 * lookup is an address parse and a tree walk, a few percent of a status call's CPU (issue 12), and a
 * visitor's calls come from one address. A new database starts a new memory.
 */
let rememberedCountry = remembered(countryMemory, lookUpCountry);

/** Country (ISO 3166 alpha-2) of an address from the offline GeoIP database, or null. */
export function countryOf(ip: string): string | null {
  return rememberedCountry(ip);
}

/** What the lookups answer from (loading the bundled data first if nothing is loaded yet). */
export function geoDataInfo(): GeoDataInfo {
  return loaded().info;
}

/** Whole days since the loaded database was built. */
export function geoDataAgeDays(now = new Date()): number {
  return Math.floor((now.getTime() - geoDataInfo().builtAt.getTime()) / 86_400_000);
}

/** The warning line for data past `geoDataMaxAgeDays`, or null while it is fresh enough. */
export function geoDataAgeWarning(now = new Date()): string | null {
  const age = geoDataAgeDays(now);
  if (age <= geoDataMaxAgeDays) return null;
  const { source, builtAt } = geoDataInfo();
  return (
    `GeoIP data (${source}) was built ${builtAt.toISOString().slice(0, 10)}, ${age} days ago (over ` +
    `${geoDataMaxAgeDays}): region blocking may place addresses in the wrong country; give the server a current ` +
    'GeoLite2/GeoIP2 Country file in GEOIP_DATABASE_FILE (docs/operations.md, Region blocking).'
  );
}

export interface GeoRefresh {
  changed: boolean;
  source: string;
  builtAt: string;
  ageDays: number;
}

/**
 * Loads the operator's database file when it is new or has changed since it was read (its
 * modification time or size), and answers from it from then on. A file that cannot be read or is
 * not a country database throws and changes nothing: the lookups keep the data they had.
 */
export function refreshGeoData(file: string, now = new Date()): GeoRefresh {
  const stamp = stampOf(file);
  const before = current;
  if (!before || before.info.source !== file || before.info.fileStamp !== stamp) {
    current = openCountryDatabase(readFileSync(file), file, stamp);
    rememberedCountry = remembered(countryMemory, lookUpCountry);
  }
  const info = geoDataInfo();
  return {
    changed: current !== before,
    source: info.source,
    builtAt: info.builtAt.toISOString(),
    ageDays: geoDataAgeDays(now),
  };
}

/** Back to the bundled data (tests). */
export function resetGeoData(): void {
  current = undefined;
  rememberedCountry = remembered(countryMemory, lookUpCountry);
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
