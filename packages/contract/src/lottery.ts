import { z } from 'zod';
import { defineCall } from './define.ts';
import { INT4_MAX, pagedValueFields } from './input-rules.ts';
import {
  lotteryPrizeModes,
  lotteryRegions,
  maxNumbersPerSlip,
  numeroListCount,
  playTypes,
  prizeTiers,
  recentLotteryCount,
} from './lottery-draw.ts';
import { fourEyesDecisionFields } from './four-eyes.ts';
import { languageCodeSchema } from './system.ts';
import { amountInputSchema, decimalAmountSchema } from './wallet.ts';

/**
 * The lottery (spec 2 lottery routes and lobby, 3 Lottery and Resource, 4 refresh timer, 7 Lottery
 * calls, 9 constants): our own Vietnamese regional draws (vendor TCG_LOTTO_VN, category LOTT) and
 * fast draws every 1, 3 and 5 minutes (vendor TCG_SEA, category ELOTT), on our ledger. The rules
 * (layouts, fairness, payouts) are in lottery-draw.ts; docs/lottery.md explains them.
 *
 * Times are ms since epoch; `remainTime` is ms until betting closes (lockTime), measured on the
 * server at `serverTime`, so a client counts down from its own clock plus the offset.
 * Money crosses as decimal strings in major units like every other call.
 */

export const lotteryRegionSchema = z.enum(lotteryRegions);
export const lotteryPrizeModeSchema = z.enum(lotteryPrizeModes);
export const playTypeSchema = z.enum(playTypes);
export const prizeTierSchema = z.enum(prizeTiers);

/**
 * Where a draw's numbers come from (issue 36 item 5, docs/lottery.md "Result sources"): `house`,
 * our own draw (seed, bets digest, beacon: the verify page recomputes it), or `official`, the state
 * lottery's sheet for the station and day. Fast games are always house draws.
 */
export const lotteryResultSources = ['house', 'official'] as const;
export const lotteryResultSourceSchema = z.enum(lotteryResultSources);
export type LotteryResultSource = z.infer<typeof lotteryResultSourceSchema>;
/** How an official result arrived: the results feed, or two operators' matching typed copies. */
export const lotteryResultOriginSchema = z.enum(['feed', 'entry']);

/** Vendors (catalogue vassalage) of the lottery: Vietnamese regional, and the fast games. */
export const vnLotteryVendor = 'TCG_LOTTO_VN';
export const fastLotteryVendor = 'TCG_SEA';

/** A numero is numbered yyyymmdd + a 4-digit sequence of that day (Asia/Ho_Chi_Minh). */
export const numeroSchema = z
  .string()
  .max(12)
  .regex(/^[0-9]{12}$/, 'yyyymmdd and a 4-digit sequence');
const gameCodeSchema = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[A-Z0-9_]+$/, 'upper-case letters, digits and _');
const languageQuery = languageCodeSchema.optional();
const shortText = z.string().trim().max(64);

export const numeroStatuses = ['open', 'locked', 'drawn', 'settled', 'void'] as const;
export const numeroStatusSchema = z.enum(numeroStatuses);
export type NumeroStatus = z.infer<typeof numeroStatusSchema>;

export const drawResultSchema = z.array(z.object({ tier: prizeTierSchema, numbers: z.array(z.string()) }));

/** Spec 3 Resource: a link shown with the game (draw history, the verify page) and a QR code. */
export const lotteryResourceSchema = z.object({
  url: z.string(),
  labelNameEn: z.string(),
  resourceType: z.enum(['DRAW_HISTORY', 'VERIFY']),
  qrCodeUrl: z.string().nullable(),
});

