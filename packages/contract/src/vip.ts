import { z } from 'zod';
import { defineCall } from './define.ts';
import type { OperatorPermission } from './back-office/roles.ts';
import { amountInputSchema, decimalAmountSchema } from './wallet.ts';

/**
 * VIP ranks (issue 40 item 1; docs/vip.md). A member's rank level rises at once when their
 * turnover and deposits over the last `periodDays` brand days reach a level's thresholds, and is
 * reviewed (and may fall) once every period. Reaching a level for the first time puts its level-up
 * reward into the reward centre, claimed as bonus money with the level's wagering.
 *
 * Amounts are decimal strings in major units (docs/design.md, Money).
 */

/** The most levels a table may have (level 0, the base every member starts at, included). */
export const VIP_LEVELS_MAX = 12;

/** Rank levels above this one open the VIP service contact (spec 6). */
export const VIP_SERVICE_FROM_LEVEL = 5;

/** A level's reward may be at most this share (in basis points) of its turnover threshold. */
export const VIP_REWARD_MAX_BP_OF_TURNOVER = 100;

export const vipLevelSchema = z.object({
  /** 0, 1, 2 … in order; level 0 is the base (thresholds 0, no reward). */
  level: z
    .number()
    .int()
    .min(0)
    .max(VIP_LEVELS_MAX - 1),
  /** What the header and member info show (clubLabel.labelName), e.g. "Gold". */
  name: z.string().trim().min(1).max(24),
  /** Settled turnover over the rolling period needed to hold the level. */
  turnover: decimalAmountSchema,
  /** Credited deposits over the rolling period needed to hold the level. */
  deposits: decimalAmountSchema,
  /** Bonus money put into the reward centre the first time a member reaches the level ("0": none). */
  reward: decimalAmountSchema,
  /** The reward's wagering: this many times the reward (as every bonus, bounded by the house edge). */
  wageringMultiple: z.number().int().min(1).max(200),
  /**
   * The most a member at this level may ask to withdraw in one brand day (requests not rejected);
   * null for no daily limit (the brand's per-request limits still apply).
   */
  dailyWithdrawalLimit: decimalAmountSchema.nullable(),
});
export type VipLevel = z.infer<typeof vipLevelSchema>;

export const vipTableSchema = z.object({
  /** The rolling period, in brand days, over which turnover and deposits count (and reviews fall). */
  periodDays: z.number().int().min(1).max(365),
  /** Level 0 first, each level's thresholds above the one before. */
  levels: z.array(vipLevelSchema).min(1).max(VIP_LEVELS_MAX),
});
export type VipTable = z.infer<typeof vipTableSchema>;

/** The table as an operator sends it: request amounts (bounded), every field named. */
export const vipTableInputSchema = z.strictObject({
  periodDays: vipTableSchema.shape.periodDays,
  levels: z
    .array(
      z.strictObject({
        ...vipLevelSchema.shape,
        turnover: amountInputSchema,
        deposits: amountInputSchema,
        reward: amountInputSchema,
        dailyWithdrawalLimit: amountInputSchema.nullable(),
      }),
    )
    .min(1)
    .max(VIP_LEVELS_MAX),
});
export type VipTableInput = z.input<typeof vipTableInputSchema>;

export const vipProgressSchema = z.object({
  level: z.number().int(),
  name: z.string(),
  /** The rolling period: brand days, and its start (ms since epoch; the start of a brand day). */
  periodDays: z.number().int(),
  periodFrom: z.number().int(),
  /** What counted in the period so far. */
  turnover: decimalAmountSchema,
  deposits: decimalAmountSchema,
  /** The next level and its thresholds; null at the top level. */
  next: z
    .object({
      level: z.number().int(),
      name: z.string(),
      turnover: decimalAmountSchema,
      deposits: decimalAmountSchema,
    })
    .nullable(),
  /** The thresholds the current level needs at its review (level 0 needs nothing). */
  keep: z.object({ turnover: decimalAmountSchema, deposits: decimalAmountSchema }),
  /** When the level is next reviewed (ms since epoch); null at level 0 (nothing to lose). */
  reviewAt: z.number().int().nullable(),
  /** The level's daily withdrawal limit; null for none. */
  dailyWithdrawalLimit: decimalAmountSchema.nullable(),
  /** Whether the VIP service contact is open to the member (rank level above 4, spec 6). */
  vipService: z.boolean(),
});
export type VipProgress = z.infer<typeof vipProgressSchema>;

