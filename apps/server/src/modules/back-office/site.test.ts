import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import type { VendorGamesList } from '@khela/contract';
import type { TestApp } from '../../test/helper.ts';
import { call, callsAs, operatorLogin, operatorOfRole } from '../accounts/accounts.test-support.ts';
import { applyOwnGames } from '../games/games.service.ts';
import { gameVendors, games } from '../games/games.tables.ts';
import { appWithVendors } from '../games/games.test-support.ts';
import { siteSettings } from '../settings/settings.tables.ts';
import { updateSettings } from '../settings/settings.service.ts';
import type { SiteSettingsInput } from '../settings/settings.schema.ts';
import { operatorAudit } from '../audit/audit.tables.ts';

/**
 * The back office's site calls (issue 15, item 5): content lists, games and vendors, the settings
 * document. One app; each test sets up what it reads.
 */
let sut: TestApp;
let owner: string;
let finance: { id: number; account: string; token: string };
let content: { id: number; account: string; token: string };

const list = (vassalage: string, codes: string[]): VendorGamesList => ({
  ok: true,
  vendors: [
    { vassalage, displayName: `Lobby ${vassalage}`, smallIcon: null, gameType: 'RNG', accountTypeId: 7 },
  ],
  games: codes.map((gameCode) => ({
    gameCode,
    gameType: 'RNG',
    vassalage,
    classify: 'SC',
    names: { en: `Game ${gameCode}` },
    icon: null,
    minBet: 10,
    lineNum: 20,
    isHot: 0,
    rtpBasisPoints: 9600,
    defaultPlayType: null,
    launchFlags: [],
  })),
});

beforeAll(async () => {
  sut = await appWithVendors([
    { vassalage: 'SITE_OTHER', accountTypeId: 1, displayName: 'Other', gameType: 'LIVE', sortOrder: 1 },
  ]);
  await applyOwnGames(sut.db, 'SITETEST', list('SITE_SLOTS', ['alpha', 'beta', 'gamma']));
  owner = await operatorLogin(sut);
  finance = await operatorOfRole(sut, 'finance');
  content = await operatorOfRole(sut, 'content');
});
afterAll(async () => sut.close());

const { get, post } = callsAs(() => ({ sut, token: owner }));

async function nodeOf(code: string): Promise<number> {
  const [row] = await sut.db.select({ nodeId: games.nodeId }).from(games).where(eq(games.gameCode, code));
  return row!.nodeId;
}

async function lastAudit(action: string) {
  const [row] = await sut.db
    .select()
    .from(operatorAudit)
    .where(eq(operatorAudit.action, action))
    .orderBy(desc(operatorAudit.id))
    .limit(1);
  return row;
}

/**
 * Each document, saved as a dry run and for real, is refused (FORBIDDEN naming its one loosened
 * path); nothing is written and the refusals are in the operators' audit trail.
 */
async function expectRefusedSaves(cases: { path: string; document: unknown }[]) {
  const [before] = await sut.db.select().from(siteSettings);
  for (const { path, document } of cases) {
    for (const dryRun of [true, false]) {
      const refused = await post('/api/operator/site/settings/save', { document, dryRun });
      expect([refused.status, refused.body.code], path).toEqual([403, 'FORBIDDEN']);
      const fields = refused.body.value.issues.map((issue: { field: string }) => issue.field);
      expect(fields, path).toEqual([`document.${path}`]);
    }
  }
  const [after] = await sut.db.select().from(siteSettings);
  expect(after).toEqual(before);
  expect(await lastAudit('operatorSettingsSave')).toMatchObject({ outcome: 'refused' });
}

/** A refused role gets FORBIDDEN and the refusal is in the operators' audit trail. */
async function expectRefused(method: 'GET' | 'POST', url: string, callId: string, body?: unknown) {
  const response = await call(sut, { method, url, body, token: finance.token });
  expect(response.status).toBe(403);
  expect(response.body.code).toBe('FORBIDDEN');
  const [entry] = await sut.db
    .select()
    .from(operatorAudit)
    .where(and(eq(operatorAudit.action, callId), eq(operatorAudit.operator, finance.account)))
    .orderBy(desc(operatorAudit.id))
    .limit(1);
  expect(entry).toMatchObject({ outcome: 'refused', errorCode: 'FORBIDDEN', role: 'finance' });
}

