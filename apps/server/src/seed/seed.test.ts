import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { loadEnv } from '../config/env.ts';
import { scryptOf } from '../modules/accounts/accounts.context.ts';
import { members } from '../modules/accounts/accounts.tables.ts';
import { operators } from '../modules/accounts/operators.tables.ts';
import { contentBanners } from '../modules/content/content.tables.ts';
import { getSettings, updateSettings } from '../modules/settings/settings.service.ts';
import { countries } from '../modules/system/system.tables.ts';
import { createTestDatabase, testEnvDefaults, type TestDatabase } from '../test/helper.ts';
import { demoAccountsWithPublicPassword } from '../modules/accounts/accounts.seed.ts';
import { hashPassword } from '../modules/accounts/password-hash.ts';
import { seedDemoData, seedReferenceData } from './seed.ts';

let database: TestDatabase;
const scrypt = scryptOf(loadEnv(testEnvDefaults));

beforeEach(async () => {
  database = await createTestDatabase();
});
afterEach(async () => {
  await database.close();
});

const counts = async () => ({
  members: (await database.db.select({ total: count() }).from(members))[0]?.total,
  operators: (await database.db.select({ total: count() }).from(operators))[0]?.total,
  banners: (await database.db.select({ total: count() }).from(contentBanners))[0]?.total,
  countries: (await database.db.select({ total: count() }).from(countries))[0]?.total,
});

describe('seedDemoData', () => {
  it('fills an empty database with the demo brand, accounts, content and countries', async () => {
    expect(await seedDemoData(database.db, { scrypt })).toEqual({ seeded: true });
    const seeded = await counts();
    expect(seeded.members).toBeGreaterThanOrEqual(3);
    // The demo back office's owner is staff: in the operators' table, not among the players.
    expect(seeded.operators).toBe(1);
    expect(seeded.banners).toBeGreaterThan(0);
    expect(seeded.countries).toBeGreaterThan(100);
    expect((await getSettings(database.db)).brandName).toBe('Khela');
  });

  it('never touches a database that has settings: an operator’s data stays as it is', async () => {
    await seedDemoData(database.db, { scrypt });
    await updateSettings(database.db, { brandName: 'Operator Brand' });
    const before = await counts();
    expect(await seedDemoData(database.db, { scrypt })).toEqual({ seeded: false });
    expect(await counts()).toEqual(before);
    expect((await getSettings(database.db)).brandName).toBe('Operator Brand');
  });
});

describe('outside demo mode', () => {
  it('gets the country list all the same, once', async () => {
    await seedReferenceData(database.db);
    const seeded = await counts();
    expect(seeded.countries).toBeGreaterThan(100);
    expect([seeded.members, seeded.banners]).toEqual([0, 0]);
    await database.db.delete(countries).where(eq(countries.countryCode, 'US'));
    await seedReferenceData(database.db);
    expect((await counts()).countries).toBe(Number(seeded.countries) - 1);
  });

  it('finds the demo accounts that still open with their public password', async () => {
    await seedDemoData(database.db, { scrypt });
    expect(await demoAccountsWithPublicPassword(database.db)).toEqual([
      'demoagent',
      'demochange',
      'demoplayer',
      'operator',
    ]);
    await database.db
      .update(operators)
      .set({ passwordHash: await hashPassword('A-private-one-2026', scrypt) })
      .where(eq(operators.account, 'operator'));
    expect(await demoAccountsWithPublicPassword(database.db)).toEqual([
      'demoagent',
      'demochange',
      'demoplayer',
    ]);
  });
});
