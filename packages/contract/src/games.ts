import { z } from 'zod';
import { defineCall } from './define.ts';
import { pagedValueFields } from './input-rules.ts';
import { gameCategorySchema, languageCodeSchema, vendorCardSchema, type LanguageCode } from './system.ts';
import { amountInputSchema, decimalAmountSchema } from './wallet.ts';

/**
 * The game catalogue and the lobbies (spec 2 game lobbies, 3 game / vendor card / game list query /
 * favourite payload, 4 slot list type, 5 search and filters, 7 Games and Home, 9 constants).
 *
 * Money: like every other call, amounts cross as decimal strings in major units ("0.10"); the
 * catalogue keeps minor units. The min-bet filter of spec 5 (0.01, 0.05 …) is in major units too.
 */

/** Spec 5: slot classify values. BG is offered only when the brand supports the language TY. */
export const slotClassifies = ['SC', 'VP', 'JP', 'TG', 'AC', 'BG'] as const;
export const slotClassifySchema = z.enum(slotClassifies);
export type SlotClassify = z.infer<typeof slotClassifySchema>;

/** Spec 5: the min-bet filter's options besides "all", in major units. */
export const minBetOptions = ['0.01', '0.05', '0.1', '0.5', '0.75'] as const;

/** Spec 9: a slot page holds 21 games; popular lists 20; rank boards 20. */
export const slotPageSize = 21;
export const popularCount = 20;
export const rankLimit = 20;

/**
 * Launch rule flags a vendor may put on a game (spec 2 launch rules): VASSALAGE opens a popup list
 * of the vendor's games instead of the game; EXTERNAL_LOTTERY sends the player to the vendor's own
 * site (a full-page redirect). Unknown flags are kept and ignored.
 */
export const launchFlags = ['VASSALAGE', 'EXTERNAL_LOTTERY'] as const;

/**
 * The key of a game's name in the vendor's `names` map for an API language: the web's catalogue
 * codes (bn, en, zh, vi, ja, th). TY has no stated meaning: English.
 */
export const gameNameKeys: Record<LanguageCode, string> = {
  BN: 'bn',
  EN: 'en',
  CN: 'zh',
  VI: 'vi',
  JA: 'ja',
  TH: 'th',
  TY: 'en',
};

/** Spec 3 Game: nodeId, vassalage, gameType; also code, defaultPlayType, accountTypeName, vendor, gameCode, isGame. */
export const gameSchema = z.object({
  /** The platform's id of the game: favourites and launch use it. */
  nodeId: z.number().int(),
  /** The lobby vendor (game_vendors.vassalage). */
  vassalage: z.string(),
  gameType: gameCategorySchema,
  /** The vendor's own game code (`code` of the spec, the same as `gameCode`). */
  code: z.string(),
  gameCode: z.string(),
  /** The name in the request's language (falling back to English, then Bengali). */
  gameName: z.string(),
  icon: z.string().nullable(),
  /** Smallest stake, major units. */
  minBet: decimalAmountSchema,
  lineNum: z.number().int(),
  isHot: z.union([z.literal(0), z.literal(1)]),
  classify: slotClassifySchema.nullable(),
  defaultPlayType: z.string().nullable(),
  /** The vendor's display name. */
  accountTypeName: z.string(),
  /** The vendor as the favourite payload names it: its vassalage. */
  vendor: z.string(),
  /** Always true here: a game, not a vendor entry. */
  isGame: z.literal(true),
  launchFlags: z.array(z.string()),
  /** Declared return to player in basis points (9600 = 96.00 %), when the vendor states it. */
  rtpBasisPoints: z.number().int().nullable(),
});
export type Game = z.infer<typeof gameSchema>;

const shortText = z.string().trim().max(64);
const languageQuery = languageCodeSchema
  .optional()
  .describe('Defaults to the Language header, then the brand default');
