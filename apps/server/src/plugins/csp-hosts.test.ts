import { afterEach, describe, expect, it } from 'vitest';
import { vendorConnections } from '../modules/games/games.tables.ts';
import { updateSettings } from '../modules/settings/settings.service.ts';
import { createTestDatabase, type TestDatabase } from '../test/helper.ts';
import { createCspHosts } from './csp-hosts.ts';

let database: TestDatabase | undefined;
afterEach(async () => {
  await database?.close();
  database = undefined;
});

describe('the hosts the content security policy lists', () => {
  it('are the enabled vendors and the brand CDNs, never a disabled vendor or a relative path', async () => {
    database = await createTestDatabase();
    const { db } = database;
    await db.insert(vendorConnections).values([
      { vendorCode: 'FARX', apiBaseUrl: 'https://games.far.example/api/', walletSecret: 'a'.repeat(64) },
      {
        vendorCode: 'OFFX',
        apiBaseUrl: 'https://off.example',
        walletSecret: 'b'.repeat(64),
        enabled: false,
      },
      { vendorCode: 'RELX', apiBaseUrl: '/house-like', walletSecret: 'c'.repeat(64) },
    ]);
    await updateSettings(db, {
      imageCDNs: ['https://img.cdn.example/brand/', 'not a url'],
      launchGameCDNs: ['https://launch.cdn.example'],
    });
    const errors: unknown[] = [];
    const sut = createCspHosts({ db, onError: (error) => errors.push(error) });
    await sut.refresh();
    sut.stop();
    expect(errors).toEqual([]);
    expect(sut.frames().sort()).toEqual(['https://games.far.example', 'https://launch.cdn.example']);
    expect(sut.images().sort()).toEqual([
      'https://games.far.example',
      'https://img.cdn.example',
      'https://launch.cdn.example',
    ]);
  });
});