/** One rank change of a member, as the back office lists it. */
export const vipRankChangeSchema = z.object({
  fromLevel: z.number().int(),
  toLevel: z.number().int(),
  reason: z.enum(['upgrade', 'review', 'operator']),
  turnover: decimalAmountSchema,
  deposits: decimalAmountSchema,
  at: z.number().int(),
});
export type VipRankChange = z.infer<typeof vipRankChangeSchema>;

export const vipCalls = {
  vipProgress: defineCall({
    id: 'vipProgress',
    method: 'GET',
    path: '/wps/member/vip',
    auth: 'realMember',
    encrypted: false,
    summary:
      "The member's VIP rank: level and name, turnover and deposits over the rolling period, the next level's thresholds, the next review, whether the VIP service is open",
    tag: 'accounts',
    value: vipProgressSchema,
  }),
};

export const vipAdminValueSchema = vipTableSchema.extend({
  /** The bound's smallest wagering multiple of a reward; null when no bonus can pass. */
  smallestWageringMultiple: z.number().int().nullable(),
  currency: z.string(),
  currencySymbol: z.string(),
  currencyPrecision: z.number().int(),
  timeZone: z.string(),
  /** Members at each level (level → count). */
  members: z.array(z.object({ level: z.number().int(), count: z.number().int() })),
  updatedBy: z.string().nullable(),
  updatedAt: z.number().int().nullable(),
});
export type VipAdminValue = z.infer<typeof vipAdminValueSchema>;

export const vipAdminCalls = {
  operatorVipTable: defineCall({
    id: 'operatorVipTable',
    method: 'GET',
    path: '/api/operator/vip/levels',
    auth: 'operator',
    encrypted: false,
    summary:
      "The VIP rank table (period, levels, thresholds, level-up rewards), members per level, the bound's smallest multiple",
    tag: 'back-office-promotions',
    value: vipAdminValueSchema,
  }),
  operatorVipTableSave: defineCall({
    id: 'operatorVipTableSave',
    method: 'POST',
    path: '/api/operator/vip/levels',
    auth: 'operator',
    encrypted: false,
    summary:
      'Replaces the VIP rank table: levels 0, 1, 2 … in order, level 0 free, thresholds strictly increasing, rewards within the bound (VALIDATION_FAILED with the field); audited',
    tag: 'back-office-promotions',
    body: vipTableInputSchema,
    value: vipAdminValueSchema,
  }),
  operatorVipSetLevel: defineCall({
    id: 'operatorVipSetLevel',
    method: 'POST',
    path: '/api/operator/vip/member-level',
    auth: 'operator',
    encrypted: false,
    summary:
      "Sets a player's rank level by hand (a level of the table; agents and trial accounts hold none), with a reason: no level-up reward, the review one period on; audited",
    tag: 'back-office-promotions',
    body: z.strictObject({
      username: z.string().trim().min(1).max(50),
      level: z
        .number()
        .int()
        .min(0)
        .max(VIP_LEVELS_MAX - 1),
      reason: z.string().trim().min(3).max(200),
    }),
    value: z.object({
      username: z.string(),
      fromLevel: z.number().int(),
      toLevel: z.number().int(),
      /** ms since epoch; null at level 0. */
      reviewAt: z.number().int().nullable(),
    }),
  }),
};

/** The table is read as the site's settings are (content.read) and changed as they are (settings.write). */
export const vipAdminCallPermissions: Record<keyof typeof vipAdminCalls, OperatorPermission> = {
  operatorVipTable: 'content.read',
  operatorVipTableSave: 'settings.write',
  // A player's rank by hand is a decision on the player, as their status is.
  operatorVipSetLevel: 'players.status',
};
