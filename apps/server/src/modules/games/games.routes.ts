import type { FastifyInstance, FastifyRequest } from 'fastify';
import { calls, type LanguageCode } from '@khela/contract';
import { registerCall } from '../../http/register-call.ts';
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
} from './games.service.ts';
import { getGameMenus } from './game-menus.service.ts';
import { getRankList, getWinnerBoard } from './lobby-ranks.service.ts';

/** Catalogue and lobby calls (spec 7, Games; /lgw/games/popular and the rank boards of Home). */
export async function gameRoutes(app: FastifyInstance) {
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

  registerCall(app, calls.gameMenus, async () => getGameMenus(db));

  registerCall(app, calls.gameVendors, async ({ query }) => listVendorGroups(db, query.gameType));

  registerCall(app, calls.vassalageGameTypes, async ({ query }) => getVendorGameTypes(db, query.vassalage));

  registerCall(app, calls.gameList, async ({ query, request }) =>
    listGames(db, query, await viewOf(request, query.language)),
  );

  registerCall(app, calls.hotGames, async ({ query, request }) =>
    listHotGames(
      db,
      { vassalage: query.vassalage, gameType: query.gameType },
      await viewOf(request, query.language),
    ),
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

  registerCall(app, calls.roomList, async ({ query, request }) =>
    listRooms(db, { vassalage: query.vassalage }, await viewOf(request, query.language)),
  );

  registerCall(app, calls.popularGames, async ({ query, request }) =>
    listPopularGames(db, { count: query.count }, await viewOf(request, query.language)),
  );

  registerCall(app, calls.winnerBoard, async ({ query, request }) => {
    const settings = await getSettings(db);
    return getWinnerBoard(db, query, {
      ...(await viewOf(request, query.language)),
      currency: settings.currency,
    });
  });

  registerCall(app, calls.rankList, async ({ query }) => {
    const settings = await getSettings(db);
    return getRankList(db, query, { currency: settings.currency, precision: settings.currencyPrecision });
  });
}
