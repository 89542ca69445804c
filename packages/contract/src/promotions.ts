import { z } from 'zod';
import { defineCall } from './define.ts';
import { gameCategorySchema } from './system.ts';
import { decimalAmountSchema } from './wallet.ts';

/**
 * Promotions that pay (issue 39). First of them, the manual rebate (spec 2 member centre
 * `manualRebate`, spec 6 flag): a share of the member's valid betting since the last claim, per game
 * category, paid as cash when the member claims it (docs/promotions.md "Manual rebate"). The share is
 * of edge-weighted betting (each stake × its game's house edge ÷ the reference edge of 5 %, as the
 * agents' wages), so a rebate can never pay more than the part of the house's expected win the brand
 * gives away.
 */

/** A claim's figures for one game category. Amounts are decimal strings in major units. */
export const rebateLineSchema = z.object({
  gameType: gameCategorySchema,
  /** Valid betting: stakes of the settled rounds (main wallet) that did not return the stake exactly. */
  validBet: decimalAmountSchema,
  /** The valid betting weighed by each game's house edge against the reference edge (5 %). */
  countedBet: decimalAmountSchema,
  /** The category's rate, percent of the counted betting ("0.5"). */
  rate: z.string(),
  amount: decimalAmountSchema,
});
export type RebateLine = z.infer<typeof rebateLineSchema>;

export const rebateClaimSchema = z.object({
  id: z.number().int(),
  /** When it was claimed, ms since epoch. */
  claimedAt: z.number().int(),
  /** The rounds it counted were settled in [from, to), ms since epoch. */
  from: z.number().int(),
  to: z.number().int(),
  amount: decimalAmountSchema,
  lines: z.array(rebateLineSchema),
});
export type RebateClaim = z.infer<typeof rebateClaimSchema>;

export const rebateValueSchema = z.object({
  /** What a claim now would count: rounds settled from `from` up to `to` (ms since epoch). */
  from: z.number().int(),
  to: z.number().int(),
  /** Rounds settled in the last `delaySeconds` wait for the next claim (a settlement may still be committing). */
  delaySeconds: z.number().int(),
  lines: z.array(rebateLineSchema),
  total: decimalAmountSchema,
  /** The smallest total a claim pays. */
  minimum: decimalAmountSchema,
  /** The categories' rates (percent), those above zero, for the page's table of rates. */
  rates: z.array(z.object({ gameType: gameCategorySchema, rate: z.string() })),
  /** The member's last claims, newest first (at most 10). */
  claims: z.array(rebateClaimSchema),
});
export type RebateValue = z.infer<typeof rebateValueSchema>;

/** Claiming takes no choice: the server counts the rounds itself. */
export const rebateClaimBodySchema = z.object({}).strict();

export const promotionCalls = {
  rebate: defineCall({
    id: 'rebate',
    method: 'GET',
    path: '/wps/promotion/rebate',
    auth: 'realMember',
    encrypted: false,
    summary:
      'Manual rebate: what a claim now would pay per game category (valid betting since the last claim), the rates, the last claims',
    tag: 'promotions',
    value: rebateValueSchema,
  }),
  rebateClaim: defineCall({
    id: 'rebateClaim',
    method: 'POST',
    path: '/wps/promotion/rebate/claim',
    auth: 'realMember',
    encrypted: false,
    summary:
      'Claims the manual rebate: pays the total to the main wallet in one journal entry, once per period (REBATE_BELOW_MINIMUM below the minimum)',
    tag: 'promotions',
    body: rebateClaimBodySchema,
    value: rebateClaimSchema,
  }),
};