describe('content lists (announcements, help and footer pages, promotions)', () => {
  it('lists every announcement, shown or not, with its texts per language', async () => {
    const created = await post('/api/operator/content/announcement/create', {
      type: 'B',
      texts: { EN: { title: 'Notice bar', content: '<p>Hello</p>' } },
      enabled: false,
    });
    expect(created.status).toBe(200);
    const { status, body } = await get('/api/operator/site/announcements?type=B', content.token);
    expect(status).toBe(200);
    const row = body.value.find((entry: { id: number }) => entry.id === created.body.value.id);
    expect(row).toMatchObject({ type: 'B', enabled: false, texts: { EN: { title: 'Notice bar' } } });
    expect((await get('/api/operator/site/announcements?type=ZZ')).status).toBe(400);
    expect((await get('/api/operator/site/announcements?type=B%00')).status).toBe(400);
    await expectRefused('GET', '/api/operator/site/announcements', 'operatorAnnouncements');
  });

  it('lists the help menus with every article; the about menu is the footer', async () => {
    const { status, body } = await get('/api/operator/site/help', content.token);
    expect(status).toBe(200);
    const about = body.value.find((menu: { slug: string }) => menu.slug === 'about');
    expect(about.footer).toBe(true);
    expect(about.articles.length).toBeGreaterThan(0);
    expect(body.value.find((menu: { slug: string }) => menu.slug === 'faq').footer).toBe(false);
    await expectRefused('GET', '/api/operator/site/help', 'operatorHelpArticles');
  });

  it('lists every promotion page', async () => {
    const created = await post('/api/operator/content/promotion/create', {
      type: 'event',
      texts: { EN: { title: 'Cup week', summary: 'Play', content: '<p>Rules</p>' } },
      enabled: false,
    });
    expect(created.status).toBe(200);
    const { status, body } = await get('/api/operator/site/promotions?type=event');
    expect(status).toBe(200);
    expect(body.value.map((entry: { id: number }) => entry.id)).toContain(created.body.value.id);
    expect((await get('/api/operator/site/promotions?type=nope')).status).toBe(400);
    await expectRefused('GET', '/api/operator/site/promotions', 'operatorPromotions');
  });
});

