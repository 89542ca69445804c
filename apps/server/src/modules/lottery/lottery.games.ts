import { sql } from 'drizzle-orm';
import {
  fastLotteryVendor,
  prizeModeOf,
  rtpFraction,
  vnLotteryVendor,
  type LotteryRegion,
  type PlayType,
  type VendorGame,
  type VendorGamesList,
  vendorLanguages,
} from '@khela/contract';
import type { Database } from '../../db/database.ts';
import { lotteryGames, lotteryOdds } from './lottery.tables.ts';

/**
 * The lottery's games and default odds as data (docs/lottery.md; spec 9 weekday values Mon=2 …
 * Sun=1). They are written at start-up: games upserted by code (names, timetable, tags follow this
 * file), default odds inserted only where the operator has none (never overwritten). Both writes
 * are idempotent upserts, safe when several instances start together.
 */

export interface LotteryGameDefinition {
  gameCode: string;
  region: LotteryRegion;
  names: { bn: string; en: string; vi: string };
  gameMenuTag: 'FAST' | 'NORTH' | 'CENTRAL' | 'SOUTH';
  remark: string;
  drawDayOfWeek: string;
  drawTime: string | null;
  intervalSeconds: number | null;
  lockSeconds: number;
  isHot: boolean;
  sortOrder: number;
}

/** Lobby tabs in order (spec 2 lottery lobby). */
export const lotteryMenuTags = ['FAST', 'NORTH', 'CENTRAL', 'SOUTH'] as const;

const everyDay = '1,2,3,4,5,6,7';
/** Daily games close betting 10 minutes before the draw. */
const dailyLockSeconds = 600;
const hotGames = new Set(['FAST_1', 'FAST_5', 'MB']);

function fastGame(minutes: number, lockSeconds: number, order: number): LotteryGameDefinition {
  const code = `FAST_${minutes}`;
  return {
    gameCode: code,
    region: 'fast',
    names: {
      // Latin digits, as the demo brand shows them (whitelabel bengaliDigits false; docs/design.md).
      bn: `দ্রুত ${minutes} মিনিট`,
      en: `Fast ${minutes} minute${minutes === 1 ? '' : 's'}`,
      vi: `Siêu tốc ${minutes} phút`,
    },
    gameMenuTag: 'FAST',
    remark: `Draws every ${minutes === 1 ? 'minute' : `${minutes} minutes`}`,
    drawDayOfWeek: everyDay,
    drawTime: null,
    intervalSeconds: minutes * 60,
    lockSeconds,
    isHot: hotGames.has(code),
    sortOrder: order,
  };
}

/** Weekday values of the spec (Mon=2 … Sat=7, Sun=1). */
const weekday = { mon: 2, tue: 3, wed: 4, thu: 5, fri: 6, sat: 7, sun: 1 } as const;
type Weekday = keyof typeof weekday;

interface Station {
  code: string;
  vi: string;
  en: string;
  bn: string;
  days: Weekday[];
}

const weekdayNames: Record<Weekday, string> = {
  mon: 'Mon',
  tue: 'Tue',
  wed: 'Wed',
  thu: 'Thu',
  fri: 'Fri',
  sat: 'Sat',
  sun: 'Sun',
};

/** Central (17:15) and south (16:15) stations with their real weekdays. */
const centralStations: Station[] = [
  {
    code: 'THUA_THIEN_HUE',
    vi: 'Thừa Thiên Huế',
    en: 'Thua Thien Hue',
    bn: 'থুয়া থিয়েন হুয়ে',
    days: ['mon', 'sun'],
  },
  { code: 'PHU_YEN', vi: 'Phú Yên', en: 'Phu Yen', bn: 'ফু ইয়েন', days: ['mon'] },
  { code: 'DAK_LAK', vi: 'Đắk Lắk', en: 'Dak Lak', bn: 'দাক লাক', days: ['tue'] },
  { code: 'QUANG_NAM', vi: 'Quảng Nam', en: 'Quang Nam', bn: 'কুয়াং নাম', days: ['tue'] },
  { code: 'DA_NANG', vi: 'Đà Nẵng', en: 'Da Nang', bn: 'দা নাং', days: ['wed', 'sat'] },
  { code: 'KHANH_HOA', vi: 'Khánh Hòa', en: 'Khanh Hoa', bn: 'খান হোয়া', days: ['wed', 'sun'] },
  { code: 'BINH_DINH', vi: 'Bình Định', en: 'Binh Dinh', bn: 'বিন দিন', days: ['thu'] },
  { code: 'QUANG_TRI', vi: 'Quảng Trị', en: 'Quang Tri', bn: 'কুয়াং ত্রি', days: ['thu'] },
  { code: 'QUANG_BINH', vi: 'Quảng Bình', en: 'Quang Binh', bn: 'কুয়াং বিন', days: ['thu'] },
  { code: 'GIA_LAI', vi: 'Gia Lai', en: 'Gia Lai', bn: 'গিয়া লাই', days: ['fri'] },
  { code: 'NINH_THUAN', vi: 'Ninh Thuận', en: 'Ninh Thuan', bn: 'নিন থুয়ান', days: ['fri'] },
  { code: 'QUANG_NGAI', vi: 'Quảng Ngãi', en: 'Quang Ngai', bn: 'কুয়াং ঙাই', days: ['sat'] },
  { code: 'DAK_NONG', vi: 'Đắk Nông', en: 'Dak Nong', bn: 'দাক নং', days: ['sat'] },
  { code: 'KON_TUM', vi: 'Kon Tum', en: 'Kon Tum', bn: 'কন তুম', days: ['sun'] },
];

