import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import {
  drawDateOf,
  fastLotteryVendor,
  lotteryRegions,
  playTypesOf,
  prizeModeOf,
  specialOf,
  vnLotteryVendor,
  type DrawResult,
  type LanguageCode,
  type LotteryGame,
  type LotteryMenuValue,
  type LotteryPrizeMode,
  type LotteryRegion,
  type NumeroProof,
  type NumeroResult,
  type NumeroStatus,
  type OpenNumeroValue,
} from '@khela/contract';
import { beaconScheme, roundTimeMs, type BeaconChain } from '@khela/contract/lottery-beacon';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { gameNameOf, nodeIdsOf } from '../games/games.service.ts';
import { rowsOf } from '../ledger/ledger.service.ts';
import { lotteryMenuTags } from './lottery.games.ts';
import { rtpRangesOf } from './lottery.odds.ts';
import { lotteryBets, lotteryGames, lotteryNumeros } from './lottery.tables.ts';

/**
 * The lottery's public reads (spec 2 lottery lobby, 3 Lottery and Resource, 7 Lottery calls):
 * the game menu, a member's recent games, a game's open numero, its draw history and a numero's
 * proof. Answers carry `remainTime`, so they are computed per request (never shared-cached).
 */

type GameRow = typeof lotteryGames.$inferSelect;
type NumeroRow = typeof lotteryNumeros.$inferSelect;

export function regionOf(row: Pick<GameRow, 'region'>): LotteryRegion {
  const region = lotteryRegions.find((candidate) => candidate === row.region);
  if (!region) throw new Error(`lottery game of unknown region ${row.region}`);
  return region;
}

/** The catalogue vendor (vassalage) of a lottery game. */
export function vendorOf(region: LotteryRegion): string {
  return region === 'fast' ? fastLotteryVendor : vnLotteryVendor;
}

/** The site page of a game (launch rules of spec 2: regional games under /vnlottery). */
export function gamePageOf(region: LotteryRegion | null, gameCode?: string): string {
  const page = region === null || region === 'fast' ? '/lottery' : '/vnlottery';
  return gameCode ? `${page}?${new URLSearchParams({ gameCode }).toString()}` : page;
}

const historyUrlOf = (gameCode: string) =>
  `/lottery?${new URLSearchParams({ gameCode, view: 'history' }).toString()}`;
const verifyUrlOf = (gameCode: string, numero: string) =>
  `/lottery/verify?${new URLSearchParams({ gameCode, numero }).toString()}`;

/** QR codes of the history links, per game code (the link never changes). */
const qrCodes = new Map<string, Promise<string>>();
function qrCodeOf(url: string): Promise<string> {
  let code = qrCodes.get(url);
  if (!code) {
    code = QRCode.toDataURL(url, { margin: 1, width: 180 });
    qrCodes.set(url, code);
    code.catch(() => qrCodes.delete(url));
  }
  return code;
}

/** Catalogue node ids by vendor and game code (they never change once made). */
const nodeIds = new WeakMap<Database, Map<string, number>>();
const nodeKeyOf = (row: GameRow) => `${vendorOf(regionOf(row))}:${row.gameCode}`;

/** The node ids of these games: read again (once) when one is not known yet; 0 while not in the catalogue. */
async function nodeIdsOfGames(db: Database, rows: GameRow[]): Promise<Map<string, number>> {
  let known = nodeIds.get(db);
  if (!known || rows.some((row) => !known!.has(nodeKeyOf(row)))) {
    known = await nodeIdsOf(db, [vnLotteryVendor, fastLotteryVendor]);
    nodeIds.set(db, known);
  }
  return known;
}

const epochMs = (at: Date) => at.getTime();