describe('games and vendors', () => {
  it('lists vendors with their game counts', async () => {
    const { status, body } = await get('/api/operator/site/vendors', content.token);
    expect(status).toBe(200);
    expect(body.value).toContainEqual(
      expect.objectContaining({ vassalage: 'SITE_SLOTS', games: 3, enabledGames: 3, enabled: true }),
    );
    await expectRefused('GET', '/api/operator/site/vendors', 'operatorVendors');
  });

  it('searches and pages the games', async () => {
    const page = await get('/api/operator/site/games?search=Game%20b&pageSize=2', content.token);
    expect(page.status).toBe(200);
    expect(page.body.value.total).toBe(1);
    expect(page.body.value.games[0]).toMatchObject({ gameCode: 'beta', name: 'Game beta', enabled: true });
    const paged = await get('/api/operator/site/games?vassalage=SITE_SLOTS&pageSize=2&pageNo=2');
    expect(paged.body.value).toMatchObject({ total: 3, pageNo: 2 });
    expect(paged.body.value.games).toHaveLength(1);
    // A LIKE wildcard is taken literally.
    expect((await get('/api/operator/site/games?search=%25')).body.value.total).toBe(0);
    expect((await get('/api/operator/site/games?pageSize=1000')).status).toBe(400);
    expect((await get(`/api/operator/site/games?search=${'x'.repeat(61)}`)).status).toBe(400);
    expect((await get('/api/operator/site/games?search=a%00')).status).toBe(400);
    await expectRefused('GET', '/api/operator/site/games', 'operatorGames');
  });

  it('disables a game: the public game list no longer shows it, the change is audited, a sync keeps it', async () => {
    const nodeId = await nodeOf('beta');
    const lobby = () =>
      get('/wps/relay/GCSGAME_gameList?gameType=RNG&vassalage=SITE_SLOTS', null).then((response) =>
        response.body.value.games.map((game: { code: string }) => game.code),
      );
    expect(await lobby()).toContain('beta');
    const updated = await post(
      '/api/operator/site/game/update',
      { nodeId, enabled: false, isHot: true, sortOrder: 1, classify: 'JP' },
      content.token,
    );
    expect(updated.status).toBe(200);
    expect(updated.body.value).toMatchObject({ enabled: false, isHot: true, sortOrder: 1, classify: 'JP' });
    expect(await lobby()).not.toContain('beta');
    const entry = await lastAudit('game.update');
    expect(entry).toMatchObject({
      outcome: 'ok',
      operator: content.account,
      targetKind: 'game',
      targetId: String(nodeId),
      before: { enabled: true, isHot: false, classify: 'SC' },
      after: { enabled: false, isHot: true, sortOrder: 1, classify: 'JP' },
    });
    // The vendor's next list says enabled, not hot, order 20, SC: the operator's switches stay.
    await applyOwnGames(sut.db, 'SITETEST', list('SITE_SLOTS', ['alpha', 'beta', 'gamma']));
    const [row] = await sut.db.select().from(games).where(eq(games.nodeId, nodeId));
    expect(row).toMatchObject({ enabled: false, isHot: 1, sortOrder: 1, classify: 'JP' });
    // Enabled again: back in the lobby.
    expect((await post('/api/operator/site/game/update', { nodeId, enabled: true })).status).toBe(200);
    expect(await lobby()).toContain('beta');
  });

  it('refuses a bad game change and an unknown game, and changes nothing', async () => {
    const nodeId = await nodeOf('alpha');
    const [before] = await sut.db.select().from(games).where(eq(games.nodeId, nodeId));
    const bad = [
      { nodeId, gameType: 'NOPE' },
      { nodeId, sortOrder: -1 },
      { nodeId, sortOrder: 2 ** 40 },
      { nodeId: 0, enabled: false },
      { nodeId },
    ];
    for (const body of bad) {
      const response = await post('/api/operator/site/game/update', body);
      expect(response.status).toBe(400);
    }
    const missing = await post('/api/operator/site/game/update', { nodeId: 2_000_000_000, enabled: false });
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('NOT_FOUND');
    const [after] = await sut.db.select().from(games).where(eq(games.nodeId, nodeId));
    expect(after).toEqual(before);
    await expectRefused('POST', '/api/operator/site/game/update', 'operatorGameUpdate', {
      nodeId,
      enabled: false,
    });
    const [unchanged] = await sut.db.select().from(games).where(eq(games.nodeId, nodeId));
    expect(unchanged!.enabled).toBe(true);
  });

  it('switches a vendor off (its games leave the menu), kept over a sync, and audits it', async () => {
    const menu = async () =>
      (await get('/lgw/games/game_menus', null)).body.value
        .flatMap((entry: { vendors: { vassalage: string }[] }) => entry.vendors)
        .map((vendor: { vassalage: string }) => vendor.vassalage);
    expect(await menu()).toContain('SITE_SLOTS');
    const updated = await post(
      '/api/operator/site/vendor/update',
      { vassalage: 'SITE_SLOTS', enabled: false, isHot: true, sortOrder: 5, gameType: 'RNG' },
      content.token,
    );
    expect(updated.status).toBe(200);
    expect(updated.body.value).toMatchObject({ enabled: false, isHot: true, sortOrder: 5 });
    expect(await menu()).not.toContain('SITE_SLOTS');
    expect(await lastAudit('vendor.update')).toMatchObject({
      targetId: 'SITE_SLOTS',
      before: { enabled: true, isHot: false },
      after: { enabled: false, isHot: true, sortOrder: 5 },
    });
    await applyOwnGames(sut.db, 'SITETEST', list('SITE_SLOTS', ['alpha', 'beta', 'gamma']));
    const [row] = await sut.db.select().from(gameVendors).where(eq(gameVendors.vassalage, 'SITE_SLOTS'));
    expect(row!.enabled).toBe(false);
    expect(
      (await post('/api/operator/site/vendor/update', { vassalage: 'SITE_SLOTS', enabled: true })).status,
    ).toBe(200);
    expect(await menu()).toContain('SITE_SLOTS');

    expect(
      (await post('/api/operator/site/vendor/update', { vassalage: 'NOPE_X', enabled: true })).status,
    ).toBe(404);
    expect(
      (await post('/api/operator/site/vendor/update', { vassalage: 'A\u0000B', enabled: true })).status,
    ).toBe(400);
    expect(
      (await post('/api/operator/site/vendor/update', { vassalage: 'X'.repeat(41), enabled: true })).status,
    ).toBe(400);
    await expectRefused('POST', '/api/operator/site/vendor/update', 'operatorVendorUpdate', {
      vassalage: 'SITE_SLOTS',
      enabled: false,
    });
    const [still] = await sut.db.select().from(gameVendors).where(eq(gameVendors.vassalage, 'SITE_SLOTS'));
    expect(still!.enabled).toBe(true);
  });

  it('refuses sync now to a role without games.manage', async () => {
    await expectRefused('POST', '/api/operator/games/sync', 'operatorSyncGames', {});
  });
});

