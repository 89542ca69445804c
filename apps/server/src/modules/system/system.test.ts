import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { updateSettings } from '../settings/settings.service.ts';
import { forgetGameMenus } from '../games/game-menus.service.ts';
import { gameVendors } from '../games/games.tables.ts';

let sut: TestApp;

beforeEach(async () => {
  sut = await buildTestApp();
});
afterEach(async () => {
  await sut.close();
});

async function get(url: string, remoteAddress = '127.0.0.1') {
  const response = await sut.app.inject({ method: 'GET', url, remoteAddress });
  return { status: response.statusCode, body: response.json() };
}

describe('GET /wps/system/whitelabel', () => {
  it('answers the brand, languages and every feature flag from the settings document', async () => {
    const { status, body } = await get('/wps/system/whitelabel');
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.value.brandName).toBe('Khela');
    expect(body.value.defaultLanguage).toBe('BN');
    expect(body.value.languages).toEqual(['BN', 'EN', 'CN', 'VI', 'JA', 'TH']);
    expect(body.value.currencySymbol).toBe('৳');
    expect(Object.keys(body.value.features).sort()).toEqual(
      [
        'agentPolicy',
        'changePasswordByMobile',
        'chat',
        'directRegistration',
        'dividend',
        'facebookLogin',
        'firebase',
        'freePlay',
        'googleLogin',
        'hourSalary',
        'loginedToHomePage',
        'manualRebate',
        'memberCentreForGuests',
        'mobileRegistration',
        'mobileRegistrationWithPassword',
        'passwordExpiry',
        'realTimeSalary',
        'referral',
        'registerMobileVerification',
        'salary',
        'smsLogin',
      ].sort(),
    );
  });

  it('reflects a changed flag', async () => {
    await updateSettings(sut.db, { features: { loginedToHomePage: true } });
    const { body } = await get('/wps/system/whitelabel');
    expect(body.value.features.loginedToHomePage).toBe(true);
    expect(body.value.features.smsLogin).toBe(true);
  });
});

