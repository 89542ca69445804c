import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { call, loginAs, operatorLogin } from '../accounts/accounts.test-support.ts';
import { contentAnnouncements, contentAudit, contentBanners } from './content.tables.ts';

let sut: TestApp;
let uploadDir: string;
let operator: string;
let player: string;

beforeEach(async () => {
  uploadDir = mkdtempSync(path.join(tmpdir(), 'khela-uploads-'));
  sut = await buildTestApp({ env: { UPLOAD_DIR: uploadDir, UPLOAD_MAX_BYTES: '4096' } });
  operator = await operatorLogin(sut);
  player = (await loginAs(sut, 'demoplayer', 'Player-demo-2026')).body.value.token;
});
afterEach(async () => {
  await sut.close();
  rmSync(uploadDir, { recursive: true, force: true });
});

const post = (url: string, body: unknown, token: string | null = operator) =>
  call(sut, { method: 'POST', url: `/api/operator/content/${url}`, body, token });
const get = (url: string, token: string | null = null) => call(sut, { method: 'GET', url, token });

const banner = {
  groupName: 'home',
  language: 'EN',
  title: 'Spring offer',
  url: '/uploads/a.png',
  mobileUrl: null,
  linkageType: 'route',
  linkageTarget: '/promotions',
  sortOrder: 4,
};

describe('operator calls are for operators only', () => {
  it('refuses a guest (401) and a player (403), and changes nothing', async () => {
    const before = await sut.db.select().from(contentBanners);
    expect((await post('banner/create', banner, null)).status).toBe(401);
    const asPlayer = await post('banner/create', banner, player);
    expect(asPlayer.status).toBe(403);
    expect(asPlayer.body.code).toBe('FORBIDDEN');
    expect((await get('/api/operator/content/audit', player)).status).toBe(403);
    expect(await sut.db.select().from(contentBanners)).toHaveLength(before.length);
  });
});