describe('the settings document', () => {
  it('reads the validated document (defaults filled in)', async () => {
    const { status, body } = await get('/api/operator/site/settings', content.token);
    expect(status).toBe(200);
    expect(body.value.document).toMatchObject({
      maintenance: { enabled: false },
      regionRestriction: { enabled: false },
    });
    expect(typeof body.value.document.features).toBe('object');
    await expectRefused('GET', '/api/operator/site/settings', 'operatorSettings');
  });

  it('answers the diff of a dry run without writing, then saves and audits the change', async () => {
    const { document, updatedAt } = (await get('/api/operator/site/settings')).body.value;
    const next = {
      ...document,
      brandName: 'Khela Two',
      maintenance: { ...document.maintenance, enabled: true, message: 'Back soon' },
    };
    const dry = await post('/api/operator/site/settings/save', { document: next, dryRun: true });
    expect(dry.status).toBe(200);
    expect(dry.body.value.saved).toBe(false);
    expect(dry.body.value.diff).toEqual([
      { path: 'brandName', before: document.brandName, after: 'Khela Two' },
      { path: 'maintenance.enabled', before: false, after: true },
      { path: 'maintenance.message', before: null, after: 'Back soon' },
    ]);
    expect((await get('/api/operator/site/settings')).body.value.document.brandName).toBe(document.brandName);

    const saved = await post('/api/operator/site/settings/save', {
      document: next,
      baseUpdatedAt: updatedAt,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.value.saved).toBe(true);
    expect((await get('/api/operator/site/settings')).body.value.document.brandName).toBe('Khela Two');
    expect((await get('/wps/system/status?url=localhost:8080', null)).body.value).toMatchObject({
      status: 1,
    });
    expect(await lastAudit('settings.save')).toMatchObject({
      outcome: 'ok',
      targetKind: 'settings',
      before: { brandName: document.brandName, 'maintenance.enabled': false },
      after: { brandName: 'Khela Two', 'maintenance.enabled': true },
    });
    // A save from the old copy is a conflict.
    const stale = await post('/api/operator/site/settings/save', { document, baseUpdatedAt: updatedAt });
    expect(stale.status).toBe(409);
    // Back as it was.
    const restored = await post('/api/operator/site/settings/save', { document });
    expect(restored.body.value.saved).toBe(true);
  });

  it('rejects an invalid document with the schema messages and changes nothing', async () => {
    const [before] = await sut.db.select().from(siteSettings);
    const { document } = (await get('/api/operator/site/settings')).body.value;
    const invalid = await post('/api/operator/site/settings/save', {
      document: {
        ...document,
        currencyPrecision: 9,
        maintenance: { ...document.maintenance, startsAt: 'soon' },
      },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.code).toBe('VALIDATION_FAILED');
    const fields = invalid.body.value.issues.map((issue: { field: string }) => issue.field);
    expect(fields).toEqual(
      expect.arrayContaining(['document.currencyPrecision', 'document.maintenance.startsAt']),
    );
    const unknown = await post('/api/operator/site/settings/save', {
      document: { ...document, brandNam: 'x' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.value.issues[0]).toMatchObject({ field: 'document.brandNam' });
    const nul = await post('/api/operator/site/settings/save', {
      document: { ...document, brandName: 'a\u0000b' },
    });
    expect(nul.status).toBe(400);
    const long = await post('/api/operator/site/settings/save', {
      document: { ...document, copyright: 'x'.repeat(200_001) },
    });
    expect(long.status).toBe(400);
    const [after] = await sut.db.select().from(siteSettings);
    expect(after).toEqual(before);
    // The content role reads but may not save; nor may finance.
    const byContent = await post('/api/operator/site/settings/save', { document }, content.token);
    expect(byContent.status).toBe(403);
    await expectRefused('POST', '/api/operator/site/settings/save', 'operatorSettingsSave', { document });
    const [unchanged] = await sut.db.select().from(siteSettings);
    expect(unchanged).toEqual(before);
  });

  it('lets the owner tighten the insider controls, never loosen them alone (issue 35)', async () => {
    const read = async () => (await get('/api/operator/site/settings')).body.value;
    const { document } = await read();
    const controls = document.insiderControls;
    const tighter = {
      ...controls,
      adjustCountPerMemberDay: 1,
      adjustSumPerOperatorDay: '40000',
      creditorCoolingHours: 96,
      disburseSecondOperatorFrom: '10000',
    };
    const tightened = await post('/api/operator/site/settings/save', {
      document: { ...document, insiderControls: tighter },
    });
    expect(tightened.status, JSON.stringify(tightened.body)).toBe(200);
    expect(tightened.body.value.saved).toBe(true);
    const current = (await read()).document;
    const cases: { path: string; document: unknown }[] = [];
    for (const [key, value] of [
      ['adjustCountPerMemberDay', 0],
      ['adjustCountPerMemberDay', 3],
      ['adjustSumPerOperatorDay', '0'],
      ['adjustSumPerOperatorDay', '40000.01'],
      ['adjustCountPerOperatorDay', 0],
      ['adjustSumPerMemberDay', '0'],
      ['creditorCoolingHours', 95],
      ['creditorCoolingHours', 0],
      ['disburseSecondOperatorFrom', '0'],
      ['disburseSecondOperatorFrom', '10001'],
      ['bonusApplicationSecondApproverFrom', '0'],
      ['bonusApplicationSecondApproverFrom', '1000.01'],
    ] as const) {
      cases.push({
        path: `insiderControls.${key}`,
        document: { ...current, insiderControls: { ...current.insiderControls, [key]: value } },
      });
    }
    await expectRefusedSaves(cases);
    // Back as it was: the server's command line (updateSettings) loosens them.
    await updateSettings(sut.db, { insiderControls: controls });
    expect((await read()).document.insiderControls).toEqual(controls);
  });

  it('refuses every loosening of a protected setting, tightening stays open (issues 35 to 37)', async () => {
    type Doc = Record<string, unknown> & {
      agentWages: { edgeShare: number; undeclaredEdge: number };
      rebate: { rates: Record<string, number>; countFrom: string | null };
      loyaltyPoints: { rates: Record<string, number>; edgeShare: number; pointsPerCash: number };
      lotteryRisk: { rtpCeiling: number; liabilityCaps: Record<string, string> };
      lotteryFairness: { cancelFreezeMinutes: number; beacon: Record<string, unknown> };
      lotteryResults: { deadlineMinutes: number; feed: Record<string, unknown> };
      registration: { minimumAge: number; termsVersion: string };
      payments: {
        bkash: Record<string, unknown>;
        bkashB2c: Record<string, unknown>;
        nagad: Record<string, unknown>;
        depositMethods: Record<string, unknown>[];
      };
    };
    const read = async () => (await get('/api/operator/site/settings')).body.value.document as Doc;
    const bank = {
      code: 'city_bank',
      kind: 'bank_transfer' as const,
      names: { EN: 'City Bank' },
      min: '100',
      max: '50000',
      bank: { bankName: 'City Bank', accountName: 'Khela Ltd', accountNumber: '1001' },
    };
    // Set up on the server's command line: a bank account, a beacon, a feed, bKash and Nagad.
    await updateSettings(sut.db, {
      rebate: { rates: { RNG: 0.8, LIVE: 0.5 }, countFrom: '2026-06-01T00:00:00.000Z' },
      registration: { minimumAge: 21 },
      payments: {
        depositMethods: [bank],
        bkash: { appKey: 'app-key', username: 'merchant' },
        nagad: { merchantId: '683002007104225', nagadPublicKey: 'PEM' },
      },
      lotteryFairness: {
        cancelFreezeMinutes: 5,
        beacon: { urls: ['https://api.drand.sh'], chainHash: 'a'.repeat(64), deadlineMinutes: 10 },
      },
      lotteryResults: {
        deadlineMinutes: 360,
        feed: { kind: 'http', urlTemplate: 'https://feed.example/{station}' },
      },
    });
    const set = (doc: Doc, edit: (copy: Doc) => void): Doc => {
      const copy = structuredClone(doc);
      edit(copy);
      return copy;
    };
    const save = (document: Doc, dryRun = false) =>
      post('/api/operator/site/settings/save', { document, dryRun });
    const current = await read();
    const looser: [string, (doc: Doc) => void][] = [
      ['agentWages.edgeShare', (d) => (d.agentWages.edgeShare += 1)],
      ['agentWages.undeclaredEdge', (d) => (d.agentWages.undeclaredEdge += 1)],
      // The manual rebate's rates (issue 39): a higher rate, or one for a category that paid none.
      ['rebate.rates.RNG', (d) => (d.rebate.rates.RNG = 1)],
      ['rebate.rates.COCKFIGHT', (d) => (d.rebate.rates.COCKFIGHT = 0.1)],
      ['rebate.countFrom', (d) => (d.rebate.countFrom = '2026-01-01T00:00:00.000Z')],
      // Loyalty points (issue 40 item 2): a higher rate or share, or fewer points to a unit of cash.
      ['loyaltyPoints.rates.RNG', (d) => (d.loyaltyPoints.rates.RNG = (d.loyaltyPoints.rates.RNG ?? 0) + 1)],
      ['loyaltyPoints.rates.COCKFIGHT', (d) => (d.loyaltyPoints.rates.COCKFIGHT = 1)],
      ['loyaltyPoints.edgeShare', (d) => (d.loyaltyPoints.edgeShare += 1)],
      ['loyaltyPoints.pointsPerCash', (d) => (d.loyaltyPoints.pointsPerCash -= 1)],
      ['rebate.countFrom', (d) => (d.rebate.countFrom = null)],
      ['lotteryRisk.rtpCeiling', (d) => (d.lotteryRisk.rtpCeiling = 99)],
      ['lotteryRisk.liabilityCaps.de', (d) => (d.lotteryRisk.liabilityCaps.de = '1000000.01')],
      ['lotteryRisk.liabilityCaps.lo2', (d) => (d.lotteryRisk.liabilityCaps.lo2 = '0')],
      ['lotteryFairness.cancelFreezeMinutes', (d) => (d.lotteryFairness.cancelFreezeMinutes = 0)],
      [
        'lotteryFairness.beacon.urls',
        (d) => (d.lotteryFairness.beacon.urls = ['https://beacon.evil.example']),
      ],
      ['lotteryFairness.beacon.chainHash', (d) => (d.lotteryFairness.beacon.chainHash = 'b'.repeat(64))],
      ['lotteryFairness.beacon.publicKey', (d) => (d.lotteryFairness.beacon.publicKey = 'c'.repeat(192))],
      ['lotteryFairness.beacon.deadlineMinutes', (d) => (d.lotteryFairness.beacon.deadlineMinutes = 1)],
      ['lotteryResults.deadlineMinutes', (d) => (d.lotteryResults.deadlineMinutes = 10)],
      ['lotteryResults.feed.kind', (d) => (d.lotteryResults.feed.kind = 'none')],
      [
        'lotteryResults.feed.urlTemplate',
        (d) => (d.lotteryResults.feed.urlTemplate = 'https://evil.example/{date}'),
      ],
      ['payments.bkash.baseUrl', (d) => (d.payments.bkash.baseUrl = 'https://bkash.evil.example')],
      ['payments.bkash.appKey', (d) => (d.payments.bkash.appKey = 'other')],
      ['payments.nagad.nagadPublicKey', (d) => (d.payments.nagad.nagadPublicKey = 'OTHER PEM')],
      ['payments.bkashB2c.enabled', (d) => (d.payments.bkashB2c.enabled = true)],
      ['payments.bkashB2c.baseUrl', (d) => (d.payments.bkashB2c.baseUrl = 'https://b2c.evil.example')],
      ['payments.bkashB2c.maxAmount', (d) => (d.payments.bkashB2c.maxAmount = '25000.01')],
      [
        'payments.depositMethods',
        (d) => (d.payments.depositMethods[0]!.bank = { ...bank.bank, accountNumber: '6666' }),
      ],
      ['payments.depositMethods', (d) => d.payments.depositMethods.push({ ...bank, code: 'second_bank' })],
      ['currencyPrecision', (d) => (d.currencyPrecision = 0)],
      // Admitting younger players (issue 42).
      ['registration.minimumAge', (d) => (d.registration.minimumAge = 18)],
    ];
    await expectRefusedSaves(looser.map(([path, edit]) => ({ path, document: set(current, edit) })));
    // Tighter, or not protected: saved from the back office.
    const tighter = set(current, (d) => {
      d.agentWages.edgeShare -= 1;
      d.rebate.rates.LIVE = 0.4;
      d.loyaltyPoints.edgeShare -= 1;
      d.loyaltyPoints.pointsPerCash += 10;
      d.rebate.countFrom = '2026-07-01T00:00:00.000Z';
      d.lotteryRisk.rtpCeiling = 97;
      d.lotteryRisk.liabilityCaps.de = '999999.99';
      d.lotteryFairness.cancelFreezeMinutes = 6;
      d.lotteryFairness.beacon.deadlineMinutes = 20;
      d.lotteryResults.feed.pollSeconds = 30;
      d.payments.bkash.maxAmount = '20000';
      d.payments.bkashB2c.maxAmount = '10000';
      d.payments.depositMethods[0]!.enabled = false;
      d.payments.depositMethods[0]!.names = { EN: 'City Bank (paused)' };
      d.registration.termsVersion = '2026-12';
    });
    const saved = await save(tighter);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.value.saved).toBe(true);
    // Turning the paused account back on adds no receiving account; a new one added while off does.
    const reEnabled = await save(set(await read(), (d) => (d.payments.depositMethods[0]!.enabled = true)));
    expect(reEnabled.status, JSON.stringify(reEnabled.body)).toBe(200);
    const addedOff = await save(
      set(await read(), (d) =>
        d.payments.depositMethods.push({ ...bank, code: 'quiet_bank', enabled: false }),
      ),
    );
    expect([addedOff.status, addedOff.body.value.issues[0].field]).toEqual([
      403,
      'document.payments.depositMethods',
    ]);
    await updateSettings(sut.db, { payments: current.payments as SiteSettingsInput['payments'] });
  });
});
