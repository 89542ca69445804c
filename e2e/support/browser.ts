import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const artifacts = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../artifacts');

/** Debian's Chromium (`apt-get install -y chromium`), never a downloaded browser build. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-quic',
      '--disable-sync',
    ],
  });
}

export const viewports = {
  phone: { width: 360, height: 780 },
  desktop: { width: 1280, height: 800 },
} as const;

export interface WatchedPage {
  context: BrowserContext;
  page: Page;
  /** Console errors and uncaught page errors seen so far. */
  errors: string[];
}

/** A fresh context (no storage) whose console errors and page errors are collected. */
export async function openPage(
  browser: Browser,
  options: { viewport?: { width: number; height: number }; colorScheme?: 'light' | 'dark' } = {},
): Promise<WatchedPage> {
  const context = await browser.newContext({
    viewport: options.viewport ?? viewports.desktop,
    colorScheme: options.colorScheme ?? 'light',
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

export async function screenshot(page: Page, name: string) {
  mkdirSync(artifacts, { recursive: true });
  // Animations run to their end first: a screenshot shows what a person sees once things settle.
  await page.screenshot({
    path: path.join(artifacts, `${name}.png`),
    fullPage: false,
    animations: 'disabled',
  });
}

export interface MemberPageOptions {
  /** The account of `token` (demoplayer unless told). */
  username?: string;
  viewport?: { width: number; height: number };
  dark?: boolean;
  language?: 'EN' | 'BN';
}

/**
 * A page signed in as `options.username` (demoplayer) with `token` (the session the web keeps in sessionStorage), in a
 * language and theme, the start-up notice popups already seen.
 */
export async function memberPage(
  browser: Browser,
  token: string,
  options: MemberPageOptions = {},
): Promise<WatchedPage> {
  const watched = await openPage(browser, {
    viewport: options.viewport ?? viewports.desktop,
    colorScheme: options.dark ? 'dark' : 'light',
  });
  await watched.context.addInitScript(
    ({ session, username, language, dark }) => {
      sessionStorage.setItem('token', session);
      sessionStorage.setItem('isAgent', '0');
      sessionStorage.setItem('username', username);
      sessionStorage.setItem(`noticePopup${username}`, '1');
      localStorage.setItem('language', language);
      localStorage.setItem('theme', dark ? 'dark' : 'light');
    },
    {
      session: token,
      username: options.username ?? 'demoplayer',
      language: options.language ?? 'EN',
      dark: options.dark ?? false,
    },
  );
  return watched;
}
