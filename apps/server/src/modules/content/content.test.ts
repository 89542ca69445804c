import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { contentBanners, contentPromotions } from './content.tables.ts';
import { forgetContent } from './content.service.ts';
import { plainText, sanitizeContentHtml } from './sanitize.ts';

let sut: TestApp;

beforeEach(async () => {
  sut = await buildTestApp();
});
afterEach(async () => {
  await sut.close();
});

async function get(url: string, headers: Record<string, string> = {}) {
  const response = await sut.app.inject({ method: 'GET', url, headers });
  return { status: response.statusCode, body: response.json() };
}

describe('GET /wps/system/banners', () => {
  it('answers the home group in Bengali by default, in carousel order, with both pictures', async () => {
    const { status, body } = await get('/wps/system/banners?group=home');
    expect(status).toBe(200);
    expect(body.value).toHaveLength(3);
    expect(body.value[0]).toMatchObject({
      groupName: 'home',
      url: '/content/banners/welcome-bn-desktop.svg',
      mobileUrl: '/content/banners/welcome-bn-mobile.svg',
      linkageType: 'route',
      linkageTarget: '/register',
    });
    expect(body.value[0].title).toMatch(/[\u0980-\u09FF]/);
  });

  it('follows the language of the query, then of the Language header', async () => {
    const byQuery = await get('/wps/system/banners?group=home&language=EN');
    expect(byQuery.body.value[0].url).toBe('/content/banners/welcome-en-desktop.svg');
    const byHeader = await get('/wps/system/banners?group=home', { language: 'EN' });
    expect(byHeader.body.value[0].title).toBe('Welcome to Khela: join now');
  });

  it('falls back to English for a language without banners of its own', async () => {
    const { body } = await get('/wps/system/banners?group=home&language=VI');
    expect(body.value[0].url).toBe('/content/banners/welcome-en-desktop.svg');
  });

  it('leaves out banners outside their schedule or switched off', async () => {
    const [first] = await sut.db.select().from(contentBanners).where(eq(contentBanners.groupName, 'home'));
    await sut.db
      .update(contentBanners)
      .set({ startsAt: new Date(Date.now() + 60_000) })
      .where(eq(contentBanners.groupName, 'home'));
    await sut.db
      .update(contentBanners)
      .set({ startsAt: null, enabled: false })
      .where(eq(contentBanners.id, first!.id));
    await forgetContent(sut.db);
    const { body } = await get('/wps/system/banners?group=home&language=BN');
    expect(body.value).toEqual([]);
  });

  it('answers an empty list for a group without banners, and refuses an unknown group', async () => {
    expect((await get('/wps/system/banners?group=fish')).body.value).toEqual([]);
    const bad = await get('/wps/system/banners?group=casino');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    expect(bad.body.value.issues[0].field).toBe('group');
  });
});

describe('GET /wps/relay/MCSFE_getListAnnouncements', () => {
  it('lists the announcements of the brand types, newest first, with ms dates and HTML', async () => {
    const { status, body } = await get(
      '/wps/relay/MCSFE_getListAnnouncements?types=B,PL,PU,PR,H&platform=W&execution=B',
    );
    expect(status).toBe(200);
    const list = body.value.promotion.content;
    expect(list.length).toBeGreaterThan(9);
    expect(list[0]).toMatchObject({ type: 'B' });
    expect(typeof list[0].startDateStr).toBe('number');
    const dates = list.map((entry: { startDateStr: number }) => entry.startDateStr);
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    expect(list[0].content).toContain('<p>');
  });

  it('filters by type and defaults the query', async () => {
    const help = await get('/wps/relay/MCSFE_getListAnnouncements?types=H');
    const types = help.body.value.promotion.content.map((entry: { type: string }) => entry.type);
    expect(new Set(types)).toEqual(new Set(['H']));
    const popups = await get('/wps/relay/MCSFE_getListAnnouncements?types=PU,PL');
    expect(popups.body.value.promotion.content).toEqual([]);
    const all = await get('/wps/relay/MCSFE_getListAnnouncements');
    expect(all.body.value.promotion.content.length).toBeGreaterThan(9);
  });

  it('answers in English on request', async () => {
    const { body } = await get('/wps/relay/MCSFE_getListAnnouncements?types=B&language=EN');
    expect(body.value.promotion.content[0].title).toMatch(/^Play responsibly/);
  });

  it('refuses an unknown type, platform or execution', async () => {
    for (const query of ['types=B,XX', 'platform=M', 'execution=Z', 'types=']) {
      const { status, body } = await get(`/wps/relay/MCSFE_getListAnnouncements?${query}`);
      expect(status, query).toBe(400);
      expect(body.code, query).toBe('VALIDATION_FAILED');
    }
  });
});