/** A drawn numero as lists and the lobby show it. */
export const numeroResultSchema = z.object({
  gameCode: z.string(),
  numero: numeroSchema,
  /** Spec 9: YYYY.MM.DD. */
  drawDate: z.string(),
  status: numeroStatusSchema,
  winningTime: z.number(),
  /** The special prize ('' while not drawn or when voided). */
  special: z.string(),
  result: drawResultSchema.nullable(),
  /** A void numero's public notice: the reason it was voided (null otherwise). */
  voidReason: z.string().nullable(),
  /** House draw or official result; an official result's origin once it is in. */
  resultSource: lotteryResultSourceSchema,
  resultOrigin: lotteryResultOriginSchema.nullable(),
});
export type NumeroResult = z.infer<typeof numeroResultSchema>;

/** Spec 3 Lottery: one game with its current numero. */
export const lotteryGameSchema = z.object({
  gameId: z.number().int(),
  /** The catalogue game (favourites of the catalogue, launch rules). */
  nodeId: z.number().int(),
  gameCode: z.string(),
  gameName: z.string(),
  vassalage: z.string(),
  gameType: z.enum(['LOTT', 'ELOTT']),
  prizeMode: lotteryPrizeModeSchema,
  region: lotteryRegionSchema,
  /** The lobby tab it shows under (FAST, NORTH, CENTRAL, SOUTH). */
  gameMenuTag: z.string(),
  remark: z.string(),
  /** Spec 3 / 9: comma-separated weekday values Mon=2 … Sun=1 on which it draws. */
  drawDayOfWeek: z.string(),
  /** Fast games: seconds between draws; daily games null. */
  intervalSeconds: z.number().int().nullable(),
  /** Daily games: the draw time HH:mm in Asia/Ho_Chi_Minh; fast games null. */
  drawTime: z.string().nullable(),
  /** 'hot' for the lobby's hot list, or null. */
  tag: z.string().nullable(),
  isHot: z.union([z.literal(0), z.literal(1)]),
  /** The numero open for bets now (null between a lock and the next opening). */
  numero: numeroSchema.nullable(),
  remainTime: z.number(),
  lockTime: z.number().nullable(),
  winningTime: z.number().nullable(),
  latest: numeroResultSchema.nullable(),
  resources: z.array(lotteryResourceSchema),
  playTypes: z.array(playTypeSchema),
  /**
   * What its play types return at their current odds, the lowest and the highest (percent, two
   * decimals rounded down, lottery-rtp.ts): the catalogue shows the range where the bets differ.
   */
  rtp: z.object({ min: z.string(), max: z.string() }).nullable(),
  /** House draw or official result (the game's current choice; each numero keeps its own). */
  resultSource: lotteryResultSourceSchema,
});
export type LotteryGame = z.infer<typeof lotteryGameSchema>;

export const lotteryMenuValueSchema = z.object({
  serverTime: z.number(),
  /** Tabs by menu tag, in lobby order. */
  gameMenus: z.array(z.object({ tag: z.string(), games: z.array(lotteryGameSchema) })),
});
export type LotteryMenuValue = z.infer<typeof lotteryMenuValueSchema>;

export const openNumeroValueSchema = z.object({
  serverTime: z.number(),
  gameCode: z.string(),
  numero: numeroSchema,
  status: numeroStatusSchema,
  openTime: z.number(),
  lockTime: z.number(),
  winningTime: z.number(),
  remainTime: z.number(),
  /** SHA-256 of the server seed, published when the numero opened (the commitment). */
  seedHash: z.string(),
  /** The randomness beacon round the draw will mix in (docs/lottery.md "Fairness"); null without one. */
  beaconRound: z.number().int().nullable(),
  /** House draw, or settled on the official result (then the seed and beacon play no part). */
  resultSource: lotteryResultSourceSchema,
});
export type OpenNumeroValue = z.infer<typeof openNumeroValueSchema>;

