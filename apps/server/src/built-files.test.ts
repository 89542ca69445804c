import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { builtFiles, MissingBuildError } from './built-files.ts';

let folder: string;
let web: string;
let house: string;
let admin: string;
beforeEach(() => {
  folder = mkdtempSync(path.join(tmpdir(), 'khela-built-'));
  web = path.join(folder, 'web');
  house = path.join(folder, 'house');
  admin = path.join(folder, 'admin');
  mkdirSync(web);
  mkdirSync(house);
  mkdirSync(admin);
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));

const production = {
  WEB_DIST: undefined,
  ADMIN_DIST: undefined,
  HOUSE_GAMES: 'inprocess',
  NODE_ENV: 'production',
} as const;

function buildEverything() {
  writeFileSync(path.join(web, 'index.html'), '<!doctype html>');
  writeFileSync(path.join(admin, 'index.html'), '<!doctype html>');
  for (const name of ['game.js', 'verify.js', 'house.css']) writeFileSync(path.join(house, name), '/**/');
}

describe('the built files the server serves (checked at start-up, issue 10)', () => {
  it('answers the web folder and the house pages when everything is built', () => {
    buildEverything();
    const served = builtFiles({
      env: production,
      defaultWebRoot: web,
      defaultAdminRoot: admin,
      houseWebRoot: house,
    });
    expect(served.webRoot).toBe(web);
    expect(served.adminRoot).toBe(admin);
    expect(served.houseWebAssets?.get('game.js')?.body.toString()).toBe('/**/');
  });

  it('refuses to start without the house game pages, in one line naming the missing files', () => {
    buildEverything();
    rmSync(path.join(house, 'game.js'));
    rmSync(path.join(house, 'verify.js'));
    const start = () =>
      builtFiles({ env: production, defaultWebRoot: web, defaultAdminRoot: admin, houseWebRoot: house });
    expect(start).toThrow(MissingBuildError);
    expect(start).toThrow(`house game pages are not built: game.js, verify.js missing in ${house}`);
    expect(() => start()).not.toThrow(/\n/);
  });

  it('refuses to start without the web app unless WEB_DIST is empty or in development', () => {
    buildEverything();
    rmSync(path.join(web, 'index.html'));
    expect(() =>
      builtFiles({ env: production, defaultWebRoot: web, defaultAdminRoot: admin, houseWebRoot: house }),
    ).toThrow(`web app not built: ${path.join(web, 'index.html')} is missing`);
    expect(
      builtFiles({
        env: { ...production, WEB_DIST: '' },
        defaultWebRoot: web,
        defaultAdminRoot: admin,
        houseWebRoot: house,
      }).webRoot,
    ).toBeNull();
    expect(
      builtFiles({
        env: { ...production, NODE_ENV: 'development' },
        defaultWebRoot: web,
        defaultAdminRoot: admin,
        houseWebRoot: house,
      }).webRoot,
    ).toBe(web);
  });

  it('needs no house pages when the house is not mounted', () => {
    buildEverything();
    rmSync(house, { recursive: true });
    const served = builtFiles({
      env: { ...production, HOUSE_GAMES: 'off' },
      defaultWebRoot: web,
      defaultAdminRoot: admin,
      houseWebRoot: house,
    });
    expect(served.houseWebAssets).toBeUndefined();
  });

  it('refuses to start without the back office unless ADMIN_DIST is empty or in development (issue 15)', () => {
    buildEverything();
    rmSync(path.join(admin, 'index.html'));
    const start = (env: typeof production | Record<string, unknown>) =>
      builtFiles({
        env: { ...production, ...env },
        defaultWebRoot: web,
        defaultAdminRoot: admin,
        houseWebRoot: house,
      });
    expect(() => start({})).toThrow(MissingBuildError);
    expect(() => start({})).toThrow(`back office not built: ${path.join(admin, 'index.html')} is missing`);
    expect(() => start({})).not.toThrow(/\n/);
    expect(start({ ADMIN_DIST: '' }).adminRoot).toBeNull();
    expect(start({ NODE_ENV: 'development' }).adminRoot).toBe(admin);
    // An explicit folder must hold a build even in development.
    expect(() => start({ NODE_ENV: 'development', ADMIN_DIST: admin })).toThrow(MissingBuildError);
  });
});
