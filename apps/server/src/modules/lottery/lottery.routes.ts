import type { FastifyInstance, FastifyRequest } from 'fastify';
import { lotteryCalls, type LanguageCode } from '@khela/contract';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { recordOperatorChange } from '../audit/audit.service.ts';
import { registerCall } from '../../http/register-call.ts';
import { resolveLanguage } from '../../http/request-language.ts';
import { operatorOf, sessionOf } from '../accounts/authorize.ts';
import { getSettings } from '../settings/settings.service.ts';
import { cancelBet, listMyBets, placeSlip } from './lottery.bets.ts';
import { applyLotteryCatalogue, refreshLotteryCatalogueRtp } from './lottery.catalogue-rtp.ts';
import { ensureLotteryGames } from './lottery.games.ts';
import {
  gameByCode,
  gamePageOf,
  getLotteryMenu,
  getNumeroProof,
  getOpenNumero,
  listNumeros,
  listRecentLotteryGames,
  numeroByCode,
  proofOf,
  regionOf,
} from './lottery.lobby.ts';
import { beaconForStart, type RandomnessBeacon } from './lottery.beacon.ts';
import { clearClosedExposure, lotteryExposureOf } from './lottery.exposure.ts';
import { lotteryTick } from './lottery.numeros.ts';
import {
  enterSheet,
  officialDraws,
  resultsFeedForStart,
  resultsFeedSecret,
  setResultSource,
} from './lottery.official.ts';
import { readSecret } from '../secrets/secrets.service.ts';
import type { ResultsFeed } from './lottery.results-feed.ts';
import { betProofOf, listNumeroLeaves } from './lottery.proofs.ts';
import { decideOddsRequest, listOdds, listOddsRequests, oddsOfRegion, setOdds } from './lottery.odds.ts';
import { listVoidRequests, rejectVoidRequest, voidWithFourEyes } from './lottery.voids.ts';

/**
 * Makes sure the lottery's games and default odds are in their tables and its games in the game
 * catalogue (vendors TCG_LOTTO_VN and TCG_SEA: header menus, hot and popular lists). Idempotent
 * upserts, safe when several instances start together.
 */
export async function ensureLottery(db: Database, options: { catalogue: boolean }): Promise<void> {
  const settings = await getSettings(db);
  await ensureLotteryGames(db, settings.currencyPrecision);
  if (!options.catalogue) return;
  await applyLotteryCatalogue(db, settings.currencyPrecision);
}

