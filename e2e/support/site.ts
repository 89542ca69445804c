import { randomInt } from 'node:crypto';
import { expect } from 'vitest';
import type { FrameLocator, Locator, Page } from 'playwright-core';
import { screenshot } from './browser.ts';

/**
 * What a person does on the site, shared by the journeys (tests/*.e2e.ts and the README start
 * journey, start/readme-start.e2e.ts): register, read the header, open the member centre, find a
 * game in the lobby and play it in its frame.
 */

export const header = (page: Page) => page.locator('header.site-header');

/** The header's register button opens registerModal; answers the dialog. */
export async function openRegisterModal(page: Page): Promise<Locator> {
  await page.locator('header.site-header .auth-buttons button.button--gold').click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('form.register-form').waitFor();
  return dialog;
}

/** The input labelled `label` (the tab panels are labelled by their tabs, so inputs only). */
export const field = (scope: Locator | Page, label: string) =>
  scope.getByLabel(label, { exact: true }).and(scope.locator('input'));

export async function fillUsernameForm(
  scope: Locator | Page,
  values: { username: string; password?: string; paymentPassword?: string },
) {
  const password = values.password ?? 'Sunny-river-42';
  await field(scope, 'Username').fill(values.username);
  await field(scope, 'Password').fill(password);
  await field(scope, 'Confirm password').fill(password);
  await field(scope, 'Payment password').fill(values.paymentPassword ?? '135790');
  await agreeToTerms(scope);
}

/** Ticks the registration's age confirmation and terms agreement (issue 42), in any language. */
export async function agreeToTerms(scope: Locator | Page) {
  await scope.locator('.register-agreement input[type="checkbox"]').check();
}

/**
 * A username no other run has (letters then letters and digits, 6–16): journeys that register
 * never share an account with another journey or an earlier run against the same database.
 */
export function uniqueUsername(prefix: string): string {
  const stamp = Date.now().toString(36) + randomInt(36 ** 2).toString(36);
  return `${prefix}${stamp}`.slice(0, 16);
}

/** A Bangladeshi mobile number no other run has: as typed (national) and as stored (international). */
export function uniqueMobile(): { national: string; international: string } {
  const national = `017${String(randomInt(10_000_000, 100_000_000))}`;
  return { national, international: `+880${national.slice(1)}` };
}

/** Logged in: the header shows the balance (and on desktop the account menu) instead of the buttons. */
export async function expectLoggedIn(page: Page, username: string) {
  await page.waitForURL(/\/index$/, { timeout: 20_000 });
  await header(page)
    .getByRole('button', { name: /^(Balance|ব্যালেন্স):/ })
    .waitFor({ timeout: 20_000 });
  if ((page.viewportSize()?.width ?? 0) > 800) {
    // Waited for, not counted at once: the header is hidden from the accessibility tree for the
    // moment the closing dialog still covers it.
    await header(page).getByRole('button', { name: 'Account menu' }).waitFor({ timeout: 10_000 });
  }
  expect(await page.locator('header.site-header .auth-buttons').count()).toBe(0);
  expect(await page.evaluate(() => sessionStorage.getItem('username'))).toBe(username);
  return (await page.evaluate(() => sessionStorage.getItem('token'))) ?? '';
}

export async function headerBalance(page: Page): Promise<string> {
  // By class: while the member centre is open, the header is hidden from the accessibility tree.
  return header(page).locator('.balance__amount').innerText();
}

/** An amount as shown (currency sign, grouping, Bengali digits) as a number. */
export function amountOf(text: string): number {
  const western = text.replace(/[০-৯]/g, (digit) => String(digit.charCodeAt(0) - 0x09e6));
  return Number(western.replace(/[^\d.]/g, ''));
}

/** Opens the member centre from the account menu (desktop) on one of its pages. */
export async function openCentre(page: Page, item: string): Promise<Locator> {
  await header(page).getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('button', { name: item, exact: true }).click();
  const panel = page.getByRole('dialog');
  await panel.locator('.centre__page').waitFor();
  return panel;
}

export const tiles = (page: Page) => page.locator('.game-grid .game-tile__play');

/** The slot lobby opens on its hot list (spec 4: hot first when there is any); the full list. */
export async function openAllGames(page: Page, label: string) {
  // The lobby settles on its first list (and the member's state) before a list is chosen.
  await expect.poll(() => tiles(page).count(), { timeout: 20_000 }).toBeGreaterThan(0);
  await page.waitForLoadState('networkidle');
  await page.getByRole('button', { name: label, exact: true }).click();
  try {
    await expect.poll(() => tiles(page).count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(5);
  } catch (error) {
    await screenshot(page, 'games-all-failed');
    throw error;
  }
}

export async function tileNames(page: Page): Promise<string[]> {
  return page.locator('.game-grid .game-tile__name').allInnerTexts();
}

/** The house's game page inside the platform's /game frame, once its balance is shown. */
export async function gameFrame(page: Page): Promise<FrameLocator> {
  await page.locator('iframe.game-launch__frame').waitFor({ timeout: 20_000 });
  const frame = page.frameLocator('iframe.game-launch__frame');
  await expect
    .poll(() => frame.locator('.hg-balance-value').innerText(), { timeout: 20_000 })
    .toMatch(/[\d০-৯]/);
  return frame;
}

/** Opens a game of the slots lobby (`/rng`, All games) by its tile's name, and answers its frame. */
export async function openSlotsGame(page: Page, baseUrl: string, name: RegExp): Promise<FrameLocator> {
  await page.goto(`${baseUrl}/rng`);
  await openAllGames(page, 'All games');
  await page.getByRole('button', { name }).first().click();
  await page.waitForURL(/\/game\?/);
  return gameFrame(page);
}

/**
 * Plays `count` rounds in a house game's frame with its play button ('Spin', 'Roll'): each to its
 * shown result, then until the button is enabled again.
 */
export async function playRounds(frame: FrameLocator, button: string, count: number) {
  const play = frame.getByRole('button', { name: button, exact: true });
  for (let round = 0; round < count; round += 1) {
    await play.click();
    await expect
      .poll(() => frame.locator('.hg-result').getAttribute('class'), { timeout: 20_000 })
      .toMatch(/hg-result-(win|loss)/);
    await play.and(frame.locator(':enabled')).waitFor({ timeout: 20_000 });
  }
}
