/**
 * The house's game list: what the platform's catalogue sync reads from `GET /api/games`
 * (protocol.md) and what the pages show. Names in the six languages of the site's menu; amounts
 * in minor units. Two lobby vendors: KHELA (RNG: slots and mini games) and KHELA_LIVE (the two
 * tables, labelled "RNG table": no live dealer, the cards and the wheel come from the fair RNG).
 * The transfer-mode instance (its own vendor code, e.g. HOUSET) lists only the RNG games, under one
 * lobby vendor of its own, KHELA_ARCADE (see `listedCatalogue`).
 */

export type Language = 'bn' | 'en' | 'zh' | 'vi' | 'ja' | 'th';
export type Names = Record<Language, string>;

export type GameCode = 'classic3x3' | 'video5x3' | 'dice' | 'crash' | 'mines' | 'roulette' | 'baccarat';

export type Vassalage = 'KHELA' | 'KHELA_LIVE' | 'KHELA_ARCADE';

export interface CatalogueGame {
  gameCode: GameCode;
  vassalage: Vassalage;
  gameType: 'RNG' | 'LIVE';
  /** Slot classify of spec 5: SC slots, AC mini games; null for the tables. */
  classify: 'SC' | 'AC' | null;
  names: Names;
  /** Smallest stake in minor units (for the tables: the smallest chip). */
  minBet: number;
  /** Largest stake of one round in minor units. */
  maxBet: number;
  lineNum: number;
  isHot: 0 | 1;
  /** Shown as a badge on the page and as a launch flag: not a live dealer. */
  isRngTable: boolean;
}

export interface CatalogueVendor {
  vassalage: Vassalage;
  gameType: 'RNG' | 'LIVE';
  displayName: string;
  names: Names;
}

export const vendors: readonly CatalogueVendor[] = [
  {
    vassalage: 'KHELA',
    gameType: 'RNG',
    displayName: 'Khela Originals',
    names: {
      bn: 'খেলা অরিজিনালস',
      en: 'Khela Originals',
      zh: 'Khela 原创',
      vi: 'Khela Originals',
      ja: 'Khela オリジナル',
      th: 'Khela ออริจินัล',
    },
  },
  {
    vassalage: 'KHELA_LIVE',
    gameType: 'LIVE',
    displayName: 'Khela Tables',
    names: {
      bn: 'খেলা টেবিল (RNG)',
      en: 'Khela Tables (RNG)',
      zh: 'Khela 牌桌 (RNG)',
      vi: 'Bàn Khela (RNG)',
      ja: 'Khela テーブル (RNG)',
      th: 'โต๊ะ Khela (RNG)',
    },
  },
];