describe('GET /wps/system/status', () => {
  it('is 0 for a normal visit and tells the IP', async () => {
    const { status, body } = await get('/wps/system/status?url=localhost:8080');
    expect(status).toBe(200);
    expect(body.value).toMatchObject({ status: 0, ip: '127.0.0.1', country: null, site: 'member' });
  });

  it('needs the url', async () => {
    const { status, body } = await get('/wps/system/status');
    expect(status).toBe(400);
    expect(body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    expect(body.value.issues[0].field).toBe('url');
  });

  it('is 1 during a maintenance window, except for an allowed address', async () => {
    await updateSettings(sut.db, {
      maintenance: {
        enabled: true,
        message: 'Upgrading',
        startsAt: null,
        endsAt: null,
        allowedIps: ['10.0.0.0/8'],
      },
    });
    expect((await get('/wps/system/status?url=localhost')).body.value).toMatchObject({
      status: 1,
      maintenance: { active: true, message: 'Upgrading' },
    });
    expect((await get('/wps/system/status?url=localhost', '10.1.2.3')).body.value.status).toBe(0);
  });

  it('ignores a maintenance window that has ended or not begun', async () => {
    await updateSettings(sut.db, {
      maintenance: {
        enabled: true,
        message: null,
        startsAt: '2000-01-01T00:00:00Z',
        endsAt: '2000-01-02T00:00:00Z',
        allowedIps: [],
      },
    });
    expect((await get('/wps/system/status?url=x')).body.value.status).toBe(0);
    await updateSettings(sut.db, {
      maintenance: {
        enabled: true,
        message: null,
        startsAt: '2999-01-01T00:00:00Z',
        endsAt: null,
        allowedIps: [],
      },
    });
    expect((await get('/wps/system/status?url=x')).body.value.status).toBe(0);
  });

  it('is 2 for a blocked country (offline GeoIP) and for a blocked IP range', async () => {
    await updateSettings(sut.db, {
      regionRestriction: {
        enabled: true,
        blockedCountries: ['US'],
        blockedIpRanges: ['198.51.100.0/24'],
        allowedIps: [],
      },
    });
    expect((await get('/wps/system/status?url=x', '8.8.8.8')).body.value).toMatchObject({
      status: 2,
      country: 'US',
    });
    expect((await get('/wps/system/status?url=x', '198.51.100.7')).body.value.status).toBe(2);
    expect((await get('/wps/system/status?url=x', '103.4.145.1')).body.value).toMatchObject({
      status: 0,
      country: 'BD',
    });
    expect((await get('/wps/system/status?url=x', '::ffff:8.8.8.8')).body.value.ip).toBe('8.8.8.8');
  });

  it('puts maintenance before the region block', async () => {
    await updateSettings(sut.db, {
      maintenance: { enabled: true, message: null, startsAt: null, endsAt: null, allowedIps: [] },
      regionRestriction: { enabled: true, blockedCountries: ['US'], blockedIpRanges: [], allowedIps: [] },
    });
    expect((await get('/wps/system/status?url=x', '8.8.8.8')).body.value.status).toBe(1);
  });
});

describe('GET /wps/system/permission', () => {
  it('answers info, location, maintenance and region restriction', async () => {
    await updateSettings(sut.db, {
      gtagId: 'G-TEST1',
      imageCDNs: ['https://img.example.com'],
      appLinks: { ios: null, android: 'https://example.com/khela.apk' },
      regionRestriction: { enabled: true, blockedCountries: ['US'], blockedIpRanges: [], allowedIps: [] },
    });
    const { status, body } = await get('/wps/system/permission?url=localhost', '8.8.8.8');
    expect(status).toBe(200);
    expect(body.value.info.whitelabel.brandName).toBe('Khela');
    expect(body.value.info.register.username.required).toBe(true);
    expect(body.value.info.analytics).toEqual({ gtagId: 'G-TEST1' });
    expect(body.value.info.imageCDNs).toEqual(['https://img.example.com']);
    expect(body.value.info.resources).toEqual([
      {
        url: 'https://example.com/khela.apk',
        labelNameEn: 'Android',
        resourceType: 'APP_ANDROID',
        qrCodeUrl: null,
      },
    ]);
    expect(body.value.location).toEqual({ ip: '8.8.8.8', country: 'US' });
    expect(body.value.regionRestriction).toEqual({ active: true, blocked: true });
    expect(body.value.maintenance.active).toBe(false);

    const info = await get('/wps/system/permission/info');
    expect(info.body.value).toEqual(body.value.info);
  });
});

describe('GET /wps/system/domainRoute', () => {
  it('lists the domains and tells member from agent site', async () => {
    const member = await get('/wps/system/domainRoute?domain=localhost:8080');
    expect(member.body.value.domainList).toContainEqual({ domain: 'agent.localhost', site: 'agent' });
    expect(member.body.value.current).toEqual({ domain: 'localhost', site: 'member' });
    const agent = await get('/wps/system/domainRoute?domain=https://Agent.Localhost/path');
    expect(agent.body.value.current).toEqual({ domain: 'agent.localhost', site: 'agent' });
  });

  it('rejects an over-long domain', async () => {
    const { status, body } = await get(`/wps/system/domainRoute?domain=${'a'.repeat(300)}`);
    expect(status).toBe(400);
    expect(body.value.issues[0].field).toBe('domain');
  });
});

describe('GET /wps/system/setting/register', () => {
  it('answers every field with its rule and serves * as .*, with the minimum age and the terms version', async () => {
    await updateSettings(sut.db, {
      register: {
        wechat: {
          enabled: true,
          required: false,
          acceptedPattern: '*',
          patternId: 'any',
          minLength: 2,
          maxLength: 20,
        },
      },
    });
    const { body } = await get('/wps/system/setting/register');
    // The 17 field rules, then what a new account confirms and accepts (issue 42).
    expect(Object.keys(body.value)).toHaveLength(19);
    expect(body.value).toMatchObject({ minimumAge: 18, termsVersion: '1' });
    expect(body.value.wechat).toEqual({
      enabled: true,
      required: false,
      acceptedPattern: '.*',
      patternId: 'any',
      minLength: 2,
      maxLength: 20,
    });
    expect(body.value.password).toMatchObject({ enabled: true, required: true, minLength: 8 });
  });

  it('refuses a settings change with a broken pattern and keeps the old rules', async () => {
    await expect(
      updateSettings(sut.db, {
        register: {
          line: {
            enabled: true,
            required: true,
            acceptedPattern: '([',
            patternId: 'x',
            minLength: 1,
            maxLength: 2,
          },
        },
      }),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    const { body } = await get('/wps/system/setting/register');
    expect(body.value.line.enabled).toBe(false);
  });
});

describe('GET /wps/system/country', () => {
  it('lists countries with dialing codes, Bangladesh first', async () => {
    const { body } = await get('/wps/system/country');
    expect(body.value.length).toBeGreaterThan(200);
    expect(body.value[0]).toEqual({ countryCode: 'BD', countryDialingCode: '+880', name: 'Bangladesh' });
    expect(body.value).toContainEqual({ countryCode: 'JP', countryDialingCode: '+81', name: 'Japan' });
  });
});

describe('GET /lgw/games/game_menus', () => {
  it('is empty while no vendor exists', async () => {
    expect((await get('/lgw/games/game_menus')).body.value).toEqual([]);
  });

  it('shows only categories that have enabled vendors, in header order', async () => {
    await sut.db.insert(gameVendors).values([
      { vassalage: 'HOUSE_RNG', accountTypeId: 1, displayName: 'House Slots', gameType: 'RNG', isHot: 1 },
      { vassalage: 'HOUSE_LIVE', accountTypeId: 2, displayName: 'House Tables', gameType: 'LIVE' },
      { vassalage: 'OFF_FISH', accountTypeId: 3, displayName: 'Off', gameType: 'FISH', enabled: false },
    ]);
    await forgetGameMenus(sut.db);
    const { body } = await get('/lgw/games/game_menus');
    expect(body.value.map((menu: { category: string }) => menu.category)).toEqual(['LIVE', 'RNG']);
    expect(body.value[1].vendors[0]).toMatchObject({ vassalage: 'HOUSE_RNG', isHot: 1, gameType: 'RNG' });
  });
});