/** Everything the verify page needs to recompute a draw. `seed` is null until the draw. */
export const numeroProofSchema = z.object({
  gameCode: z.string(),
  region: lotteryRegionSchema,
  numero: numeroSchema,
  status: numeroStatusSchema,
  drawDate: z.string(),
  winningTime: z.number(),
  seedHash: z.string(),
  seed: z.string().nullable(),
  /**
   * The Merkle root over the numero's live bets (lottery-draw.ts betLeafRecord, merkleRoot; the
   * leaves: lotteryNumeroLeaves), fixed when betting closed.
   */
  betsDigest: z.string().nullable(),
  betCount: z.number().int(),
  result: drawResultSchema.nullable(),
  voidReason: z.string().nullable(),
  /** An official result is not derived from the seed: nothing to recompute (docs/lottery.md). */
  resultSource: lotteryResultSourceSchema,
  resultOrigin: lotteryResultOriginSchema.nullable(),
  /**
   * The beacon round fixed at the opening (the first after the lock time), its randomness and BLS
   * signature once the draw used them, and the chain's public key, hash and scheme to verify them
   * (lottery-beacon.ts verifyBeaconRound). Null for a numero opened without a beacon.
   */
  beacon: z
    .object({
      round: z.number().int(),
      randomness: z.string().nullable(),
      signature: z.string().nullable(),
      publicKey: z.string().nullable(),
      chainHash: z.string().nullable(),
      scheme: z.string(),
      roundTime: z.number().nullable(),
    })
    .nullable(),
});
export type NumeroProof = z.infer<typeof numeroProofSchema>;

const hashHex = z.string().regex(/^[0-9a-f]{64}$/);

/** One step of a Merkle inclusion proof (lottery-draw.ts merklePath). */
export const merkleStepSchema = z.object({ side: z.enum(['left', 'right']), hash: hashHex });

/** A page of a locked numero's Merkle leaves, in bet id order (the root is its betsDigest). */
export const numeroLeavesSchema = z.object({
  gameCode: z.string(),
  numero: numeroSchema,
  betsDigest: z.string(),
  betCount: z.number().int(),
  /** Leaf i of the tree is at (pageNo − 1) × pageSize + i. */
  list: z.array(z.object({ betId: z.number().int(), leaf: hashHex })),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  totalPages: z.number().int(),
});
export type NumeroLeaves = z.infer<typeof numeroLeavesSchema>;

/** An own bet's place in its numero's bets digest: its record, leaf and inclusion proof. */
export const betProofSchema = z.object({
  betId: z.number().int(),
  gameCode: z.string(),
  numero: numeroSchema,
  /** lottery-draw.ts betLeafRecord of the bet. */
  record: z.string(),
  leaf: hashHex,
  index: z.number().int(),
  path: z.array(merkleStepSchema),
  /** The numero's bets digest (the Merkle root) the path leads to. */
  betsDigest: z.string(),
});
export type BetProof = z.infer<typeof betProofSchema>;

export const oddsLineSchema = z.object({
  prizeMode: lotteryPrizeModeSchema,
  region: lotteryRegionSchema,
  playType: playTypeSchema,
  /** Paid per unit staked per hit, decimal (e.g. "95", "3.5"), up to 3 decimals. */
  odds: z.string(),
  minStake: decimalAmountSchema,
  maxStake: decimalAmountSchema,
  /** Return to player of these odds in percent, two decimals rounded down (lottery-rtp.ts, exact). */
  rtp: z.string(),
});
export type OddsLine = z.infer<typeof oddsLineSchema>;

/**
 * The fields a lottery request waiting for a second operator (four eyes) ends with: its reason,
 * where it stands, who asked for it and when, who decided it, when and why (null while pending).
 */
const lotteryFourEyesFieldsSchema = z.object({
  reason: z.string(),
  status: z.enum(['pending', 'approved', 'rejected']),
  ...fourEyesDecisionFields,
});

/** Odds above the brand's RTP ceiling, waiting for a second operator (four eyes). */
export const lotteryOddsRequestSchema = z
  .object({
    requestId: z.number().int(),
    // The odds line asked for; its `rtp`: the RTP these odds give, percent.
    ...oddsLineSchema.shape,
    /** The brand's RTP ceiling the line passes, percent. */
    ceiling: z.string(),
  })
  .extend(lotteryFourEyesFieldsSchema.shape);