export function numeroResultOf(gameCode: string, row: NumeroRow): NumeroResult {
  const result =
    row.status === 'drawn' || row.status === 'settled' ? (row.result as DrawResult | null) : null;
  return {
    gameCode,
    numero: row.numero,
    drawDate: drawDateOf(row.numero),
    status: row.status,
    winningTime: epochMs(row.drawAt),
    special: result ? specialOf(result) : '',
    result,
    voidReason: row.status === 'void' ? row.voidReason : null,
    resultSource: row.resultSource,
    resultOrigin: row.resultOrigin,
  };
}

/** Regions of a prize mode (Lott: the regional draws, Elott: the fast ones, others: none yet). */
function regionsOf(prizeMode: LotteryPrizeMode | undefined): LotteryRegion[] {
  return lotteryRegions.filter((region) => !prizeMode || prizeModeOf(region) === prizeMode);
}

/** The open numero (earliest open one whose betting has not closed) of each game asked. */
async function openNumerosOf(db: Database, gameIds: number[], now: Date): Promise<Map<number, NumeroRow>> {
  if (gameIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([lotteryNumeros.gameId])
    .from(lotteryNumeros)
    .where(
      and(
        inArray(lotteryNumeros.gameId, gameIds),
        eq(lotteryNumeros.status, 'open'),
        sql`${lotteryNumeros.lockAt} > ${now}`,
      ),
    )
    .orderBy(lotteryNumeros.gameId, asc(lotteryNumeros.lockAt));
  return new Map(rows.map((row) => [row.gameId, row]));
}

/**
 * The latest drawn (or settled) numero of each game asked: one statement (an index probe per game
 * inside it), then those rows by id — two round trips whatever the number of games.
 */
async function latestDrawnOf(db: Database, gameIds: number[]): Promise<Map<number, NumeroRow>> {
  if (gameIds.length === 0) return new Map();
  const ids = rowsOf<{ id: string | number | null }>(
    await db.execute(sql`select (select n.id from lottery_numeros n
                                  where n.game_id = g.id and n.status in ('drawn', 'settled')
                                  order by n.draw_at desc limit 1) as id
                           from unnest(${`{${gameIds.join(',')}}`}::int[]) as g(id)`),
  )
    .map((row) => (row.id === null ? null : Number(row.id)))
    .filter((id): id is number => id !== null);
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(lotteryNumeros).where(inArray(lotteryNumeros.id, ids));
  return new Map(rows.map((row) => [row.gameId, row]));
}

/** Spec 3 Lottery of each game row, in the order given. */
async function lotteryGamesOf(
  db: Database,
  rows: GameRow[],
  language: LanguageCode,
  now: Date,
): Promise<LotteryGame[]> {
  const ids = rows.map((row) => row.id);
  const [open, latest, nodes, rtpRanges] = await Promise.all([
    openNumerosOf(db, ids, now),
    latestDrawnOf(db, ids),
    nodeIdsOfGames(db, rows),
    rtpRangesOf(db),
  ]);
  return Promise.all(
    rows.map(async (row): Promise<LotteryGame> => {
      const region = regionOf(row);
      const current = open.get(row.id);
      const drawn = latest.get(row.id);
      const historyUrl = historyUrlOf(row.gameCode);
      const resources: LotteryGame['resources'] = [
        {
          url: historyUrl,
          labelNameEn: 'Draw history',
          resourceType: 'DRAW_HISTORY',
          qrCodeUrl: await qrCodeOf(historyUrl),
        },
      ];
      // The verify page recomputes house draws; an official result is the state lottery's.
      if (drawn && drawn.resultSource === 'house') {
        resources.push({
          url: verifyUrlOf(row.gameCode, drawn.numero),
          labelNameEn: 'Verify the draw',
          resourceType: 'VERIFY',
          qrCodeUrl: null,
        });
      }
      return {
        gameId: row.id,
        nodeId: nodes.get(nodeKeyOf(row)) ?? 0,
        gameCode: row.gameCode,
        gameName: gameNameOf(row.names, language, row.gameCode),
        vassalage: vendorOf(region),
        gameType: region === 'fast' ? 'ELOTT' : 'LOTT',
        prizeMode: prizeModeOf(region),
        region,
        gameMenuTag: row.gameMenuTag,
        remark: row.remark,
        drawDayOfWeek: row.drawDayOfWeek,
        intervalSeconds: row.intervalSeconds,
        drawTime: row.drawTime,
        tag: row.isHot ? 'hot' : null,
        isHot: row.isHot ? 1 : 0,
        numero: current?.numero ?? null,
        remainTime: current ? Math.max(0, epochMs(current.lockAt) - now.getTime()) : 0,
        lockTime: current ? epochMs(current.lockAt) : null,
        winningTime: current ? epochMs(current.drawAt) : null,
        latest: drawn ? numeroResultOf(row.gameCode, drawn) : null,
        resources,
        playTypes: [...playTypesOf(region)],
        rtp: rtpRanges.get(region) ?? null,
        resultSource: row.resultSource,
      };
    }),
  );
}

/** /lgw/vn/games/game_menu: the enabled games by menu tag (FAST, NORTH, CENTRAL, SOUTH). */
export async function getLotteryMenu(
  db: Database,
  query: { prizeMode?: LotteryPrizeMode | undefined },
  language: LanguageCode,
  now = new Date(),
): Promise<LotteryMenuValue> {
  const regions = regionsOf(query.prizeMode);
  const rows =
    regions.length === 0
      ? []
      : await db
          .select()
          .from(lotteryGames)
          .where(and(eq(lotteryGames.enabled, true), inArray(lotteryGames.region, regions)))
          .orderBy(asc(lotteryGames.sortOrder), asc(lotteryGames.id));
  const all = await lotteryGamesOf(db, rows, language, now);
  const tags = [
    ...lotteryMenuTags,
    ...new Set(all.map((game) => game.gameMenuTag).filter((tag) => !lotteryMenuTags.includes(tag as never))),
  ];
  return {
    serverTime: now.getTime(),
    gameMenus: tags
      .map((tag) => ({ tag, games: all.filter((game) => game.gameMenuTag === tag) }))
      .filter((menu) => menu.games.length > 0),
  };
}

/** /lgw/vn/games/game_menu/recent: the member's lottery games, latest bet first (a guest: none). */
export async function listRecentLotteryGames(
  db: Database,
  query: { memberId: number | null; prizeMode?: LotteryPrizeMode | undefined; recentCount: number },
  language: LanguageCode,
  now = new Date(),
): Promise<{ list: LotteryGame[] }> {
  if (query.memberId === null) return { list: [] };
  const regions = regionsOf(query.prizeMode);
  if (regions.length === 0) return { list: [] };
  const latest = sql<Date>`max(${lotteryBets.placedAt})`;
  const rows = await db
    .select({ game: lotteryGames, latest })
    .from(lotteryBets)
    .innerJoin(lotteryGames, eq(lotteryGames.id, lotteryBets.gameId))
    .where(
      and(
        eq(lotteryBets.memberId, query.memberId),
        eq(lotteryGames.enabled, true),
        inArray(lotteryGames.region, regions),
      ),
    )
    .groupBy(lotteryGames.id)
    .orderBy(desc(latest), asc(lotteryGames.id))
    .limit(query.recentCount);
  return {
    list: await lotteryGamesOf(
      db,
      rows.map((row) => row.game),
      language,
      now,
    ),
  };
}

/** An enabled game by code, or GAME_UNAVAILABLE (404). */
export async function gameByCode(db: Database, gameCode: string): Promise<GameRow> {
  const [row] = await db
    .select()
    .from(lotteryGames)
    .where(and(eq(lotteryGames.gameCode, gameCode), eq(lotteryGames.enabled, true)));
  if (!row) throw new AppError('GAME_UNAVAILABLE');
  return row;
}

/** /lgw/vn/numeros/opened/game: the numero open for bets now (BETTING_CLOSED when none is). */
export async function getOpenNumero(
  db: Database,
  gameCode: string,
  now = new Date(),
): Promise<OpenNumeroValue> {
  const game = await gameByCode(db, gameCode);
  const current = (await openNumerosOf(db, [game.id], now)).get(game.id);
  if (!current) throw new AppError('BETTING_CLOSED');
  return {
    serverTime: now.getTime(),
    gameCode: game.gameCode,
    numero: current.numero,
    status: current.status,
    openTime: epochMs(current.openAt),
    lockTime: epochMs(current.lockAt),
    winningTime: epochMs(current.drawAt),
    remainTime: Math.max(0, epochMs(current.lockAt) - now.getTime()),
    seedHash: current.seedHash,
    beaconRound: current.beaconRound,
    resultSource: current.resultSource,
  };
}

const finishedStatuses: NumeroStatus[] = ['drawn', 'settled', 'void'];

/** /lgw/vn/numeros: the game's finished numeros (drawn, settled, void), newest draw first. */
export async function listNumeros(
  db: Database,
  query: { gameCode: string; count: number },
): Promise<{ list: NumeroResult[] }> {
  const game = await gameByCode(db, query.gameCode);
  const rows = await db
    .select()
    .from(lotteryNumeros)
    .where(and(eq(lotteryNumeros.gameId, game.id), inArray(lotteryNumeros.status, finishedStatuses)))
    .orderBy(desc(lotteryNumeros.drawAt))
    .limit(query.count);
  return { list: rows.map((row) => numeroResultOf(game.gameCode, row)) };
}

/** A numero of a game by code and number, or NOT_FOUND. */
export async function numeroByCode(
  db: Database,
  gameCode: string,
  numero: string,
): Promise<{ game: GameRow; row: NumeroRow }> {
  const game = await gameByCode(db, gameCode);
  const [row] = await db
    .select()
    .from(lotteryNumeros)
    .where(and(eq(lotteryNumeros.gameId, game.id), eq(lotteryNumeros.numero, numero)));
  if (!row) throw new AppError('NOT_FOUND');
  return { game, row };
}

/**
 * What the verify page needs. The seed once drawn, and for a void numero once its draw time has
 * passed (issue 36: a void never hides a seed). The beacon: the round fixed at the opening, its
 * value and signature once the draw fetched them, and the chain they verify under.
 */
export function proofOf(
  game: GameRow,
  row: NumeroRow,
  beacon: { chain: BeaconChain } | null = null,
  now = new Date(),
): NumeroProof {
  const drawn =
    row.status === 'drawn' || row.status === 'settled' || (row.status === 'void' && row.drawnAt !== null);
  const revealed = drawn || (row.status === 'void' && row.drawAt.getTime() <= now.getTime());
  return {
    gameCode: game.gameCode,
    region: regionOf(game),
    numero: row.numero,
    status: row.status,
    drawDate: drawDateOf(row.numero),
    winningTime: epochMs(row.drawAt),
    seedHash: row.seedHash,
    seed: revealed ? row.seed : null,
    betsDigest: row.betsDigest,
    betCount: row.betCount ?? 0,
    result: drawn ? (row.result as DrawResult | null) : null,
    voidReason: row.voidReason,
    resultSource: row.resultSource,
    resultOrigin: row.resultOrigin,
    beacon:
      row.beaconRound === null
        ? null
        : {
            round: row.beaconRound,
            randomness: row.beaconValue,
            signature: row.beaconSignature,
            publicKey: beacon?.chain.publicKey ?? null,
            chainHash: beacon?.chain.chainHash ?? null,
            scheme: beaconScheme,
            roundTime: beacon ? roundTimeMs(beacon.chain, row.beaconRound) : null,
          },
  };
}

/** /lgw/vn/numeros/proof. */
export async function getNumeroProof(
  db: Database,
  gameCode: string,
  numero: string,
  beacon: { chain: BeaconChain } | null = null,
  now = new Date(),
): Promise<NumeroProof> {
  const { game, row } = await numeroByCode(db, gameCode, numero);
  return proofOf(game, row, beacon, now);
}