describe('banners', () => {
  it('adds a banner that the home page shows at once, and audits it', async () => {
    const created = await post('banner/create', banner);
    expect(created.status).toBe(200);
    const { body } = await get('/wps/system/banners?group=home&language=EN');
    expect(body.value.map((entry: { title: string }) => entry.title)).toContain('Spring offer');
    const audit = await get('/api/operator/content/audit', operator);
    expect(audit.body.value[0]).toMatchObject({
      action: 'create',
      entity: 'banner',
      entityId: String(created.body.value.id),
      before: null,
    });
    expect(audit.body.value[0].actor).toMatch(/^operator#/);
    expect(audit.body.value[0].after.title).toBe('Spring offer');
  });

  it('updates a banner and keeps the before and after', async () => {
    const { id } = (await post('banner/create', banner)).body.value;
    const updated = await post('banner/update', { ...banner, id, title: 'Summer offer' });
    expect(updated.status).toBe(200);
    const [entry] = (await get('/api/operator/content/audit', operator)).body.value;
    expect(entry).toMatchObject({
      action: 'update',
      before: { title: 'Spring offer' },
      after: { title: 'Summer offer' },
    });
    expect((await post('banner/update', { ...banner, id: 99999 })).status).toBe(404);
  });

  it('refuses overlapping schedules on one position, and saves nothing', async () => {
    const count = (await sut.db.select().from(contentBanners)).length;
    // The seeded EN home banners hold positions 1 to 3 with no end.
    const clash = await post('banner/create', { ...banner, sortOrder: 2 });
    expect(clash.status).toBe(400);
    expect(clash.body.code).toBe('VALIDATION_FAILED');
    expect(clash.body.value.issues[0].field).toBe('sortOrder');
    expect(await sut.db.select().from(contentBanners)).toHaveLength(count);

    const may = { ...banner, startsAt: '2030-05-01T00:00:00Z', endsAt: '2030-06-01T00:00:00Z' };
    expect((await post('banner/create', may)).status).toBe(200);
    const june = { ...banner, startsAt: '2030-06-01T00:00:00Z', endsAt: '2030-07-01T00:00:00Z' };
    expect((await post('banner/create', june)).status).toBe(200);
    const overlapping = { ...banner, startsAt: '2030-05-20T00:00:00Z', endsAt: '2030-06-10T00:00:00Z' };
    expect((await post('banner/create', overlapping)).status).toBe(400);
    const backwards = {
      ...banner,
      sortOrder: 9,
      startsAt: '2030-06-10T00:00:00Z',
      endsAt: '2030-05-10T00:00:00Z',
    };
    expect((await post('banner/create', backwards)).body.value.issues[0].field).toBe('endsAt');
  });

  it('refuses unknown linkage targets', async () => {
    const cases = [
      { linkageType: 'route', linkageTarget: '/nowhere' },
      { linkageType: 'route', linkageTarget: 'https://evil.example/' },
      { linkageType: 'game', linkageTarget: 'NO_SUCH_VENDOR' },
      { linkageType: 'promotion', linkageTarget: '99999' },
      { linkageType: 'url', linkageTarget: 'javascript:alert(1)' },
      { linkageType: 'url', linkageTarget: 'http://plain.example/' },
      { linkageType: 'route', linkageTarget: null },
      { linkageType: null, linkageTarget: '/index' },
    ];
    for (const linkage of cases) {
      const answer = await post('banner/create', { ...banner, sortOrder: 50, ...linkage });
      expect(answer.status, JSON.stringify(linkage)).toBe(400);
      expect(answer.body.value.issues[0].field, JSON.stringify(linkage)).toBe('linkageTarget');
    }
    const good = await post('banner/create', {
      ...banner,
      sortOrder: 50,
      linkageType: 'url',
      linkageTarget: 'https://example.org/',
    });
    expect(good.status).toBe(200);
  });

  it('refuses a bad body with the field', async () => {
    const answer = await post('banner/create', { ...banner, groupName: 'casino', url: 'javascript:x' });
    expect(answer.status).toBe(400);
    const fields = answer.body.value.issues.map((issue: { field: string }) => issue.field);
    expect(fields).toEqual(expect.arrayContaining(['groupName', 'url']));
  });

  it('orders every banner of a group and language, or nothing', async () => {
    const list = (await get('/api/operator/content/banners?group=home', operator)).body.value as {
      bannerId: number;
      language: string;
    }[];
    const english = list.filter((entry) => entry.language === 'EN').map((entry) => entry.bannerId);
    const reversed = [...english].reverse();
    const partial = await post('banner/order', { groupName: 'home', language: 'EN', ids: reversed.slice(1) });
    expect(partial.status).toBe(400);
    const ordered = await post('banner/order', { groupName: 'home', language: 'EN', ids: reversed });
    expect(ordered.status).toBe(200);
    const shown = (await get('/wps/system/banners?group=home&language=EN')).body.value;
    expect(shown.map((entry: { bannerId: number }) => entry.bannerId)).toEqual(reversed);
  });

  it('deletes a banner', async () => {
    const { id } = (await post('banner/create', banner)).body.value;
    expect((await post('banner/delete', { id })).status).toBe(200);
    expect((await post('banner/delete', { id })).status).toBe(404);
  });
});

describe('announcements, help articles and promotions', () => {
  it('sanitises announcement HTML on write and shows it to visitors', async () => {
    const created = await post('announcement/create', {
      type: 'PU',
      texts: {
        EN: { title: '<b>Notice</b>', content: '<p onclick="steal()">Hello<script>alert(1)</script></p>' },
        BN: { title: 'নোটিশ', content: '<p>হ্যালো</p>' },
      },
    });
    expect(created.status).toBe(200);
    const [row] = await sut.db
      .select()
      .from(contentAnnouncements)
      .orderBy(contentAnnouncements.id)
      .limit(100)
      .then((rows) => rows.slice(-1));
    expect(row!.texts.EN).toEqual({ title: 'Notice', content: '<p>Hello</p>' });
    const popups = await get('/wps/relay/MCSFE_getListAnnouncements?types=PU&language=BN');
    expect(popups.body.value.promotion.content[0]).toMatchObject({ title: 'নোটিশ', content: '<p>হ্যালো</p>' });

    const { id } = created.body.value;
    expect(
      (await post('announcement/update', { id, type: 'B', texts: { EN: { title: 'x', content: '' } } }))
        .status,
    ).toBe(200);
    expect((await post('announcement/delete', { id })).status).toBe(200);
    expect((await post('announcement/create', { type: 'ZZ', texts: {} })).status).toBe(400);
    expect((await post('announcement/create', { type: 'B', texts: {} })).status).toBe(400);
  });

  it('saves a help article by slug and refuses an unknown menu', async () => {
    const saved = await post('help/save', {
      menuSlug: 'faq',
      slug: 'deposit-times',
      texts: {
        EN: {
          title: 'How long does a deposit take?',
          content: '<p>Minutes.</p><iframe src="https://x"></iframe>',
        },
      },
    });
    expect(saved.status).toBe(200);
    const help = await get('/wps/system/helpCenter?language=EN');
    const faq = help.body.value.menus.find((menu: { slug: string }) => menu.slug === 'faq');
    expect(faq.articles.at(-1)).toMatchObject({ slug: 'deposit-times', content: '<p>Minutes.</p>' });
    const again = await post('help/save', {
      menuSlug: 'faq',
      slug: 'deposit-times',
      texts: { EN: { title: 'Deposit times', content: '<p>Minutes.</p>' } },
    });
    expect(again.body.value.id).toBe(saved.body.value.id);
    expect(
      (await post('help/save', { menuSlug: 'nope', slug: 'x-y', texts: { EN: { title: 't', content: '' } } }))
        .status,
    ).toBe(400);
    expect((await post('help/delete', { id: saved.body.value.id })).status).toBe(200);
  });

  it('creates, updates and deletes a promotion; refuses deleting one a banner opens', async () => {
    const input = {
      type: 'event',
      action: 'join',
      texts: {
        EN: { title: 'Cricket night', summary: '<i>Fun</i>', content: '<p>Rules</p><script>x</script>' },
      },
      startsAt: '2020-01-01T00:00:00Z',
    };
    const { id } = (await post('promotion/create', input)).body.value;
    const detail = await get(`/wps/promotion/detail?id=${id}&language=EN`);
    expect(detail.body.value).toMatchObject({ status: 'join', summary: 'Fun', content: '<p>Rules</p>' });
    expect((await post('promotion/update', { ...input, id, action: 'claim' })).status).toBe(200);
    expect((await get(`/wps/promotion/detail?id=${id}&language=EN`)).body.value.status).toBe('claim');

    await post('banner/create', {
      ...banner,
      sortOrder: 60,
      linkageType: 'promotion',
      linkageTarget: String(id),
    });
    const refused = await post('promotion/delete', { id });
    expect(refused.status).toBe(409);
    const [link] = await sut.db
      .select()
      .from(contentBanners)
      .where(eq(contentBanners.linkageTarget, String(id)));
    await post('banner/delete', { id: link!.id });
    expect((await post('promotion/delete', { id })).status).toBe(200);
  });
});

describe('image upload', () => {
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    Buffer.alloc(200, 7),
  ]);
  const upload = (payload: Buffer, contentType: string, token: string | null = operator) =>
    sut.app.inject({
      method: 'POST',
      url: '/api/operator/content/upload',
      payload,
      headers: { 'content-type': contentType, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });

  it('stores a PNG under its hash and serves it back', async () => {
    const response = await upload(png, 'image/png');
    expect(response.statusCode).toBe(200);
    const { url, contentType, bytes } = response.json().value;
    expect(url).toMatch(/^\/uploads\/[0-9a-f]{64}\.png$/);
    expect({ contentType, bytes }).toEqual({ contentType: 'image/png', bytes: png.length });
    expect(readFileSync(path.join(uploadDir, url.slice('/uploads/'.length)))).toEqual(png);
    const served = await sut.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload).toEqual(png);
    const audit = await sut.db.select().from(contentAudit);
    expect(audit.some((entry) => entry.action === 'upload')).toBe(true);
  });

  it('refuses a non-image, an oversized file, a wrong type and a guest', async () => {
    const html = await upload(Buffer.from('<script>alert(1)</script>'), 'image/png');
    expect(html.statusCode).toBe(400);
    expect(html.json().value.issues[0].field).toBe('body');
    const big = await upload(Buffer.concat([png, Buffer.alloc(5000)]), 'image/png');
    expect(big.statusCode).toBe(413);
    expect(big.json().code).toBe('PAYLOAD_TOO_LARGE');
    const text = await upload(Buffer.from('hello'), 'text/plain');
    expect(text.statusCode).toBe(400);
    expect((await upload(png, 'image/png', null)).statusCode).toBe(401);
    expect((await upload(png, 'image/png', player)).statusCode).toBe(403);
  });

  it('answers 404 for a file that is not there or a path that is not ours', async () => {
    expect((await sut.app.inject({ method: 'GET', url: `/uploads/${'a'.repeat(64)}.png` })).statusCode).toBe(
      404,
    );
    expect((await sut.app.inject({ method: 'GET', url: '/uploads/..%2Fsecret.png' })).statusCode).toBe(404);
  });
});