export type LotteryOddsRequest = z.infer<typeof lotteryOddsRequestSchema>;

/**
 * A void of a numero after its lock, waiting for a second operator (four eyes, docs/lottery.md
 * "Settlement and voiding"): the second operator confirms it (operatorVoidNumero) or any operator
 * rejects it (operatorRejectLotteryVoid); the requester never confirms their own. Its `reason`:
 * why it should be voided, the public notice once it is.
 */
export const lotteryVoidRequestSchema = z
  .object({
    requestId: z.number().int(),
    gameCode: z.string(),
    /** The game's name in the operator's language. */
    gameName: z.string(),
    numero: numeroSchema,
    numeroStatus: numeroStatusSchema,
    /** The numero's draw time, ms. */
    drawTime: z.number(),
  })
  .extend(lotteryFourEyesFieldsSchema.shape);
export type LotteryVoidRequest = z.infer<typeof lotteryVoidRequestSchema>;

export const lotteryBetStatuses = ['open', 'won', 'lost', 'cancelled', 'void'] as const;
export const lotteryBetStatusSchema = z.enum(lotteryBetStatuses);

export const lotteryBetSchema = z.object({
  betId: z.number().int(),
  gameCode: z.string(),
  gameName: z.string(),
  numero: numeroSchema,
  playType: playTypeSchema,
  /** The selection: one number (or big/small …), or the 2–4 numbers of a xiên. */
  numbers: z.array(z.string()),
  stake: decimalAmountSchema,
  odds: z.string(),
  status: lotteryBetStatusSchema,
  /** Times the bet won (lô counts each prize number), 0 until settled. */
  hits: z.number().int(),
  payout: decimalAmountSchema,
  placedAt: z.number(),
  settledAt: z.number().nullable(),
  /**
   * Cancelling is allowed while the numero is open, until the brand's cancel freeze before its lock
   * (`cancelUntil`, ms; docs/lottery.md "Placing and cancelling").
   */
  cancellable: z.boolean(),
  cancelUntil: z.number(),
  /**
   * The numero's seed commitment (SHA-256 of the seed) and the randomness beacon round the draw will
   * mix in, as they were when the bet was placed: the bettor's own copy (null for older bets).
   */
  seedHash: z.string().nullable(),
  beaconRound: z.number().int().nullable(),
});
export type LotteryBet = z.infer<typeof lotteryBetSchema>;

/** Request ids are the slip's idempotency key: a retry with the same id places nothing new. */
const requestIdSchema = z
  .string()
  .trim()
  .min(8)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, _ and -');

export const placeSlipBodySchema = z.object({
  requestId: requestIdSchema,
  gameCode: gameCodeSchema,
  numero: numeroSchema,
  playType: playTypeSchema,
  /** One bet per number, or one xiên bet of all of them (lottery-draw.ts betsOfSlip). */
  numbers: z.array(z.string().trim().min(1).max(8)).min(1).max(maxNumbersPerSlip),
  /** The unit stake, major units; each bet stakes unit × multiplier. */
  unitStake: amountInputSchema,
  multiplier: z.number().int().min(1).max(1000).default(1),
});
export type PlaceSlipBody = z.input<typeof placeSlipBodySchema>;

export const placeSlipValueSchema = z.object({
  bets: z.array(lotteryBetSchema),
  /** Sum of the stakes, major units. */
  total: decimalAmountSchema,
  /** The main wallet after the slip. */
  balance: decimalAmountSchema,
  /** True when this requestId had already been placed: nothing moved this time. */
  replayed: z.boolean(),
});

const pageNo = z.coerce.number().int().min(1).max(10_000).default(1);
const pageSize = z.coerce.number().int().min(1).max(100).default(20);