const southStations: Station[] = [
  { code: 'HCM', vi: 'TP. Hồ Chí Minh', en: 'Ho Chi Minh City', bn: 'হো চি মিন সিটি', days: ['mon', 'sat'] },
  { code: 'DONG_THAP', vi: 'Đồng Tháp', en: 'Dong Thap', bn: 'দং থাপ', days: ['mon'] },
  { code: 'CA_MAU', vi: 'Cà Mau', en: 'Ca Mau', bn: 'কা মাউ', days: ['mon'] },
  { code: 'BEN_TRE', vi: 'Bến Tre', en: 'Ben Tre', bn: 'বেন ত্রে', days: ['tue'] },
  { code: 'VUNG_TAU', vi: 'Vũng Tàu', en: 'Vung Tau', bn: 'ভুং তাউ', days: ['tue'] },
  { code: 'BAC_LIEU', vi: 'Bạc Liêu', en: 'Bac Lieu', bn: 'বাক লিউ', days: ['tue'] },
  { code: 'DONG_NAI', vi: 'Đồng Nai', en: 'Dong Nai', bn: 'দং নাই', days: ['wed'] },
  { code: 'CAN_THO', vi: 'Cần Thơ', en: 'Can Tho', bn: 'কান থো', days: ['wed'] },
  { code: 'SOC_TRANG', vi: 'Sóc Trăng', en: 'Soc Trang', bn: 'সক ত্রাং', days: ['wed'] },
  { code: 'TAY_NINH', vi: 'Tây Ninh', en: 'Tay Ninh', bn: 'তে নিন', days: ['thu'] },
  { code: 'AN_GIANG', vi: 'An Giang', en: 'An Giang', bn: 'আন গিয়াং', days: ['thu'] },
  { code: 'BINH_THUAN', vi: 'Bình Thuận', en: 'Binh Thuan', bn: 'বিন থুয়ান', days: ['thu'] },
  { code: 'VINH_LONG', vi: 'Vĩnh Long', en: 'Vinh Long', bn: 'ভিন লং', days: ['fri'] },
  { code: 'BINH_DUONG', vi: 'Bình Dương', en: 'Binh Duong', bn: 'বিন দুয়ং', days: ['fri'] },
  { code: 'TRA_VINH', vi: 'Trà Vinh', en: 'Tra Vinh', bn: 'ত্রা ভিন', days: ['fri'] },
  { code: 'LONG_AN', vi: 'Long An', en: 'Long An', bn: 'লং আন', days: ['sat'] },
  { code: 'BINH_PHUOC', vi: 'Bình Phước', en: 'Binh Phuoc', bn: 'বিন ফুয়োক', days: ['sat'] },
  { code: 'HAU_GIANG', vi: 'Hậu Giang', en: 'Hau Giang', bn: 'হাউ গিয়াং', days: ['sat'] },
  { code: 'TIEN_GIANG', vi: 'Tiền Giang', en: 'Tien Giang', bn: 'তিয়েন গিয়াং', days: ['sun'] },
  { code: 'KIEN_GIANG', vi: 'Kiên Giang', en: 'Kien Giang', bn: 'কিয়েন গিয়াং', days: ['sun'] },
  { code: 'DA_LAT', vi: 'Đà Lạt', en: 'Da Lat', bn: 'দা লাত', days: ['sun'] },
];

