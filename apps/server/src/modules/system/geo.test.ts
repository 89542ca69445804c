import { copyFileSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/helper.ts';
import {
  countryMemory,
  countryOf,
  geoDataAgeDays,
  geoDataAgeWarning,
  geoDataInfo,
  geoDataMaxAgeDays,
  ipMatcher,
  normaliseIp,
  refreshGeoData,
  resetGeoData,
} from './geo.ts';
import { hostNameOf } from './system.service.ts';

const require = createRequire(import.meta.url);
const shipped = (name: string) => require.resolve(`@ip-location-db/geolite2-country-mmdb/${name}`);
const folder = mkdtempSync(join(tmpdir(), 'khela-geo-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

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

describe('GeoIP data the operator keeps current (issue 35, item 6)', () => {
  afterEach(() => resetGeoData());

  it('answers from the bundled data until a file is given, then from that file, read again only when it changes', () => {
    expect(geoDataInfo().source).toBe('bundled');
    const file = join(folder, 'GeoLite2-Country.mmdb');
    copyFileSync(shipped('geolite2-country.mmdb'), file);
    const first = refreshGeoData(file);
    expect(first).toMatchObject({ changed: true, source: file });
    expect(geoDataInfo().fileStamp).not.toBeNull();
    expect(countryOf('103.4.145.1')).toBe('BD');
    expect(refreshGeoData(file).changed).toBe(false);
    // A new file in its place (another modification time) is read again.
    utimesSync(file, new Date(), new Date(Date.now() + 5_000));
    expect(refreshGeoData(file).changed).toBe(true);
  });

  it('refuses a file that is not a country database of both families and keeps the data it had', () => {
    const file = join(folder, 'broken.mmdb');
    copyFileSync(shipped('geolite2-country.mmdb'), file);
    refreshGeoData(file);
    const before = geoDataInfo();

    writeFileSync(file, 'this is not a MaxMind DB file');
    expect(() => refreshGeoData(file)).toThrow(/not a MaxMind DB file/);
    copyFileSync(shipped('geolite2-country-ipv4.mmdb'), file);
    utimesSync(file, new Date(), new Date(Date.now() + 10_000));
    expect(() => refreshGeoData(file)).toThrow(/IPv4 only/);
    copyFileSync(shipped('geolite2-country-ipv6.mmdb'), file);
    utimesSync(file, new Date(), new Date(Date.now() + 20_000));
    expect(() => refreshGeoData(file)).toThrow(/places 8\.8\.8\.8 in no country/);
    expect(() => refreshGeoData(join(folder, 'missing.mmdb'))).toThrow(/ENOENT/);

    expect(geoDataInfo()).toBe(before);
    expect(countryOf('8.8.8.8')).toBe('US');
  });

  it(`warns once the data is over ${geoDataMaxAgeDays} days old, counted from its build date`, () => {
    const built = geoDataInfo().builtAt.getTime();
    const day = 86_400_000;
    expect(geoDataAgeDays(new Date(built + 10 * day))).toBe(10);
    expect(geoDataAgeWarning(new Date(built + geoDataMaxAgeDays * day))).toBeNull();
    const warning = geoDataAgeWarning(new Date(built + (geoDataMaxAgeDays + 1) * day));
    expect(warning).toContain(`${geoDataMaxAgeDays + 1} days ago`);
    expect(warning).toContain('GEOIP_DATABASE_FILE');
  });

  it('reads GEOIP_DATABASE_FILE at start and defines the hourly refresh job', async () => {
    const file = join(folder, 'start.mmdb');
    copyFileSync(shipped('geolite2-country.mmdb'), file);
    const sut = await buildTestApp({ seed: false, env: { GEOIP_DATABASE_FILE: file } });
    try {
      expect(geoDataInfo().source).toBe(file);
      const job = sut.app.jobs.get('geoip-refresh');
      expect(job).toBeDefined();
      await expect(job!.run({ id: 'test' })).resolves.toMatchObject({ changed: false, source: file });
    } finally {
      await sut.close();
    }
  });
});
