import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openPage, screenshot, viewports } from '../support/browser.ts';
import { useSite } from '../support/suite.ts';

const BENGALI = /[\u0980-\u09FF]/;

const { server, browser } = useSite();

async function waitForShell(page: Page) {
  await page.locator('header.site-header').waitFor();
  await page.locator('main').waitFor();
}

describe('the shell', () => {
  it('opens / as /index in Bengali by default, at both widths and in both themes', async () => {
    for (const [name, viewport] of Object.entries(viewports)) {
      for (const colorScheme of ['light', 'dark'] as const) {
        const { page, context, errors } = await openPage(browser, { viewport });
        if (colorScheme === 'dark') {
          await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
        }
        await page.goto(`${server.baseUrl}/`);
        await page.waitForURL(/\/index$/);
        await waitForShell(page);
        await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('bn');
        expect(await page.locator('html').getAttribute('data-theme')).toBe(colorScheme);
        await page.locator('main.index').waitFor();
        await page.locator('footer').waitFor();
        expect(await page.locator('footer').innerText()).toMatch(BENGALI);
        await page.waitForLoadState('networkidle');
        await screenshot(page, `home-${name}-bn-${colorScheme}`);
        expect(errors).toEqual([]);
        await context.close();
      }
    }
  });

  it('switches to English without a reload and remembers it', async () => {
    const { page, context, errors } = await openPage(browser, { viewport: viewports.desktop });
    await page.goto(`${server.baseUrl}/index`);
    await waitForShell(page);
    await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
    await page.locator('.site-header__actions button[aria-expanded]').filter({ hasText: 'বাংলা' }).click();
    await page.getByRole('menuitemradio', { name: 'English' }).click();
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('en');
    await expect.poll(() => page.locator('.main-nav').innerText()).toContain('Home');
    expect(await page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    await screenshot(page, 'home-desktop-en-light');
    await page.reload();
    await waitForShell(page);
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('en');
    expect(await page.locator('.main-nav').innerText()).toContain('Home');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps the dark theme across a reload', async () => {
    const { page, context, errors } = await openPage(browser, { viewport: viewports.desktop });
    await page.goto(`${server.baseUrl}/index`);
    await waitForShell(page);
    expect(await page.locator('html').getAttribute('data-theme')).toBe('light');
    await page.locator('.site-header__actions .theme-switch').click();
    await expect.poll(() => page.locator('html').getAttribute('data-theme')).toBe('dark');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    await page.reload();
    await waitForShell(page);
    expect(await page.locator('html').getAttribute('data-theme')).toBe('dark');
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(background);
    expect(errors).toEqual([]);
    await context.close();
  });
});

const routes = [
  '/index',
  '/register',
  '/register.html',
  '/login',
  '/noticePage',
  '/pointMall',
  '/deposit-rank',
  '/bet-rank',
  '/fish',
  '/pvp',
  '/live',
  '/sports',
  '/esports',
  '/elott',
  '/lottery?gameCode=X&playType=Y',
  '/vnlottery?gameCode=X',
  '/rng?page=HOUSE',
  '/games/rng/hot/HOUSE',
  '/promotions',
  '/promoDetail',
  '/seamless',
  '/help',
  '/down',
  '/download',
  '/join',
  '/game',
  '/fbsports',
  '/no-such-page',
];

describe('every route', () => {
  for (const [name, viewport] of Object.entries(viewports)) {
    it(`renders without a console error at ${viewport.width} px (${name})`, async () => {
      const { page, context, errors } = await openPage(browser, { viewport });
      for (const route of routes) {
        await page.goto(`${server.baseUrl}${route}`);
        await waitForShell(page);
        await page.waitForLoadState('networkidle');
        const text = await page.locator('main').innerText();
        expect(text.trim().length, `${route} shows something`).toBeGreaterThan(0);
        expect(text, route).not.toMatch(/Loading chunk failed/i);
        expect(errors, `console errors on ${route}`).toEqual([]);
      }
      // The bare help page has no shell.
      await page.goto(`${server.baseUrl}/helpmc`);
      await page.waitForLoadState('networkidle');
      expect(await page.locator('header.site-header').count()).toBe(0);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('shows an unknown path as a not-found page inside the shell', async () => {
    const { page, context } = await openPage(browser, { viewport: viewports.phone });
    const response = await page.goto(`${server.baseUrl}/no-such-page`);
    expect(response?.status()).toBe(200);
    await waitForShell(page);
    expect(await page.locator('main').innerText()).toMatch(BENGALI);
    await screenshot(page, 'not-found-phone-bn');
    await context.close();
  });
});