const pageNo = z.coerce.number().int().min(1).max(10_000).default(1);
const pageSize = z.coerce.number().int().min(1).max(100).default(slotPageSize);

/** Spec 3 game list query. clientType, platform, channel and merchant are accepted and not needed here. */
export const gameListQuerySchema = z.object({
  clientType: z.coerce.number().int().min(0).max(99).optional(),
  platform: shortText.optional(),
  channel: shortText.optional(),
  merchant: shortText.optional(),
  gameType: gameCategorySchema,
  vassalage: shortText.min(1).optional(),
  gameClassify: slotClassifySchema.optional(),
  /** Case-insensitive part of the name in the request's language. */
  gameName: z.string().trim().max(64).optional(),
  /** Games whose minimum bet is at most this (major units). */
  minBet: amountInputSchema
    .refine((value) => !value.startsWith('-') && /[1-9]/.test(value), 'must be positive')
    .optional(),
  /** Games with at least this many lines. */
  minLineNum: z.coerce.number().int().min(0).max(100_000).optional(),
  pageNo,
  pageSize,
  language: languageQuery,
});
export type GameListQuery = z.input<typeof gameListQuerySchema>;

export const gameListValueSchema = z.object({
  games: z.array(gameSchema),
  ...pagedValueFields,
  /** The vendors of this game type (the lobby's vendor list). */
  data: z.object({ lanes: z.array(vendorCardSchema) }),
});
export type GameListValue = z.infer<typeof gameListValueSchema>;

/** Spec 3: hot games grouped by ELOTT, LOTT, LIVE, SPORTS, FISH, RNG, PVP (then the others). */
export const hotGroupOrder = [
  'ELOTT',
  'LOTT',
  'LIVE',
  'SPORTS',
  'FISH',
  'RNG',
  'PVP',
  'ESPORTS',
  'COCKFIGHT',
] as const;
export const hotGamesValueSchema = z.object({
  list: z.array(z.object({ gameType: gameCategorySchema, games: z.array(gameSchema) })),
});
export type HotGamesValue = z.infer<typeof hotGamesValueSchema>;

/** Spec 3 favourite payload: nodeId, vendor, gameType. */
export const favouriteBodySchema = z.object({
  nodeId: z.number().int().min(1).max(2_147_483_647),
  vendor: shortText.min(1).optional(),
  gameType: gameCategorySchema.optional(),
});
export const favouriteRefSchema = z.object({
  nodeId: z.number().int(),
  vendor: z.string(),
  gameType: gameCategorySchema,
});

export const recentGameSchema = gameSchema.extend({
  /** When the member last launched it, ms since epoch. */
  lastPlayedAt: z.number(),
});
export type RecentGame = z.infer<typeof recentGameSchema>;

export const roomSchema = gameSchema.extend({
  /** Players who played a round at this table in the last 15 minutes. */
  activePlayers: z.number().int(),
});
export type Room = z.infer<typeof roomSchema>;

export const popularGameSchema = gameSchema.extend({
  /** Rounds played in the last 7 days. */
  rounds: z.number().int(),
});
export type PopularGame = z.infer<typeof popularGameSchema>;

/**
 * What a rank board ranks: `bet` the stakes of settled rounds (real money only), `deposit` the
 * approved deposits. One call with a kind rather than two (the spec's /bet-rank and /deposit-rank
 * pages differ only in this), both over the last `periodDays` days.
 */
export const rankTypes = ['bet', 'deposit'] as const;
export const rankTypeSchema = z.enum(rankTypes);
export type RankType = z.infer<typeof rankTypeSchema>;
export const rankPeriodDays = 30;

export const rankEntrySchema = z.object({
  rank: z.number().int(),
  /** The account name masked ("de****er"). */
  customerName: z.string(),
  amount: decimalAmountSchema,
});
export type RankEntry = z.infer<typeof rankEntrySchema>;
export const rankListValueSchema = z.object({
  rankType: rankTypeSchema,
  currency: z.string(),
  periodDays: z.number().int(),
  list: z.array(rankEntrySchema),
});
export type RankListValue = z.infer<typeof rankListValueSchema>;

