import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { callsAs, operatorLogin } from '../accounts/accounts.test-support.ts';
import { operatorAudit } from '../audit/audit.tables.ts';
import { siteSettings } from './settings.tables.ts';
import { updateSettings } from './settings.service.ts';

/** The brand's time zone (issue 34, item 5): a setting like the others, refused unless Intl knows it. */
let sut: TestApp;
let owner: string;

beforeAll(async () => {
  sut = await buildTestApp();
  owner = await operatorLogin(sut);
});
afterAll(async () => sut.close());

const { get, post } = callsAs(() => ({ sut, token: owner }));

describe('the brand time zone setting', () => {
  it('is Asia/Dhaka for the demo brand, served in the whitelabel', async () => {
    expect((await get('/api/operator/site/settings')).body.value.document.timeZone).toBe('Asia/Dhaka');
    const whitelabel = await get('/wps/system/whitelabel?url=localhost', null);
    expect(whitelabel.status).toBe(200);
    expect(whitelabel.body.value.timeZone).toBe('Asia/Dhaka');
  });

  it('refuses an unknown zone with a 400 naming the field, and changes nothing', async () => {
    const [before] = await sut.db.select().from(siteSettings);
    const { document } = (await get('/api/operator/site/settings')).body.value;
    for (const timeZone of ['Mars/Olympus', "UTC'; drop table members; --", '']) {
      const refused = await post('/api/operator/site/settings/save', { document: { ...document, timeZone } });
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe('VALIDATION_FAILED');
      expect(refused.body.value.issues[0]).toMatchObject({
        field: 'document.timeZone',
        reason: 'is not a known IANA time zone (e.g. Asia/Dhaka)',
      });
    }
    await expect(updateSettings(sut.db, { timeZone: 'Nowhere/Land' })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    const [after] = await sut.db.select().from(siteSettings);
    expect(after).toEqual(before);
  });

  it('saves a known zone and audits the change like any setting', async () => {
    const { document } = (await get('/api/operator/site/settings')).body.value;
    const saved = await post('/api/operator/site/settings/save', {
      document: { ...document, timeZone: 'Asia/Kathmandu' },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.value.diff).toEqual([
      { path: 'timeZone', before: 'Asia/Dhaka', after: 'Asia/Kathmandu' },
    ]);
    const [entry] = await sut.db
      .select()
      .from(operatorAudit)
      .where(eq(operatorAudit.action, 'settings.save'))
      .orderBy(desc(operatorAudit.id))
      .limit(1);
    expect(entry).toMatchObject({
      outcome: 'ok',
      before: { timeZone: 'Asia/Dhaka' },
      after: { timeZone: 'Asia/Kathmandu' },
    });
  });
});