const dayOrder: Weekday[] = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];

function stationGame(
  station: Station,
  region: 'central' | 'south',
  drawTime: string,
  order: number,
): LotteryGameDefinition {
  const days = dayOrder.filter((day) => station.days.includes(day));
  return {
    gameCode: station.code,
    region,
    names: { bn: station.bn, en: station.en, vi: station.vi },
    gameMenuTag: region === 'central' ? 'CENTRAL' : 'SOUTH',
    remark: `Draws ${days.map((day) => weekdayNames[day]).join(', ')} ${drawTime}`,
    drawDayOfWeek: days.map((day) => weekday[day]).join(','),
    drawTime,
    intervalSeconds: null,
    lockSeconds: dailyLockSeconds,
    isHot: hotGames.has(station.code),
    sortOrder: order,
  };
}

/** Every lottery game of the product, in lobby order. */
export const lotteryGameDefinitions: readonly LotteryGameDefinition[] = [
  fastGame(1, 5, 10),
  fastGame(3, 15, 20),
  fastGame(5, 30, 30),
  {
    gameCode: 'MB',
    region: 'north',
    names: { bn: 'উত্তর ভিয়েতনাম', en: 'North Vietnam', vi: 'Miền Bắc' },
    gameMenuTag: 'NORTH',
    remark: 'Draws daily 18:15',
    drawDayOfWeek: everyDay,
    drawTime: '18:15',
    intervalSeconds: null,
    lockSeconds: dailyLockSeconds,
    isHot: hotGames.has('MB'),
    sortOrder: 100,
  },
  ...centralStations.map((station, index) => stationGame(station, 'central', '17:15', 200 + index * 10)),
  ...southStations.map((station, index) => stationGame(station, 'south', '16:15', 400 + index * 10)),
];

interface DefaultOdds {
  odds: number;
  /** Largest stake in major units (the smallest is 1.00 for every play type). */
  maxMajor: number;
}

const northOdds: Partial<Record<PlayType, DefaultOdds>> = {
  lo2: { odds: 3.5, maxMajor: 10_000 },
  lo3: { odds: 40, maxMajor: 10_000 },
  lo4: { odds: 450, maxMajor: 10_000 },
  de: { odds: 95, maxMajor: 10_000 },
  ba_cang: { odds: 950, maxMajor: 10_000 },
  dau: { odds: 9.5, maxMajor: 10_000 },
  duoi: { odds: 9.5, maxMajor: 10_000 },
  xien2: { odds: 16, maxMajor: 10_000 },
  xien3: { odds: 65, maxMajor: 10_000 },
  xien4: { odds: 270, maxMajor: 10_000 },
};
const southOdds: Partial<Record<PlayType, DefaultOdds>> = {
  lo2: { odds: 5.2, maxMajor: 10_000 },
  lo3: { odds: 55, maxMajor: 10_000 },
  lo4: { odds: 580, maxMajor: 10_000 },
  dau_g8: { odds: 95, maxMajor: 10_000 },
  duoi_db: { odds: 95, maxMajor: 10_000 },
  xiu_chu: { odds: 475, maxMajor: 10_000 },
  xien2: { odds: 30, maxMajor: 10_000 },
  xien3: { odds: 180, maxMajor: 10_000 },
  xien4: { odds: 1000, maxMajor: 10_000 },
};

/** The default odds of every region (docs/lottery.md). */
export const defaultOdds: Record<LotteryRegion, Partial<Record<PlayType, DefaultOdds>>> = {
  north: northOdds,
  fast: {
    ...northOdds,
    big_small: { odds: 1.95, maxMajor: 50_000 },
    odd_even: { odds: 1.95, maxMajor: 50_000 },
    sum: { odds: 9.5, maxMajor: 10_000 },
  },
  central: southOdds,
  south: southOdds,
};

/**
 * Writes the games (upsert by code) and the default odds (only where missing), at the brand's
 * currency precision. Idempotent.
 */