describe('GET /wps/system/helpCenter', () => {
  it('has the seven about pages and the questions, in Bengali by default', async () => {
    const { status, body } = await get('/wps/system/helpCenter');
    expect(status).toBe(200);
    const [about, faq] = body.value.menus;
    expect(about.slug).toBe('about');
    expect(about.articles.map((article: { slug: string }) => article.slug)).toEqual([
      'about-company',
      'contact-us',
      'general-terms',
      'responsible-gaming',
      'privacy-policy',
      'affiliates',
      'refund-policy',
    ]);
    expect(about.title).toBe('খেলা সম্পর্কে');
    expect(about.articles[0].content).toMatch(/[\u0980-\u09FF]/);
    expect(faq.articles.length).toBeGreaterThan(0);
  });

  it('answers in English, falling back to English for other languages', async () => {
    const english = await get('/wps/system/helpCenter?language=EN');
    expect(english.body.value.menus[0].articles[0].title).toBe('About Khela');
    const thai = await get('/wps/system/helpCenter', { language: 'TH' });
    expect(thai.body.value.menus[0].articles[0].title).toBe('About Khela');
  });

  it('refuses an unknown language', async () => {
    expect((await get('/wps/system/helpCenter?language=XX')).status).toBe(400);
  });
});

describe('promotions', () => {
  it('lists running promotions first and tells each state honestly', async () => {
    const { status, body } = await get('/wps/promotion/list?language=EN');
    expect(status).toBe(200);
    expect(body.value[0]).toMatchObject({ type: 'event', status: 'process', title: 'Khela in your pocket' });
    const states = new Set(body.value.map((promotion: { status: string }) => promotion.status));
    expect(states).toEqual(new Set(['process', 'claim', 'join', 'coming_soon']));
  });

  it('filters by type', async () => {
    const { body } = await get('/wps/promotion/list?type=welcome');
    expect(body.value).toHaveLength(1);
    expect(body.value[0].type).toBe('welcome');
    expect((await get('/wps/promotion/list?type=casino')).status).toBe(400);
  });

  it('shows a promotion as closed after its end', async () => {
    const [row] = await sut.db.select().from(contentPromotions).where(eq(contentPromotions.type, 'vip'));
    await sut.db
      .update(contentPromotions)
      .set({ startsAt: new Date(Date.now() - 10_000), endsAt: new Date(Date.now() - 5_000) })
      .where(eq(contentPromotions.id, row!.id));
    await forgetContent(sut.db);
    const { body } = await get(`/wps/promotion/detail?id=${row!.id}`);
    expect(body.value.status).toBe('closed');
    const list = await get('/wps/promotion/list');
    expect(list.body.value.at(-1).id).toBe(row!.id);
  });

  it('gives the detail with its body, and 404 for an unknown one', async () => {
    const list = await get('/wps/promotion/list?type=welcome&language=EN');
    const { status, body } = await get(`/wps/promotion/detail?id=${list.body.value[0].id}&language=EN`);
    expect(status).toBe(200);
    expect(body.value).toMatchObject({ action: 'claim', status: 'claim' });
    expect(body.value.content).toContain('<h3>Rules</h3>');
    expect((await get('/wps/promotion/detail?id=99999')).status).toBe(404);
    expect((await get('/wps/promotion/detail?id=abc')).status).toBe(400);
  });
});

describe('sanitising', () => {
  it('removes scripts, handlers, inline styles and javascript: links', () => {
    const dirty =
      '<p onclick="x()" style="color:red">Hi<script>alert(1)</script></p><a href="javascript:alert(1)">x</a>' +
      '<img src="x" onerror="alert(1)"><iframe src="https://evil"></iframe><a href="https://ok.example" target="_blank">ok</a>';
    const clean = sanitizeContentHtml(dirty);
    expect(clean).not.toMatch(/script|onclick|onerror|style=|javascript:|iframe/);
    expect(clean).toContain('<p>Hi</p>');
    expect(clean).toContain('<a href="https://ok.example" target="_blank" rel="noopener noreferrer">ok</a>');
  });

  it('keeps our own paths and https images', () => {
    expect(sanitizeContentHtml('<a href="/help?page=affiliates">a</a>')).toBe(
      '<a href="/help?page=affiliates">a</a>',
    );
    expect(sanitizeContentHtml('<img src="/uploads/a.png" alt="x">')).toContain('src="/uploads/a.png"');
    expect(sanitizeContentHtml('<img src="http://insecure/a.png">')).not.toContain('insecure');
  });

  it('makes titles plain text', () => {
    expect(plainText('<b>Big</b> <script>alert(1)</script>win & fun')).toBe('Big win & fun');
  });
});