export const catalogue: readonly CatalogueGame[] = [
  {
    gameCode: 'classic3x3',
    vassalage: 'KHELA',
    gameType: 'RNG',
    classify: 'SC',
    names: {
      bn: 'সোনালি ফল',
      en: 'Golden Fruits',
      zh: '黄金水果',
      vi: 'Trái Cây Vàng',
      ja: 'ゴールデンフルーツ',
      th: 'ผลไม้ทองคำ',
    },
    minBet: 5,
    maxBet: 50_000,
    lineNum: 5,
    isHot: 0,
    isRngTable: false,
  },
  {
    gameCode: 'video5x3',
    vassalage: 'KHELA',
    gameType: 'RNG',
    classify: 'SC',
    names: {
      bn: 'বেঙ্গল টাইগার',
      en: 'Bengal Tiger',
      zh: '孟加拉虎',
      vi: 'Hổ Bengal',
      ja: 'ベンガルタイガー',
      th: 'เสือเบงกอล',
    },
    minBet: 20,
    maxBet: 100_000,
    lineNum: 20,
    isHot: 1,
    isRngTable: false,
  },
  {
    gameCode: 'dice',
    vassalage: 'KHELA',
    gameType: 'RNG',
    classify: 'AC',
    names: { bn: 'ডাইস', en: 'Dice', zh: '骰子', vi: 'Xúc Xắc', ja: 'ダイス', th: 'ลูกเต๋า' },
    minBet: 10,
    maxBet: 100_000,
    lineNum: 0,
    isHot: 0,
    isRngTable: false,
  },
  {
    gameCode: 'crash',
    vassalage: 'KHELA',
    gameType: 'RNG',
    classify: 'AC',
    names: {
      bn: 'রকেট ক্র্যাশ',
      en: 'Rocket Crash',
      zh: '火箭爆点',
      vi: 'Tên Lửa',
      ja: 'ロケットクラッシュ',
      th: 'จรวดแครช',
    },
    minBet: 10,
    maxBet: 100_000,
    lineNum: 0,
    isHot: 1,
    isRngTable: false,
  },
  {
    gameCode: 'mines',
    vassalage: 'KHELA',
    gameType: 'RNG',
    classify: 'AC',
    names: { bn: 'মাইনস', en: 'Mines', zh: '扫雷', vi: 'Dò Mìn', ja: 'マインズ', th: 'ไมน์ส' },
    minBet: 10,
    maxBet: 100_000,
    lineNum: 0,
    isHot: 0,
    isRngTable: false,
  },
  {
    gameCode: 'roulette',
    vassalage: 'KHELA_LIVE',
    gameType: 'LIVE',
    classify: null,
    names: {
      bn: 'ইউরোপিয়ান রুলেট',
      en: 'European Roulette',
      zh: '欧式轮盘',
      vi: 'Roulette Châu Âu',
      ja: 'ヨーロピアンルーレット',
      th: 'รูเล็ตยุโรป',
    },
    minBet: 10,
    maxBet: 100_000,
    lineNum: 0,
    isHot: 0,
    isRngTable: true,
  },
  {
    gameCode: 'baccarat',
    vassalage: 'KHELA_LIVE',
    gameType: 'LIVE',
    classify: null,
    names: { bn: 'ব্যাকারা', en: 'Baccarat', zh: '百家乐', vi: 'Baccarat', ja: 'バカラ', th: 'บาคาร่า' },
    minBet: 50,
    maxBet: 100_000,
    lineNum: 0,
    isHot: 1,
    isRngTable: true,
  },
];

export function findCatalogueGame(gameCode: string): CatalogueGame | undefined {
  return catalogue.find((game) => game.gameCode === gameCode);
}

/** The transfer-mode instance's one lobby vendor (the game wallet on the transferFund page). */
export const arcadeVendor: CatalogueVendor = {
  vassalage: 'KHELA_ARCADE',
  gameType: 'RNG',
  displayName: 'Khela Arcade',
  names: {
    bn: 'খেলা আর্কেড',
    en: 'Khela Arcade',
    zh: 'Khela 街机',
    vi: 'Khela Arcade',
    ja: 'Khela アーケード',
    th: 'Khela อาร์เคด',
  },
};

/**
 * What one instance lists: seamless, the whole catalogue as it is; transfer, the RNG games only
 * (same game codes: the platform keys games by vendor code and game code), all under
 * KHELA_ARCADE. The tables stay seamless-only.
 */
export function listedCatalogue(mode: 'seamless' | 'transfer'): {
  games: readonly CatalogueGame[];
  vendors: readonly CatalogueVendor[];
} {
  return mode === 'seamless' ? { games: catalogue, vendors } : arcadeCatalogue;
}

/** Said after an arcade game's name, so a lobby listing both vendors tells the two wallets apart. */
const arcadeSuffix: Names = {
  bn: 'আর্কেড',
  en: 'Arcade',
  zh: '街机',
  vi: 'Arcade',
  ja: 'アーケード',
  th: 'อาร์เคด',
};

function arcadeNames(names: Names): Names {
  const named = { ...names };
  for (const language of Object.keys(named) as Language[]) {
    named[language] = `${names[language]} · ${arcadeSuffix[language]}`;
  }
  return named;
}

const arcadeCatalogue = {
  games: catalogue
    .filter((game) => game.gameType === 'RNG')
    .map((game): CatalogueGame => ({
      ...game,
      vassalage: arcadeVendor.vassalage,
      names: arcadeNames(game.names),
    })),
  vendors: [arcadeVendor],
} as const;

/** A game the instance of that mode lists (the pages refuse any other). */
export function findListedGame(mode: 'seamless' | 'transfer', gameCode: string): CatalogueGame | undefined {
  return listedCatalogue(mode).games.find((game) => game.gameCode === gameCode);
}

/** The bet selector's steps: multiples of the minimum bet up to the maximum. */
export function betSteps(game: Pick<CatalogueGame, 'minBet' | 'maxBet'>): number[] {
  const multiples = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000];
  return multiples.map((multiple) => multiple * game.minBet).filter((amount) => amount <= game.maxBet);
}