export const lotteryCalls = {
  lotteryGameMenu: defineCall({
    id: 'lotteryGameMenu',
    method: 'GET',
    path: '/lgw/vn/games/game_menu',
    auth: 'public',
    encrypted: false,
    summary: 'The lottery lobby: games by menu tag with their open numero, countdown and latest result',
    tag: 'lottery',
    query: z.object({
      prizeMode: lotteryPrizeModeSchema.optional(),
      device: shortText.optional(),
      language: languageQuery,
    }),
    value: lotteryMenuValueSchema,
  }),
  lotteryRecentGames: defineCall({
    id: 'lotteryRecentGames',
    method: 'GET',
    path: '/lgw/vn/games/game_menu/recent',
    auth: 'optional',
    encrypted: false,
    summary: 'The lottery games the caller bet on most recently (empty for a guest)',
    tag: 'lottery',
    query: z.object({
      prizeMode: lotteryPrizeModeSchema.optional(),
      device: shortText.optional(),
      recentCount: z.coerce.number().int().min(1).max(recentLotteryCount).default(recentLotteryCount),
      language: languageQuery,
    }),
    value: z.object({ list: z.array(lotteryGameSchema) }),
  }),
  lotteryOpenNumero: defineCall({
    id: 'lotteryOpenNumero',
    method: 'GET',
    path: '/lgw/vn/numeros/opened/game',
    auth: 'public',
    encrypted: false,
    summary: "A game's numero open for bets now, with its times and seed commitment",
    tag: 'lottery',
    query: z.object({ gameCode: gameCodeSchema }),
    value: openNumeroValueSchema,
  }),
  lotteryNumeros: defineCall({
    id: 'lotteryNumeros',
    method: 'GET',
    path: '/lgw/vn/numeros',
    auth: 'public',
    encrypted: false,
    summary: "A game's latest drawn numeros (draw history), newest first",
    tag: 'lottery',
    query: z.object({
      gameCode: gameCodeSchema,
      count: z.coerce.number().int().min(1).max(numeroListCount).default(numeroListCount),
    }),
    value: z.object({ list: z.array(numeroResultSchema) }),
  }),
  lotteryNumeroProof: defineCall({
    id: 'lotteryNumeroProof',
    method: 'GET',
    path: '/lgw/vn/numeros/proof',
    auth: 'public',
    encrypted: false,
    summary: 'The seed, commitment and public inputs of a numero, to recompute its draw',
    tag: 'lottery',
    query: z.object({ gameCode: gameCodeSchema, numero: numeroSchema }),
    value: numeroProofSchema,
  }),
  lotteryNumeroLeaves: defineCall({
    id: 'lotteryNumeroLeaves',
    method: 'GET',
    path: '/lgw/vn/numeros/leaves',
    auth: 'public',
    encrypted: false,
    summary: "A page of a numero's bets digest leaves (after betting closed), to rebuild its Merkle root",
    tag: 'lottery',
    query: z.object({
      gameCode: gameCodeSchema,
      numero: numeroSchema,
      pageNo,
      pageSize: z.coerce.number().int().min(1).max(10_000).default(10_000),
    }),
    value: numeroLeavesSchema,
  }),
  lotteryOdds: defineCall({
    id: 'lotteryOdds',
    method: 'GET',
    path: '/lgw/vn/odds',
    auth: 'public',
    encrypted: false,
    summary: "A game's play types with their odds and stake limits",
    tag: 'lottery',
    query: z.object({ gameCode: gameCodeSchema }),
    value: z.object({ list: z.array(oddsLineSchema) }),
  }),
  lotteryLaunch: defineCall({
    id: 'lotteryLaunch',
    method: 'POST',
    path: '/lgw/vn/launch',
    auth: 'member',
    encrypted: false,
    summary: "Open the lottery lobby or a game's betting view: answers the site path to go to",
    tag: 'lottery',
    body: z.object({
      lottoArea: z.literal('VN').default('VN'),
      launchMode: z.enum(['LOTT', 'ELOTT']).default('LOTT'),
      lottoPrizeMode: lotteryPrizeModeSchema.optional(),
      lottoGameCode: gameCodeSchema.optional(),
      lottoView: z.enum(['betting', 'lobby']).default('lobby'),
      device: shortText.optional(),
      backUrl: z.string().trim().max(500).optional(),
      language: languageQuery,
    }),
    value: z.object({ content: z.string() }),
  }),
  lotteryPlaceSlip: defineCall({
    id: 'lotteryPlaceSlip',
    method: 'POST',
    path: '/lgw/vn/bets',
    auth: 'realMember',
    encrypted: false,
    summary: 'Place a slip: one bet (one journal entry) per number, or one xiên bet',
    tag: 'lottery',
    body: placeSlipBodySchema,
    value: placeSlipValueSchema,
  }),
  lotteryCancelBet: defineCall({
    id: 'lotteryCancelBet',
    method: 'POST',
    path: '/lgw/vn/bets/cancel',
    auth: 'realMember',
    encrypted: false,
    summary: 'Cancel an own bet while its numero is open: the stake comes back',
    tag: 'lottery',
    body: z.object({ betId: z.number().int().min(1).max(2_147_483_647) }),
    value: z.object({ bet: lotteryBetSchema, balance: decimalAmountSchema }),
  }),
  lotteryBetProof: defineCall({
    id: 'lotteryBetProof',
    method: 'GET',
    path: '/lgw/vn/bets/proof',
    auth: 'member',
    encrypted: false,
    summary: "An own bet's Merkle inclusion proof in its numero's bets digest (after betting closed)",
    tag: 'lottery',
    query: z.object({ betId: z.coerce.number().int().min(1).max(2_147_483_647) }),
    value: betProofSchema,
  }),
  lotteryMyBets: defineCall({
    id: 'lotteryMyBets',
    method: 'GET',
    path: '/lgw/vn/bets',
    auth: 'member',
    encrypted: false,
    summary: "The caller's lottery bets, newest first, paged",
    tag: 'lottery',
    query: z.object({
      gameCode: gameCodeSchema.optional(),
      numero: numeroSchema.optional(),
      status: lotteryBetStatusSchema.optional(),
      pageNo,
      pageSize,
    }),
    value: z.object({
      list: z.array(lotteryBetSchema),
      ...pagedValueFields,
    }),
  }),
  operatorLotteryOdds: defineCall({
    id: 'operatorLotteryOdds',
    method: 'GET',
    path: '/api/operator/lottery/odds',
    auth: 'operator',
    encrypted: false,
    summary: 'Every odds line (prize mode, region, play type)',
    tag: 'operator',
    value: z.object({ list: z.array(oddsLineSchema) }),
  }),
  operatorSetLotteryOdds: defineCall({
    id: 'operatorSetLotteryOdds',
    method: 'PUT',
    path: '/api/operator/lottery/odds',
    auth: 'operator',
    encrypted: false,
    summary: 'Set the odds and stake limits of one play type in one prize mode and region (new bets only)',
    tag: 'operator',
    body: z.object({
      prizeMode: lotteryPrizeModeSchema,
      region: lotteryRegionSchema,
      playType: playTypeSchema,
      odds: z
        .string()
        .trim()
        .max(12)
        .regex(/^(0|[1-9][0-9]{0,6})(\.[0-9]{1,3})?$/, 'a decimal with up to 3 decimals')
        .refine((value) => Number(value) > 0, 'must be positive'),
      minStake: amountInputSchema,
      maxStake: amountInputSchema,
      /** Why: required when the odds pass the RTP ceiling (they then wait for a second operator). */
      reason: z.string().trim().max(200).optional(),
    }),
    /**
     * `applied`: the line is set. `pending`: the odds pass the brand's RTP ceiling and wait for a
     * second operator (`request`); the line is unchanged until then. RTP of 100 % or more is refused.
     */
    value: z.object({
      status: z.enum(['applied', 'pending']),
      line: oddsLineSchema,
      request: lotteryOddsRequestSchema.nullable(),
    }),
  }),
  operatorLotteryOddsRequests: defineCall({
    id: 'operatorLotteryOddsRequests',
    method: 'GET',
    path: '/api/operator/lottery/odds/requests',
    auth: 'operator',
    encrypted: false,
    summary: 'Odds above the RTP ceiling waiting for (or decided by) a second operator',
    tag: 'operator',
    query: z.object({
      status: z.enum(['pending', 'approved', 'rejected']).default('pending'),
      limit: z.coerce.number().int().min(1).max(200).default(50),
    }),
    value: z.object({ ceiling: z.string(), items: z.array(lotteryOddsRequestSchema) }),
  }),
  operatorDecideLotteryOdds: defineCall({
    id: 'operatorDecideLotteryOdds',
    method: 'POST',
    path: '/api/operator/lottery/odds/requests/decide',
    auth: 'operator',
    encrypted: false,
    summary: 'A second operator approves (sets the odds) or rejects odds above the RTP ceiling',
    tag: 'operator',
    body: z.object({
      requestId: z.number().int().min(1).max(INT4_MAX),
      decision: z.enum(['approve', 'reject']),
      reason: z.string().trim().max(200).optional(),
    }),
    value: lotteryOddsRequestSchema,
  }),
  operatorLotteryExposure: defineCall({
    id: 'operatorLotteryExposure',
    method: 'GET',
    path: '/api/operator/lottery/exposure',
    auth: 'operator',
    encrypted: false,
    summary: "The house's possible payout per number of a draw, against the liability caps (largest first)",
    tag: 'operator',
    query: z.object({
      gameCode: gameCodeSchema,
      /** The numero; its open one when not given. */
      numero: numeroSchema.optional(),
    }),
    value: z.object({
      numero: numeroSchema.nullable(),
      status: z.string().nullable(),
      list: z.array(
        z.object({
          playType: playTypeSchema,
          /** The number (a xiên's numbers joined by ","). */
          number: z.string(),
          /**
           * The worst case: stake × odds × `maxHits` summed over its live bets (a lô on 27 is paid
           * for each prize number ending in 27, up to 27 in the north).
           */
          payout: decimalAmountSchema,
          bets: z.number().int(),
          /** The most times one bet of the play type can hit in the draw's layout (lottery-rtp.ts maxHits). */
          maxHits: z.number().int(),
          cap: decimalAmountSchema.nullable(),
          /** Percent of the cap taken. */
          used: z.string().nullable(),
        }),
      ),
    }),
  }),
  operatorLotteryOfficialDraws: defineCall({
    id: 'operatorLotteryOfficialDraws',
    method: 'GET',
    path: '/api/operator/lottery/official',
    auth: 'operator',
    encrypted: false,
    summary: "The regional games' result sources and the official-result draws waiting for their sheet",
    tag: 'operator',
    value: z.object({
      /** Minutes after the draw time a missing sheet voids the draw (settings lotteryResults). */
      deadlineMinutes: z.number().int(),
      /** The results feed in use: none (typed in only), http or demo. */
      feed: z.enum(['none', 'http', 'demo']),
      games: z.array(
        z.object({
          gameCode: z.string(),
          gameName: z.string(),
          region: lotteryRegionSchema,
          resultSource: lotteryResultSourceSchema,
        }),
      ),
      waiting: z.array(
        z.object({
          gameCode: z.string(),
          gameName: z.string(),
          region: lotteryRegionSchema,
          numero: numeroSchema,
          drawTime: z.number(),
          /** When a sheet still missing voids the draw. */
          deadline: z.number(),
          /** The operators who typed a copy (never the numbers: each copies the sheet on their own). */
          entries: z.array(z.object({ operator: z.string(), enteredAt: z.number() })),
          /** Where the typed copies differ (tier and place), empty when they agree or there is one. */
          differences: z.array(z.object({ tier: prizeTierSchema, index: z.number().int() })),
        }),
      ),
    }),
  }),
  operatorSetLotteryResultSource: defineCall({
    id: 'operatorSetLotteryResultSource',
    method: 'POST',
    path: '/api/operator/lottery/result-source',
    auth: 'operator',
    encrypted: false,
    summary:
      'Run a regional game on official results or on the house draw (its open draws without bets follow; a draw with bets keeps the source it took them under)',
    tag: 'operator',
    body: z.object({
      gameCode: gameCodeSchema,
      resultSource: lotteryResultSourceSchema,
      reason: z.string().trim().min(3).max(200),
    }),
    value: z.object({
      gameCode: z.string(),
      resultSource: lotteryResultSourceSchema,
      /** The open numeros (without bets) that follow the change. */
      numeros: z.array(numeroSchema),
    }),
  }),
  operatorEnterLotterySheet: defineCall({
    id: 'operatorEnterLotterySheet',
    method: 'POST',
    path: '/api/operator/lottery/official/sheet',
    auth: 'operator',
    encrypted: false,
    summary:
      "Type an official-result draw's sheet: two operators' matching copies are its result; a mismatch blocks settlement and names the places",
    tag: 'operator',
    body: z.object({
      gameCode: gameCodeSchema,
      numero: numeroSchema,
      /** The sheet by tier (special, first … eighth), each tier's numbers in the sheet's order. */
      tiers: z
        .record(z.string().max(12), z.array(z.string().trim().max(8)).max(10))
        .refine((tiers) => Object.keys(tiers).length <= 12, 'at most 12 tiers'),
    }),
    /**
     * `waiting`: the first copy, a second operator types theirs. `mismatch`: it differs from another
     * operator's copy at `differences` (settlement stays blocked; either may type a corrected copy).
     * `accepted`: it matches another operator's copy, which is now the draw's result.
     */
    value: z.object({
      status: z.enum(['waiting', 'mismatch', 'accepted']),
      differences: z.array(z.object({ tier: prizeTierSchema, index: z.number().int() })),
      numero: numeroProofSchema,
    }),
  }),
  operatorVoidNumero: defineCall({
    id: 'operatorVoidNumero',
    method: 'POST',
    path: '/api/operator/lottery/numeros/void',
    auth: 'operator',
    encrypted: false,
    summary:
      'Void a numero that is not settled: every bet of it is refunded. After its lock a second operator confirms (the first call answers pending)',
    tag: 'operator',
    body: z.object({
      gameCode: gameCodeSchema,
      numero: numeroSchema,
      reason: z.string().trim().min(3).max(200),
    }),
    value: z.object({
      numero: numeroProofSchema,
      refundedBets: z.number().int(),
      /** True when this call requested a void after the lock: a second operator must confirm it. */
      pending: z.boolean(),
    }),
  }),
  operatorLotteryVoidRequests: defineCall({
    id: 'operatorLotteryVoidRequests',
    method: 'GET',
    path: '/api/operator/lottery/numeros/void/requests',
    auth: 'operator',
    encrypted: false,
    summary:
      'Voids after the lock waiting for a second operator (oldest first), of numeros not yet settled or void',
    tag: 'operator',
    query: z.object({
      limit: z.coerce.number().int().min(1).max(200).default(50),
    }),
    value: z.object({ items: z.array(lotteryVoidRequestSchema) }),
  }),
  operatorRejectLotteryVoid: defineCall({
    id: 'operatorRejectLotteryVoid',
    method: 'POST',
    path: '/api/operator/lottery/numeros/void/reject',
    auth: 'operator',
    encrypted: false,
    summary: 'Reject a void waiting for a second operator, with a reason (the numero goes on as it was)',
    tag: 'operator',
    body: z.object({
      requestId: z.number().int().min(1).max(INT4_MAX),
      reason: z.string().trim().min(3).max(200),
    }),
    value: lotteryVoidRequestSchema,
  }),
};
