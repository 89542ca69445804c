import { describe, expect, it } from 'vitest';
import { openPage, screenshot, viewports } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { useBrowser } from '../support/suite.ts';

const browser = useBrowser();

/** Each case runs its own server whose settings the operator's tool changed first. */
async function withServer(settings: Record<string, unknown>, run: (server: RunningServer) => Promise<void>) {
  const server = await startServer({ settings });
  try {
    await run(server);
  } finally {
    await server.stop();
  }
}

describe('system status pages', () => {
  it('shows the maintenance page during maintenance', async () => {
    await withServer(
      { maintenance: { enabled: true, message: 'Upgrading the wallet, back at 18:00' } },
      async (server) => {
        for (const [name, viewport] of Object.entries(viewports)) {
          const { page, context, errors } = await openPage(browser, { viewport });
          await page.goto(`${server.baseUrl}/index`);
          const notice = page.locator('.system-notice__card');
          await notice.waitFor();
          expect(await notice.innerText()).toContain('Upgrading the wallet, back at 18:00');
          expect(await page.locator('header.site-header').count()).toBe(0);
          await screenshot(page, `maintenance-${name}-bn`);
          expect(errors).toEqual([]);
          await context.close();
        }
      },
    );
  });

  it('shows the region-blocked page with the visitor IP', async () => {
    await withServer(
      { regionRestriction: { enabled: true, blockedIpRanges: ['127.0.0.0/8'] } },
      async (server) => {
        const { page, context, errors } = await openPage(browser, {
          viewport: viewports.phone,
          colorScheme: 'dark',
        });
        await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
        await page.goto(`${server.baseUrl}/promotions`);
        const notice = page.locator('.system-notice__card');
        await notice.waitFor();
        expect(await notice.innerText()).toContain('127.0.0.1');
        await screenshot(page, 'region-blocked-phone-bn-dark');
        expect(errors).toEqual([]);
        await context.close();
      },
    );
  });

  it('sends a visitor without a token to /login when loginedToHomePage is on', async () => {
    await withServer({ features: { loginedToHomePage: true } }, async (server) => {
      const { page, context, errors } = await openPage(browser, { viewport: viewports.desktop });
      await page.goto(`${server.baseUrl}/promotions`);
      await page.waitForURL(/\/login$/);
      for (const open of ['/register', '/register.html', '/helpmc', '/download']) {
        await page.goto(`${server.baseUrl}${open}`);
        await page.waitForLoadState('networkidle');
        expect(new URL(page.url()).pathname, `${open} stays open`).toBe(open);
      }
      await page.goto(`${server.baseUrl}/`);
      await page.waitForURL(/\/login$/);
      expect(errors).toEqual([]);
      await context.close();
    });
  });
});
