import type { FastifyInstance, FastifyRequest } from 'fastify';
import { calls, type LanguageCode } from '@khela/contract';
import { registerCall } from '../../http/register-call.ts';
import type { CacheTag } from '../../shared/read-cache.ts';
import { sessionOf } from '../accounts/authorize.ts';
import { resolveLanguage } from '../../http/request-language.ts';
import { getSettings } from '../settings/settings.service.ts';
import {
  addFavourite,
  getVendorGameTypes,
  listFavouriteGames,
  listFavouriteRefs,
  listGames,
  listHotGames,
  listPopularGames,
  listRecentGames,
  listRooms,
  listVendorGroups,
  removeFavourite,
  type CatalogueView,
  type OtherRounds,
} from './games.service.ts';
import { getGameMenus } from './game-menus.service.ts';
import { gamesOperatorRoutes } from './games-operator.routes.ts';
import { getRankList, getWinnerBoard } from './lobby-ranks.service.ts';

export interface GameRoutesOptions {
  /** Rounds of products without game_rounds (the lottery's bets), for the popular games. */
  otherRounds?: OtherRounds;
}

/** Catalogue and lobby calls (spec 7, Games; /lgw/games/popular and the rank boards of Home). */
export async function gameRoutes(app: FastifyInstance, options: GameRoutesOptions = {}) {
  const { db } = app;

  /** The request's language (query, then Language header, then brand default) and the brand's precision. */
  async function viewOf(
    request: FastifyRequest,
    fromQuery: LanguageCode | undefined,
  ): Promise<CatalogueView> {
    const settings = await getSettings(db);
    return {
      language: resolveLanguage(
        fromQuery,
        request.headers.language,
        settings.defaultLanguage,
        settings.languages,
      ),
      precision: settings.currencyPrecision,
    };
  }

  /**
   * The catalogue and the lobby boards are the same for every visitor of a language: their answers
   * are shared by the instances for a few seconds (registerCall's `shared`), dropped everywhere when
   * the catalogue, the settings or (boards) the ranks change. Favourites and recent games are the
   * member's own and are never shared.
   */
  const catalogue = { tags: ['games'] } as const;
  const inLanguage = (tags: readonly CacheTag[]) => ({
    tags: ['settings', ...tags] as const,
    vary: async (request: FastifyRequest) => (await viewOf(request, undefined)).language,
  });

  registerCall(app, calls.gameMenus, async () => getGameMenus(db), { shared: catalogue });

  registerCall(app, calls.gameVendors, async ({ query }) => listVendorGroups(db, query.gameType), {
    shared: catalogue,
  });

  registerCall(app, calls.vassalageGameTypes, async ({ query }) => getVendorGameTypes(db, query.vassalage), {
    shared: catalogue,
  });

  registerCall(
    app,
    calls.gameList,
    async ({ query, request }) => listGames(db, query, await viewOf(request, query.language)),
    { shared: inLanguage(['games']) },
  );

  registerCall(
    app,
    calls.hotGames,
    async ({ query, request }) =>
      listHotGames(
        db,
        { vassalage: query.vassalage, gameType: query.gameType },
        await viewOf(request, query.language),
      ),
    { shared: inLanguage(['games']) },
  );

  registerCall(app, calls.favouriteGames, async ({ request }) =>
    listFavouriteRefs(db, sessionOf(request).memberId),
  );

  registerCall(app, calls.favouriteGamesList, async ({ query, request }) =>
    listFavouriteGames(
      db,
      {
        memberId: sessionOf(request).memberId,
        gameType: query.gameType,
        pageNo: query.pageNo,
        pageSize: query.pageSize,
      },
      await viewOf(request, query.language),
    ),
  );

  registerCall(app, calls.addFavouriteGame, async ({ body, request }) =>
    addFavourite(db, { memberId: sessionOf(request).memberId, ...body }),
  );

  registerCall(app, calls.removeFavouriteGame, async ({ body, request }) =>
    removeFavourite(db, { memberId: sessionOf(request).memberId, ...body }),
  );

  registerCall(app, calls.recentGames, async ({ query, request }) =>
    listRecentGames(
      db,
      {
        memberId: sessionOf(request).memberId,
        vassalage: query.vassalage,
        gameType: query.gameType,
        pageNo: query.pageNo,
        pageSize: query.pageSize,
      },
      await viewOf(request, query.language),
    ),
  );

  registerCall(
    app,
    calls.roomList,
    async ({ query, request }) =>
      listRooms(db, { vassalage: query.vassalage }, await viewOf(request, query.language)),
    { shared: inLanguage(['games']) },
  );

  registerCall(
    app,
    calls.popularGames,
    async ({ query, request }) =>
      listPopularGames(
        db,
        { count: query.count, prizeMode: query.prizeMode },
        await viewOf(request, query.language),
        options.otherRounds,
      ),
    { shared: inLanguage(['games']) },
  );

  registerCall(
    app,
    calls.winnerBoard,
    async ({ query, request }) => {
      const settings = await getSettings(db);
      return getWinnerBoard(db, query, {
        ...(await viewOf(request, query.language)),
        currency: settings.currency,
      });
    },
    { shared: inLanguage(['games', 'ranks']) },
  );

  registerCall(
    app,
    calls.rankList,
    async ({ query }) => {
      const settings = await getSettings(db);
      return getRankList(db, query, { currency: settings.currency, precision: settings.currencyPrecision });
    },
    { shared: { tags: ['settings', 'ranks'] } },
  );

  // The back office's games and vendors (issue 15).
  await app.register(gamesOperatorRoutes);
}