/** The lottery's calls (spec 7 Lottery calls) and its one job, `lottery-tick` (docs/lottery.md). */
export async function lotteryRoutes(app: FastifyInstance) {
  const { db } = app;

  // The games and odds at start; the catalogue too, except in tests (they add it when they choose,
  // as they sync vendors when they choose: other tests own an empty catalogue).
  // The randomness beacon the draws mix in (lottery.beacon.ts): settled at start, the start refused
  // outside demo mode without one.
  let beacon: RandomnessBeacon | null = null;
  // The official results feed (lottery.official.ts): the demo feed never outside demo mode.
  let resultsFeed: ResultsFeed | null = null;
  app.addHook('onReady', async () => {
    beacon = beaconForStart(app.env, (await getSettings(db)).lotteryFairness.beacon);
    resultsFeed = resultsFeedForStart(
      app.env,
      (await getSettings(db)).lotteryResults.feed,
      await readSecret(db, resultsFeedSecret),
    );
    await ensureLottery(db, { catalogue: app.env.NODE_ENV !== 'test' });
  });
  const beaconDeadlineMs = async () =>
    (await getSettings(db)).lotteryFairness.beacon.deadlineMinutes * 60_000;
  const officialOptions = async () => {
    const { lotteryResults } = await getSettings(db);
    return {
      feed: resultsFeed,
      deadlineMs: lotteryResults.deadlineMinutes * 60_000,
      pollMs: lotteryResults.feed.pollSeconds * 1000,
      log: (error: unknown, numeroId: number) =>
        app.log.warn({ err: error, numeroId }, 'lottery results feed: no usable sheet'),
    };
  };

  async function languageOf(request: FastifyRequest, fromQuery: LanguageCode | undefined) {
    const settings = await getSettings(db);
    return resolveLanguage(fromQuery, request.headers.language, settings.defaultLanguage, settings.languages);
  }
  const precision = async () => (await getSettings(db)).currencyPrecision;

  // The menu and the open numero carry remainTime: computed per request, never shared.
  registerCall(app, lotteryCalls.lotteryGameMenu, async ({ query, request }) =>
    getLotteryMenu(db, { prizeMode: query.prizeMode }, await languageOf(request, query.language)),
  );

  registerCall(app, lotteryCalls.lotteryRecentGames, async ({ query, request }) =>
    listRecentLotteryGames(
      db,
      {
        memberId: request.session?.memberId ?? null,
        prizeMode: query.prizeMode,
        recentCount: query.recentCount,
      },
      await languageOf(request, query.language),
    ),
  );

  registerCall(app, lotteryCalls.lotteryOpenNumero, async ({ query }) => getOpenNumero(db, query.gameCode));

  registerCall(app, lotteryCalls.lotteryNumeros, async ({ query }) =>
    listNumeros(db, { gameCode: query.gameCode, count: query.count }),
  );

  registerCall(app, lotteryCalls.lotteryNumeroProof, async ({ query }) =>
    getNumeroProof(db, query.gameCode, query.numero, beacon),
  );

  registerCall(app, lotteryCalls.lotteryNumeroLeaves, async ({ query }) => listNumeroLeaves(db, query));

  registerCall(app, lotteryCalls.lotteryBetProof, async ({ query, request }) =>
    betProofOf(db, { memberId: sessionOf(request).memberId, betId: query.betId }),
  );

  registerCall(app, lotteryCalls.lotteryOdds, async ({ query }) => {
    const game = await gameByCode(db, query.gameCode);
    return oddsOfRegion(db, regionOf(game), await precision());
  });

  registerCall(app, lotteryCalls.lotteryLaunch, async ({ body }) => {
    if (!body.lottoGameCode || body.lottoView === 'lobby') {
      const game = body.lottoGameCode ? await gameByCode(db, body.lottoGameCode) : null;
      const fast = body.launchMode === 'ELOTT' || body.lottoPrizeMode === 'Elott';
      const region = game ? regionOf(game) : fast ? 'fast' : 'north';
      return { content: gamePageOf(region) };
    }
    const game = await gameByCode(db, body.lottoGameCode);
    return { content: gamePageOf(regionOf(game), game.gameCode) };
  });

  registerCall(app, lotteryCalls.lotteryPlaceSlip, async ({ body, request }) =>
    placeSlip(db, { memberId: sessionOf(request).memberId, ...body }),
  );

  registerCall(app, lotteryCalls.lotteryCancelBet, async ({ body, request }) =>
    cancelBet(db, { memberId: sessionOf(request).memberId, betId: body.betId }),
  );

  registerCall(app, lotteryCalls.lotteryMyBets, async ({ query, request }) =>
    listMyBets(db, { memberId: sessionOf(request).memberId, ...query }),
  );

  registerCall(app, lotteryCalls.operatorLotteryOdds, async () => listOdds(db, await precision()));

  registerCall(app, lotteryCalls.operatorSetLotteryOdds, async ({ body, request }) => {
    const settings = await getSettings(db);
    const session = operatorOf(request);
    const result = await setOdds(db, body, {
      precision: settings.currencyPrecision,
      ceiling: settings.lotteryRisk.rtpCeiling,
      operator: { id: session.operatorId, account: session.account },
      request,
    });
    await refreshLotteryCatalogueRtp(db, settings.currencyPrecision);
    return result;
  });

  registerCall(app, lotteryCalls.operatorLotteryOddsRequests, async ({ query }) => {
    const settings = await getSettings(db);
    return listOddsRequests(db, {
      precision: settings.currencyPrecision,
      ceiling: settings.lotteryRisk.rtpCeiling,
      status: query.status,
      limit: query.limit,
    });
  });

  registerCall(app, lotteryCalls.operatorDecideLotteryOdds, async ({ body, request }) => {
    const session = operatorOf(request);
    const minorDigits = await precision();
    const result = await decideOddsRequest(db, {
      precision: minorDigits,
      operator: { id: session.operatorId, account: session.account },
      request,
      body,
    });
    await refreshLotteryCatalogueRtp(db, minorDigits);
    return result;
  });

  registerCall(app, lotteryCalls.operatorLotteryExposure, async ({ query }) => {
    const settings = await getSettings(db);
    const game = await gameByCode(db, query.gameCode);
    let numero = query.numero;
    if (numero === undefined) {
      // No numero open (between a daily game's draws): nothing to show.
      const open = await getOpenNumero(db, game.gameCode).catch((error: unknown) => {
        if (error instanceof AppError && error.code === 'BETTING_CLOSED') return null;
        throw error;
      });
      if (!open) return { numero: null, status: null, list: [] };
      numero = open.numero;
    }
    const { row } = await numeroByCode(db, game.gameCode, numero);
    const exposure = await lotteryExposureOf(db, {
      numeroId: row.id,
      precision: settings.currencyPrecision,
      caps: settings.lotteryRisk.liabilityCaps,
    });
    return { numero, status: row.status, ...exposure };
  });

  // Official results (issue 36 item 5, lottery.official.ts): the sources, the draws waiting for a
  // sheet, the operator's choice of source and the typed copies (each audited; refusals too).
  registerCall(app, lotteryCalls.operatorLotteryOfficialDraws, async ({ request }) => {
    const settings = await getSettings(db);
    const language = await languageOf(request, undefined);
    return {
      deadlineMinutes: settings.lotteryResults.deadlineMinutes,
      feed: settings.lotteryResults.feed.kind,
      ...(await officialDraws(db, {
        language,
        deadlineMs: settings.lotteryResults.deadlineMinutes * 60_000,
      })),
    };
  });

  registerCall(app, lotteryCalls.operatorSetLotteryResultSource, async ({ body, request }) => {
    const changed = await setResultSource(db, body);
    await recordOperatorChange(db, request, {
      action: 'lottery.result-source',
      targetKind: 'lottery-game',
      targetId: body.gameCode,
      reason: body.reason,
      before: { resultSource: changed.before },
      after: { resultSource: body.resultSource, numeros: changed.numeros },
    });
    return { gameCode: body.gameCode, resultSource: body.resultSource, numeros: changed.numeros };
  });

  registerCall(app, lotteryCalls.operatorEnterLotterySheet, async ({ body, request }) => {
    const session = operatorOf(request);
    const entered = await enterSheet(db, {
      gameCode: body.gameCode,
      numero: body.numero,
      tiers: body.tiers,
      operator: { id: session.operatorId, account: session.account },
    });
    // The trail keeps the copy's outcome and where it differs, not the numbers typed.
    await recordOperatorChange(db, request, {
      action: 'lottery.sheet.entry',
      targetKind: 'lottery-numero',
      targetId: `${body.gameCode}/${body.numero}`,
      after: { status: entered.status, differences: entered.differences },
    });
    const after = await numeroByCode(db, body.gameCode, body.numero);
    return { ...entered, numero: proofOf(after.game, after.row, beacon) };
  });

  // A void after the lock takes two operators (lottery.voids.ts); each step is in the trail.
  registerCall(app, lotteryCalls.operatorVoidNumero, async ({ body, request }) => {
    const { row } = await numeroByCode(db, body.gameCode, body.numero);
    const session = operatorOf(request);
    const step = await voidWithFourEyes(db, {
      gameCode: body.gameCode,
      numero: body.numero,
      reason: body.reason,
      operator: { id: session.operatorId, account: session.account },
    });
    const after = await numeroByCode(db, body.gameCode, body.numero);
    await recordOperatorChange(db, request, {
      action: step.step === 'requested' ? 'lottery.void.request' : 'lottery.void',
      targetKind: 'lottery-numero',
      targetId: `${body.gameCode}/${body.numero}`,
      reason: body.reason,
      before: { status: row.status, voidRequestedBy: row.voidRequestedBy },
      after: {
        status: after.row.status,
        refundedBets: step.refundedBets,
        requestedBy: step.requestedBy,
        requestId: step.requestId,
      },
    });
    return {
      numero: proofOf(after.game, after.row, beacon),
      refundedBets: step.refundedBets,
      pending: step.step === 'requested',
    };
  });

  // The voids waiting for a second operator, and their rejection (audited with its reason).
  registerCall(app, lotteryCalls.operatorLotteryVoidRequests, async ({ query, request }) =>
    listVoidRequests(db, { language: await languageOf(request, undefined), limit: query.limit }),
  );

  registerCall(app, lotteryCalls.operatorRejectLotteryVoid, async ({ body, request }) => {
    const session = operatorOf(request);
    return rejectVoidRequest(db, {
      requestId: body.requestId,
      reason: body.reason,
      operator: { id: session.operatorId, account: session.account },
      language: await languageOf(request, undefined),
      request,
    });
  });

  // One job drives every numero: open ahead, lock, draw, settle (lottery.numeros.ts). Each step is
  // guarded by the state it leaves, so overlapping runs or instances never do one twice.
  app.jobs.define({
    name: 'lottery-tick',
    summary: 'Opens the coming lottery numeros, locks and draws the due ones, settles the drawn ones',
    schedule: { everySeconds: 2 },
    retry: { limit: 1, delaySeconds: 1, backoff: false },
    // A run cut off by a crash holds the tick until this has passed (PostgreSQL; on the embedded
    // database the restart fails it at once): short, since a settlement of 1,000,000 bets takes
    // about 20 s and a later run continues what one leaves.
    timeoutSeconds: 120,
    run: async () =>
      lotteryTick(db, {
        log: (error, numeroId) => app.log.error({ err: error, numeroId }, 'lottery settlement failed'),
        settleBatchSize: app.env.LOTTERY_SETTLE_BATCH_SIZE,
        beacon,
        beaconDeadlineMs: await beaconDeadlineMs(),
        official: await officialOptions(),
      }),
  });

  // The liability rows of settled and void numeros (the settlement and the void delete their own
  // when done; this takes what a run cut off, or an older version, left).
  app.jobs.define({
    name: 'lottery-exposure-cleanup',
    summary: 'Deletes the liability (exposure) rows of settled and void lottery numeros',
    schedule: { cron: '41 * * * *' },
    retry: { limit: 2, delaySeconds: 60, backoff: true },
    timeoutSeconds: 300,
    run: async () => clearClosedExposure(db),
  });
}
