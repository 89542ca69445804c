import { z } from 'zod';
import { defineCall } from './define.ts';
import { gameCategorySchema, languageCodeSchema } from './system.ts';
import { decimalAmountSchema } from './wallet.ts';
import { epochMsSchema, pagedValueFields } from './input-rules.ts';
import { lotteryRegionSchema, lotteryResultOriginSchema, lotteryResultSourceSchema } from './lottery.ts';

/**
 * The member's betting record and profit and loss (spec 2 member centre: personalHistoryCopy,
 * personalProfit). Both read the rounds the member played (`game_rounds`), their own only. Trial
 * accounts may read them too: their demo rounds come back marked `wallet: 'trial'`. Amounts cross
 * as decimal strings in major units, in the brand's currency (rounds in another currency are left
 * out so that totals add up).
 */

/** A round's state: open (stake taken, not settled yet), settled, or rolled back by the vendor. */
export const roundStatuses = ['open', 'settled', 'rolled_back'] as const;
export const roundStatusSchema = z.enum(roundStatuses);
export type RoundStatus = z.infer<typeof roundStatusSchema>;

/** The wallet a round was played from: real money, or a trial account's demo funds. */
export const roundWalletSchema = z.enum(['main', 'trial']);
export type RoundWallet = z.infer<typeof roundWalletSchema>;

/** personalProfit: the default period (days, today included) and the longest one allowed. */
export const profitDefaultDays = 7;
export const profitMaxDays = 92;
export const bettingRecordPageSize = 20;

const msSchema = epochMsSchema;
const languageQuery = languageCodeSchema
  .optional()
  .describe('Game names in this language; defaults to the Language header, then the brand default');

export const bettingRecordQuerySchema = z.object({
  /** One category (spec 9), or all when absent. */
  gameType: gameCategorySchema.optional(),
  /** One lobby vendor (game_vendors.vassalage), or all when absent. */
  vassalage: z.string().trim().min(1).max(64).optional(),
  /** Rounds started at or after this, ms since epoch. */
  from: msSchema.optional(),
  /** Rounds started before this, ms since epoch (exclusive). Must be after `from`. */
  to: msSchema.optional(),
  status: roundStatusSchema.optional(),
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(bettingRecordPageSize),
  language: languageQuery,
});
export type BettingRecordQuery = z.input<typeof bettingRecordQuerySchema>;

/** Sums over a set of rounds. `profit` is win − bet: negative is a loss. */
export const roundTotalsSchema = z.object({
  rounds: z.number().int(),
  bet: decimalAmountSchema,
  win: decimalAmountSchema,
  profit: decimalAmountSchema,
});
export type RoundTotals = z.infer<typeof roundTotalsSchema>;

export const bettingRecordLineSchema = z.object({
  /** The vendor's round id (unique per vendor: pair it with `vassalage` for a key). */
  roundId: z.string(),
  nodeId: z.number().int(),
  /** The game's name in the request's language (the game code when the catalogue lost it). */
  gameName: z.string(),
  vassalage: z.string(),
  /** The vendor's display name (its vassalage when the vendor is gone). */
  vendorName: z.string(),
  gameType: z.string(),
  /** Total staked in the round (after any rolled-back stake). */
  bet: decimalAmountSchema,
  /** Total paid back (gross: the stake included when it won). */
  win: decimalAmountSchema,
  /** win − bet. For an open round: what it has cost so far. */
  profit: decimalAmountSchema,
  status: roundStatusSchema,
  /** ms since epoch. */
  startedAt: z.number(),
  /** ms since epoch; null while open. */
  settledAt: z.number().nullable(),
  wallet: roundWalletSchema,
  /**
   * A lottery bet's draw (issue 13): its numero, play type and numbers, the odds (decimal), the
   * times it won and the special prize once drawn; and where its numbers come from (issue 36, docs/
   * lottery.md "Result sources"): the game's region, a house draw or the official result, and an
   * official result's origin once it is in (the results feed, or two operators' typed copies).
   * Absent for other games.
   */
  draw: z
    .object({
      numero: z.string(),
      playType: z.string(),
      numbers: z.array(z.string()),
      odds: z.string(),
      hits: z.number().int(),
      special: z.string().nullable(),
      region: lotteryRegionSchema,
      resultSource: lotteryResultSourceSchema,
      resultOrigin: lotteryResultOriginSchema.nullable(),
    })
    .optional(),
});
export type BettingRecordLine = z.infer<typeof bettingRecordLineSchema>;

export const bettingRecordValueSchema = z.object({
  /** Newest round first. */
  list: z.array(bettingRecordLineSchema),
  /** Over every round that matches the filters, not only this page. */
  totals: roundTotalsSchema,
  ...pagedValueFields,
  currency: z.string(),
});
export type BettingRecordValue = z.infer<typeof bettingRecordValueSchema>;

export const personalProfitQuerySchema = z.object({
  /** Rounds settled at or after this, ms since epoch. Default: midnight (UTC) six days before today. */
  from: msSchema.optional(),
  /** Rounds settled before this, ms since epoch (exclusive). Default: now. At most 92 days after `from`. */
  to: msSchema.optional(),
  gameType: gameCategorySchema.optional(),
});
export type PersonalProfitQuery = z.input<typeof personalProfitQuerySchema>;

export const profitCategorySchema = roundTotalsSchema.extend({ gameType: z.string() });
export type ProfitCategory = z.infer<typeof profitCategorySchema>;

export const profitDaySchema = roundTotalsSchema.extend({
  /** 'YYYY-MM-DD' in `timeZone`. */
  day: z.string(),
  /** In the header's category order. */
  byCategory: z.array(profitCategorySchema),
});
export type ProfitDay = z.infer<typeof profitDaySchema>;

export const personalProfitValueSchema = z.object({
  /** Only days with settled rounds, newest first. */
  days: z.array(profitDaySchema),
  totals: roundTotalsSchema,
  /** The period actually read (defaults applied), ms since epoch, `to` exclusive. */
  from: z.number(),
  to: z.number(),
  timeZone: z.string(),
  currency: z.string(),
});
export type PersonalProfitValue = z.infer<typeof personalProfitValueSchema>;

export const recordCalls = {
  bettingRecord: defineCall({
    id: 'MCSFE_getBettingRecord',
    method: 'GET',
    path: '/wps/relay/MCSFE_getBettingRecord',
    // `member`, not `realMember`: a trial account may read its demo rounds.
    auth: 'member',
    encrypted: false,
    summary:
      "The betting record (personalHistoryCopy): the member's own rounds, newest first, with totals over the filtered set",
    tag: 'records',
    query: bettingRecordQuerySchema,
    value: bettingRecordValueSchema,
  }),
  personalProfit: defineCall({
    id: 'MCSFE_getPersonalProfit',
    method: 'GET',
    path: '/wps/relay/MCSFE_getPersonalProfit',
    auth: 'member',
    encrypted: false,
    summary: "Profit and loss (personalProfit): the member's settled rounds summed by day (UTC) and category",
    tag: 'records',
    query: personalProfitQuerySchema,
    value: personalProfitValueSchema,
  }),
};
