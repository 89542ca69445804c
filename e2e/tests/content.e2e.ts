import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { operatorToken } from '../support/api.ts';
import { openPage, screenshot, viewports } from '../support/browser.ts';
import { useSite } from '../support/suite.ts';

/** Home, notices, help, promotions and downloads (issue 6), at both widths, against the real server. */
const { server, browser } = useSite();

const widths = Object.entries(viewports) as [keyof typeof viewports, { width: number; height: number }][];

async function open(
  path: string,
  viewport: { width: number; height: number },
  language?: 'EN' | 'BN',
  theme?: 'dark',
) {
  const watched = await openPage(browser, { viewport });
  await watched.page.addInitScript(
    ([lang, dark]) => {
      if (lang) localStorage.setItem('language', lang);
      if (dark) localStorage.setItem('theme', 'dark');
    },
    [language ?? null, theme ?? null] as const,
  );
  await watched.page.goto(`${server.baseUrl}${path}`);
  await watched.page.locator('main').waitFor();
  return watched;
}

const currentDot = (page: Page) =>
  page
    .locator('.banner__dot')
    .evaluateAll((dots) => dots.findIndex((dot) => dot.getAttribute('aria-current') === 'true'));

describe('home', () => {
  it('shows the banner carousel, which autoplays and answers its pagination', async () => {
    // Both widths in Bengali and light, both again in English and dark.
    const looks = [
      ...widths.map(([name, viewport]) => ({ name, viewport, language: 'BN' as const, label: 'ব্যানার' })),
      ...widths.map(([name, viewport]) => ({ name, viewport, language: 'EN' as const, label: 'Banners' })),
    ];
    for (const { name, viewport, language, label } of looks) {
      const isDark = language === 'EN';
      const { page, context, errors } = await open('/index', viewport, language, isDark ? 'dark' : undefined);
      const carousel = page.getByRole('region', { name: label });
      await carousel.locator('img').first().waitFor();
      expect(await carousel.locator('.banner__slide').count()).toBe(3);
      expect(await page.locator('.banner__dot').count()).toBe(3);
      // Phones get the mobile picture, desktops the desktop one.
      const src = await carousel
        .locator('img')
        .first()
        .evaluate((image: HTMLImageElement) => image.currentSrc);
      expect(src).toContain(name === 'phone' ? '-mobile.svg' : '-desktop.svg');
      // Autoplay moves on by itself (from wherever it is by now: a loaded machine may have been
      // slower than the first step).
      const shown = await currentDot(page);
      await expect.poll(() => currentDot(page), { timeout: 8000 }).toBe((shown + 1) % 3);
      await page.locator('.banner__dot').nth(2).click();
      await expect.poll(() => currentDot(page), { timeout: 5000 }).toBe(2);
      await page.mouse.move(0, 0);
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(
        isDark ? 'dark' : 'light',
      );
      await screenshot(page, `content-home-${name}-${language.toLowerCase()}${isDark ? '-dark' : ''}`);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('paints the first banner from the HTML, where the carousel then draws it', async () => {
    for (const [name, viewport] of widths) {
      // Without scripts: what the HTML alone paints (the boot shell).
      const bare = await browser.newContext({ viewport, javaScriptEnabled: false });
      const htmlOnly = await bare.newPage();
      await htmlOnly.goto(`${server.baseUrl}/index`);
      const shellImage = htmlOnly.locator('.boot-shell__banner img');
      await expect
        .poll(() => shellImage.evaluate((image: HTMLImageElement) => image.naturalWidth))
        .toBeGreaterThan(0);
      const shellBox = await shellImage.boundingBox();
      await screenshot(htmlOnly, `home-boot-shell-${name}`);
      await bare.close();

      // With the app: the shell is replaced and the carousel's first picture takes the same place.
      const { page, context, errors } = await open('/index', viewport, 'BN');
      const appImage = page.locator('.banner__image').first();
      await appImage.waitFor();
      expect(await page.locator('.boot-shell').count()).toBe(0);
      const appBox = await appImage.boundingBox();
      expect(shellBox).not.toBeNull();
      for (const key of ['x', 'y', 'width', 'height'] as const) {
        expect(
          Math.abs((shellBox?.[key] ?? 0) - (appBox?.[key] ?? -100)),
          `${name} ${key}`,
        ).toBeLessThanOrEqual(2);
      }
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('opens the banner linkage on a click', async () => {
    const { page, context } = await open('/index', viewports.desktop, 'EN');
    await page.getByRole('img', { name: 'Welcome to Khela: join now' }).click();
    await page.waitForURL(/\/register$/);
    await context.close();
  });

  it('opens the right announcement from the notice bar', async () => {
    // Phone in English and light, desktop in Bengali and dark.
    const looks = [
      { viewport: viewports.phone, language: 'EN' as const, label: 'Announcements', theme: undefined },
      { viewport: viewports.desktop, language: 'BN' as const, label: 'ঘোষণা', theme: 'dark' as const },
    ];
    for (const { viewport, language, label, theme } of looks) {
      const { page, context, errors } = await open('/index', viewport, language, theme);
      const bar = page.getByRole('region', { name: label });
      await bar.locator('li:not([aria-hidden]) button').first().waitFor();
      const titles = await bar.locator('li:not([aria-hidden]) button').allInnerTexts();
      expect(titles.length).toBeGreaterThan(9);
      await bar.hover();
      await bar.getByRole('button', { name: titles[2]! }).first().click({ force: true });
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      const unfolded = dialog.locator('button[aria-expanded="true"]');
      await expect.poll(() => unfolded.innerText()).toContain(titles[2]!);
      expect(await dialog.locator('.notice-list__body').count()).toBe(1);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('grows the jackpot while it is on screen', async () => {
    const { page, context } = await open('/index', viewports.phone);
    const value = page.locator('.jackpot__value');
    await value.waitFor();
    const first = Number(await value.getAttribute('data-cents'));
    expect(first).toBeGreaterThan(0);
    await expect
      .poll(async () => Number(await value.getAttribute('data-cents')), { timeout: 8000 })
      .toBeGreaterThan(first);
    // Whole steps of 165.11 (16 511 cents).
    expect((Number(await value.getAttribute('data-cents')) - first) % 16_511).toBe(0);
    await context.close();
  });
});

describe('/noticePage', () => {
  it('pages by 9 and unfolds one announcement at a time', async () => {
    for (const [name, viewport] of widths) {
      const { page, context, errors } = await open('/noticePage', viewport, 'EN');
      const main = page.locator('main');
      await main.locator('.notice-list__item').first().waitFor();
      expect(await main.locator('.notice-list__item').count()).toBe(9);
      expect(await main.locator('button[aria-expanded="true"]').count()).toBe(1);
      expect(await main.locator('time').first().innerText()).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      const third = main.locator('.notice-list__header').nth(2);
      await third.click();
      expect(await third.getAttribute('aria-expanded')).toBe('true');
      expect(await main.locator('button[aria-expanded="true"]').count()).toBe(1);
      await screenshot(page, `content-notices-${name}-en`);
      await page.getByRole('navigation', { name: 'Pages' }).getByRole('button', { name: '2' }).click();
      await expect.poll(() => main.locator('.notice-list__item').count()).toBe(2);
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});

describe('help centre', () => {
  it('shows the about pages in the shell (/help) and bare (/helpmc)', async () => {
    for (const [name, viewport] of widths) {
      const { page, context, errors } = await open('/help?page=privacy-policy', viewport);
      await page.getByRole('heading', { level: 2, name: 'গোপনীয়তা নীতি' }).waitFor();
      expect(await page.locator('.help-centre__body').innerText()).toContain('পাসওয়ার্ড');
      // The footer is its own chunk, below the fold: it arrives after the page.
      await expect
        .poll(() => page.locator('footer').getByRole('link', { name: 'টাকা ফেরতের নীতি' }).count())
        .toBe(1);
      await screenshot(page, `content-help-${name}-bn`);
      await page.goto(`${server.baseUrl}/helpmc?page=refund-policy`);
      await page.getByRole('heading', { level: 2, name: 'টাকা ফেরতের নীতি' }).waitFor();
      expect(await page.locator('header.site-header').count()).toBe(0);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('shows the English texts in English', async () => {
    const { page, context } = await open('/help?page=responsible-gaming', viewports.desktop, 'EN', 'dark');
    await page.getByRole('heading', { level: 2, name: 'Responsible gaming' }).waitFor();
    await screenshot(page, 'content-help-desktop-en-dark');
    await context.close();
  });
});

describe('promotions', () => {
  it('filters by type and opens the detail with its state', async () => {
    for (const [name, viewport] of widths) {
      const { page, context, errors } = await open('/promotions', viewport, 'EN');
      const cards = page.locator('.promo-card:not(.promo-card--skeleton)');
      await cards.first().waitFor();
      expect(await cards.count()).toBe(9);
      await page.getByRole('button', { name: 'Welcome' }).click();
      await page.waitForURL(/type=welcome/);
      await expect.poll(() => cards.count()).toBe(1);
      expect(await cards.first().getAttribute('data-type')).toBe('welcome');
      await screenshot(page, `content-promotions-${name}-en`);
      await cards.first().locator('a').click();
      await page.waitForURL(/promoDetail\?id=\d+/);
      await page.getByRole('heading', { level: 1, name: /Welcome bonus/ }).waitFor();
      // The welcome bonus runs (docs/promotions.md): its rule and a claim a guest may start.
      expect(await page.locator('.promo-detail .promo-state').innerText()).toBe('Claim');
      await page.locator('.bonus-offer[data-state="claim"]').waitFor();
      expect(await page.getByRole('button', { name: 'Claim bonus' }).isEnabled()).toBe(true);
      // The refer-a-friend promotion has nothing to claim: a guest is invited to join.
      await page.goBack();
      await page.getByRole('button', { name: 'Event' }).click();
      await page
        .locator('.promo-card:not(.promo-card--skeleton)', { hasText: 'Invite friends' })
        .locator('a')
        .click();
      await page.locator('.bonus-offer[data-state="claim"]').waitFor();
      expect(await page.locator('.promo-detail .promo-state').innerText()).toBe('Join');
      expect(await page.getByRole('button', { name: 'Invite friends' }).isEnabled()).toBe(true);
      // Nor has the weekly cash-back (paid by itself after each week): a guest is invited to join.
      await page.goBack();
      await page
        .locator('.promo-card:not(.promo-card--skeleton)', { hasText: 'Weekly cash-back' })
        .locator('a')
        .click();
      await page.locator('.bonus-offer[data-state="claim"]').waitFor();
      expect(await page.locator('.promo-detail .promo-state').innerText()).toBe('Join');
      expect(await page.getByTestId('bonus-rule').innerText()).toContain(
        'Net loss of ৳5,000.00 or more: 10% back',
      );
      expect(await page.getByRole('button', { name: 'Claim bonus' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Join' }).isEnabled()).toBe(true);
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});

describe('downloads and the installable app', () => {
  it('shows the guides and QR code, links the manifest and registers the service worker', async () => {
    for (const [name, viewport] of widths) {
      const { page, context, errors } = await open('/down', viewport, 'EN');
      await page.getByRole('heading', { name: 'Install on Android' }).waitFor();
      expect(await page.locator('.download-step').count()).toBe(8);
      await page.locator('.app-qr svg').first().waitFor();
      const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
      const manifest = await page.evaluate(async (href) => (await fetch(href!)).json(), manifestHref);
      expect(manifest).toMatchObject({ name: 'Khela', display: 'standalone' });
      expect(manifest.icons.some((icon: { sizes: string }) => icon.sizes === '512x512')).toBe(true);
      const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
      expect(scope).toBe(`${server.baseUrl}/`);
      await screenshot(page, `content-download-${name}-en`);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('never answers API calls from the service worker cache', async () => {
    const { page, context } = await open('/down', viewports.desktop);
    await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state);
    await page.reload();
    await page.locator('main').waitFor();
    const controlled = await page.evaluate(() => navigator.serviceWorker.controller !== null);
    expect(controlled).toBe(true);
    const cached = await page.evaluate(async () => {
      const names = await caches.keys();
      const urls: string[] = [];
      for (const name of names)
        for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
      return urls;
    });
    expect(cached.length).toBeGreaterThan(0);
    expect(cached.filter((url) => /\/(wps|lgw|api)\//.test(url))).toEqual([]);
    await context.close();
  });
});

describe('operator', () => {
  it('changes a banner through the API and the home page shows it without a deploy', async () => {
    const base = server.baseUrl;
    // The demo owner, with the second step every operator needs (e2e/support/api.ts).
    const token = await operatorToken(base);
    const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const list = (await (
      await fetch(`${base}/api/operator/content/banners?group=home`, { headers: auth })
    ).json()) as { value: { bannerId: number; language: string; sortOrder: number }[] };
    const first = list.value.find((entry) => entry.language === 'BN' && entry.sortOrder === 1)!;
    const update = await fetch(`${base}/api/operator/content/banner/update`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({
        id: first.bannerId,
        groupName: 'home',
        language: 'BN',
        title: 'নতুন অফার শীঘ্রই',
        url: '/content/banners/promotions-bn-desktop.svg',
        mobileUrl: '/content/banners/promotions-bn-mobile.svg',
        linkageType: 'route',
        linkageTarget: '/promotions',
        sortOrder: 1,
      }),
    });
    expect(update.status).toBe(200);

    const { page, context } = await open('/index', viewports.phone);
    await page.getByRole('img', { name: 'নতুন অফার শীঘ্রই' }).waitFor();
    await context.close();
  });
});