export async function ensureLotteryGames(db: Database, precision: number): Promise<void> {
  // One statement for every game: what this file says wins (names, timetable, tags).
  await db
    .insert(lotteryGames)
    .values(lotteryGameDefinitions.map((game) => ({ ...game })))
    .onConflictDoUpdate({
      target: lotteryGames.gameCode,
      set: {
        region: sql`excluded.region`,
        names: sql`excluded.names`,
        gameMenuTag: sql`excluded.game_menu_tag`,
        remark: sql`excluded.remark`,
        drawDayOfWeek: sql`excluded.draw_day_of_week`,
        drawTime: sql`excluded.draw_time`,
        intervalSeconds: sql`excluded.interval_seconds`,
        lockSeconds: sql`excluded.lock_seconds`,
        isHot: sql`excluded.is_hot`,
        sortOrder: sql`excluded.sort_order`,
      },
    });
  const unit = 10n ** BigInt(precision);
  const rows = Object.entries(defaultOdds).flatMap(([region, lines]) =>
    Object.entries(lines).map(([playType, line]) => ({
      prizeMode: prizeModeOf(region as LotteryRegion),
      region,
      playType,
      oddsMilli: Math.round(line.odds * 1000),
      minStake: unit,
      maxStake: BigInt(line.maxMajor) * unit,
    })),
  );
  await db.insert(lotteryOdds).values(rows).onConflictDoNothing();
}

/** A game's names in the catalogue's languages (an English one at least). */
function namesOf(names: Record<string, string>, fallback: string): VendorGame['names'] {
  const picked: VendorGame['names'] = { en: names.en ?? fallback };
  for (const language of vendorLanguages) {
    const name = names[language];
    if (name) picked[language] = name;
  }
  return picked;
}

/**
 * Per region, the highest return to player of its odds lines (every prize mode and play type), in
 * basis points rounded up (issue 35 item 2: the lottery's edge from its odds, docs/agents.md
 * "Bounded by the house edge"). Rounding up keeps the edge the wages use at or below every bet's.
 */
export async function highestRtpByRegion(db: Database): Promise<Map<string, number>> {
  const lines = await db
    .select({ region: lotteryOdds.region, playType: lotteryOdds.playType, oddsMilli: lotteryOdds.oddsMilli })
    .from(lotteryOdds);
  const highest = new Map<string, number>();
  for (const line of lines) {
    const { num, den } = rtpFraction(line.region as LotteryRegion, line.playType as PlayType, line.oddsMilli);
    const bp = Number((num * 10_000n + den - 1n) / den);
    highest.set(line.region, Math.max(highest.get(line.region) ?? 0, bp));
  }
  return highest;
}

/**
 * The lottery's games as the catalogue lists them, one list per catalogue vendor: the regional
 * games under TCG_LOTTO_VN (game type LOTT), the fast ones under TCG_SEA (ELOTT). Minimum bet:
 * one major unit (the smallest default stake).
 */
export async function lotteryCatalogueLists(
  db: Database,
  precision: number,
): Promise<{ vendorCode: string; list: VendorGamesList }[]> {
  const rows = await db
    .select()
    .from(lotteryGames)
    .where(sql`${lotteryGames.enabled}`)
    .orderBy(lotteryGames.sortOrder, lotteryGames.id);
  const minBet = Number(10n ** BigInt(precision));
  const highestRtp = await highestRtpByRegion(db);
  const listOf = (vendorCode: string, displayName: string, gameType: 'LOTT' | 'ELOTT'): VendorGamesList => ({
    ok: true,
    vendors: [{ vassalage: vendorCode, displayName, smallIcon: null, gameType, accountTypeId: 0 }],
    games: rows
      .filter((row) => (row.region === 'fast') === (gameType === 'ELOTT'))
      .map((row) => ({
        gameCode: row.gameCode,
        gameType,
        vassalage: vendorCode,
        classify: null,
        names: namesOf(row.names, row.gameCode),
        icon: null,
        minBet,
        lineNum: 0,
        isHot: row.isHot ? 1 : 0,
        // The highest return of the region's odds lines: the game's edge for agents' wages is its
        // smallest (agent_game_edges), so no play type earns an agent more than its own edge allows.
        rtpBasisPoints: highestRtp.get(row.region) ?? null,
        // The market's headline bet: đề in the north, đuôi (the special's last two) in the south.
        defaultPlayType: row.region === 'fast' ? 'lo2' : row.region === 'north' ? 'de' : 'duoi_db',
        launchFlags: [],
      })),
  });
  return [
    { vendorCode: vnLotteryVendor, list: listOf(vnLotteryVendor, 'Vietnam Lottery', 'LOTT') },
    { vendorCode: fastLotteryVendor, list: listOf(fastLotteryVendor, 'Fast Lottery', 'ELOTT') },
  ];
}