/** Spec 3 winner board entry: iconUrl, customerName, gameName, winAmount, inside a `vo` object. */
export const winnerEntrySchema = z.object({
  vo: z.object({
    iconUrl: z.string().nullable(),
    /** The account name masked ("de****er"). */
    customerName: z.string(),
    gameName: z.string(),
    nodeId: z.number().int(),
    winAmount: decimalAmountSchema,
    /** ms since epoch. */
    settledAt: z.number(),
  }),
});
export type WinnerEntry = z.infer<typeof winnerEntrySchema>;
/** Spec 9: the winner board holds 20; the biggest real-money wins of the last `periodDays` days. */
export const winnerBoardSize = 20;
export const winnerPeriodDays = 7;

const relay = (name: string) => `/wps/relay/${name}`;

export const gameCalls = {
  gameVendors: defineCall({
    id: 'GCSGAME_gameVendor',
    method: 'GET',
    path: relay('GCSGAME_gameVendor'),
    auth: 'public',
    encrypted: false,
    summary: 'Vendor groups (title = game type, cards = its enabled vendors)',
    tag: 'games',
    query: z.object({ gameType: gameCategorySchema.optional(), language: languageQuery }),
    value: z.array(z.object({ title: gameCategorySchema, cards: z.array(vendorCardSchema) })),
  }),
  vassalageGameTypes: defineCall({
    id: 'GCSGAME_getVassGameType',
    method: 'GET',
    path: relay('GCSGAME_getVassGameType'),
    auth: 'public',
    encrypted: false,
    summary: "A vendor's game types and slot classifies, with how many enabled games each has",
    tag: 'games',
    query: z.object({ vassalage: shortText.min(1) }),
    value: z.object({
      vassalage: z.string(),
      gameTypes: z.array(z.object({ gameType: gameCategorySchema, count: z.number().int() })),
      classifies: z.array(z.object({ classify: slotClassifySchema, count: z.number().int() })),
    }),
  }),
  gameList: defineCall({
    id: 'GCSGAME_gameList',
    method: 'GET',
    path: relay('GCSGAME_gameList'),
    auth: 'public',
    encrypted: false,
    summary: 'Games of a type, filtered (vendor, classify, name, min bet, lines) and paged (21)',
    tag: 'games',
    query: gameListQuerySchema,
    value: gameListValueSchema,
  }),
  hotGames: defineCall({
    id: 'GCSGAME_hotGamesV2',
    method: 'GET',
    path: relay('GCSGAME_hotGamesV2'),
    auth: 'public',
    encrypted: false,
    summary: 'Hot games grouped by game type (cached, not paged)',
    tag: 'games',
    query: z.object({
      merchantCode: shortText.optional(),
      isPlatform: z.coerce.number().int().min(0).max(9).optional(),
      platform: shortText.optional(),
      vassalage: shortText.min(1).optional(),
      gameType: gameCategorySchema.optional(),
      language: languageQuery,
    }),
    value: hotGamesValueSchema,
  }),
  favouriteGames: defineCall({
    id: 'MCSFE_getFavoriteGames',
    method: 'GET',
    path: relay('MCSFE_getFavoriteGames'),
    auth: 'member',
    encrypted: false,
    summary: "The member's saved games as references (to mark tiles)",
    tag: 'games',
    value: z.object({ list: z.array(favouriteRefSchema) }),
  }),
  favouriteGamesList: defineCall({
    id: 'MCSFE_getFavoriteGamesList',
    method: 'GET',
    path: relay('MCSFE_getFavoriteGamesList'),
    auth: 'member',
    encrypted: false,
    summary: "The member's saved games, newest first, paged",
    tag: 'games',
    query: z.object({
      clientType: z.coerce.number().int().min(0).max(99).optional(),
      platform: shortText.optional(),
      gameType: gameCategorySchema.optional(),
      pageNo,
      pageSize,
      language: languageQuery,
    }),
    value: z.object({ content: z.array(gameSchema), ...pagedValueFields }),
  }),
  addFavouriteGame: defineCall({
    id: 'MCSFE_addFavoriteGame',
    method: 'POST',
    path: relay('MCSFE_addFavoriteGame'),
    auth: 'realMember',
    encrypted: false,
    summary: 'Save a game (idempotent)',
    tag: 'games',
    body: favouriteBodySchema,
    value: z.object({ nodeId: z.number().int(), favourite: z.literal(true) }),
  }),
  removeFavouriteGame: defineCall({
    id: 'MCSFE_removeFavoriteGame',
    method: 'POST',
    path: relay('MCSFE_removeFavoriteGame'),
    auth: 'realMember',
    encrypted: false,
    summary: 'Remove a saved game (idempotent)',
    tag: 'games',
    body: favouriteBodySchema,
    value: z.object({ nodeId: z.number().int(), favourite: z.literal(false) }),
  }),
  recentGames: defineCall({
    id: 'GCS_recentGame',
    method: 'GET',
    path: relay('GCS_recentGame'),
    auth: 'member',
    encrypted: false,
    summary: "The member's most recently launched games, newest first, paged",
    tag: 'games',
    query: z.object({
      clientType: z.coerce.number().int().min(0).max(99).optional(),
      vassalage: shortText.min(1).optional(),
      gameType: gameCategorySchema.optional(),
      pageNo,
      pageSize,
      language: languageQuery,
    }),
    value: z.object({ list: z.array(recentGameSchema), ...pagedValueFields }),
  }),
  roomList: defineCall({
    id: 'GLS2_roomList',
    method: 'GET',
    path: relay('GLS2_roomList'),
    auth: 'public',
    encrypted: false,
    summary: 'Live tables (LIVE games) with the players seen at each in the last 15 minutes',
    tag: 'games',
    query: z.object({ vassalage: shortText.min(1).optional(), language: languageQuery }),
    value: z.object({ list: z.array(roomSchema) }),
  }),
  rankList: defineCall({
    id: 'GCSGAME_getRankList',
    method: 'GET',
    path: relay('GCSGAME_getRankList'),
    auth: 'public',
    encrypted: false,
    summary: 'Top bettors (settled real-money rounds) or depositors (approved deposits), names masked',
    tag: 'games',
    query: z.object({
      rankType: rankTypeSchema.default('bet'),
      /** ALL, or one game type (bet ranks only). */
      gameCategory: z.union([z.literal('ALL'), gameCategorySchema]).default('ALL'),
      limitNum: z.coerce.number().int().min(1).max(rankLimit).default(rankLimit),
      language: languageQuery,
    }),
    value: rankListValueSchema,
  }),
  winnerBoard: defineCall({
    id: 'winnerBoard',
    method: 'GET',
    path: relay('MCSFE_getWinnerBoard'),
    auth: 'public',
    encrypted: false,
    summary: 'The home winners list: the biggest real-money wins of the last 7 days, names masked',
    tag: 'games',
    query: z.object({
      limitNum: z.coerce.number().int().min(1).max(winnerBoardSize).default(winnerBoardSize),
      language: languageQuery,
    }),
    value: z.object({ currency: z.string(), list: z.array(winnerEntrySchema) }),
  }),
  popularGames: defineCall({
    id: 'popularGames',
    method: 'GET',
    path: '/lgw/games/popular',
    auth: 'public',
    encrypted: false,
    summary: 'The most played games of the last 7 days, by rounds',
    tag: 'games',
    query: z.object({
      count: z.coerce.number().int().min(1).max(50).default(popularCount),
      prizeMode: shortText.optional(),
      device: shortText.optional(),
      language: languageQuery,
    }),
    value: z.object({ list: z.array(popularGameSchema) }),
  }),
};
