import { z } from 'zod';
import { defineCall } from '../define.ts';
import { INT4_MAX, epochMsUnit } from '../input-rules.ts';
import { rewardStateSchema } from '../promotions.ts';
import { rafflePrizeSchema, raffleRuleSchema, raffleStateSchema } from '../raffle.ts';
import { amountInputSchema, decimalAmountSchema } from '../wallet.ts';
import { bonusRuleInputSchema } from './promotions.ts';
import type { OperatorPermission } from './roles.ts';

/**
 * The back office's raffles (issue 39 item 4; docs/back-office-promotions.md "Raffles"): every
 * raffle with its state, entries, tickets, the draw's proof fields and, once drawn, its winners and
 * their rewards; and the creation of a raffle on a promotion page. A raffle is never edited or
 * removed once created: the draw's commitment (its seed hash) is to its terms.
 *
 * Amounts are decimal strings in major units (docs/design.md, Money).
 */

/**
 * A raffle's rule as an operator sends it: the contract's raffleRuleSchema (with its refinements:
 * at most 100 places, a category that counts) whose amounts are request amounts (bounded, as every
 * amount a request carries) and whose weights and prize lines are strict objects, so every field of
 * the request has a name. The server checks it again with the brand's precision and bound
 * (checkRaffleRule).
 */
export const raffleRuleInputSchema = raffleRuleSchema.safeExtend({
  ticketTurnover: amountInputSchema,
  maxBet: amountInputSchema,
  prizes: z
    .array(z.strictObject({ amount: amountInputSchema, count: rafflePrizeSchema.shape.count }))
    .min(1)
    .max(10),
  // One optional field per wagering category, an unknown one refused: as a bonus rule's.
  weights: bonusRuleInputSchema.shape.weights,
});
export type RaffleRuleInput = z.input<typeof raffleRuleInputSchema>;

/** The longest a raffle may run, days. */
export const RAFFLE_MAX_DAYS = 90;

/** A start may be this far in the past (the form's minute, the clocks' drift), ms. */
export const RAFFLE_START_SLACK_MS = 60_000;

/** An instant in a request, ms since epoch (up to the year 9999). */
const instantSchema = z.number().int().min(0).max(253_402_300_799_999).meta({ unit: epochMsUnit });

/** A winner as the back office lists it, with the state of the reward the draw wrote. */
export const operatorRaffleWinnerSchema = z.object({
  place: z.number().int(),
  /** The winner's username, masked as on the promotion page ("ra****ix"). */
  username: z.string(),
  amount: decimalAmountSchema,
  /** The winning ticket's number (0-based over all tickets). */
  ticket: z.number().int(),
  /** The reward in the winner's reward centre: a waiting one past its time is `expired`. */
  rewardState: rewardStateSchema.nullable(),
});
export type OperatorRaffleWinner = z.infer<typeof operatorRaffleWinnerSchema>;

export const operatorRaffleSchema = z.object({
  raffleId: z.number().int(),
  promotionId: z.number().int(),
  /** The page's title in English, else the brand's default language; `#id` when the page is gone. */
  title: z.string(),
  /** As the promotion page shows it: coming, open, counting (ended, not locked yet), locked, drawn. */
  state: raffleStateSchema,
  /** ms since epoch. */
  startsAt: z.number().int(),
  endsAt: z.number().int(),
  currency: z.string(),
  rule: raffleRuleSchema,
  /** Members who joined. */
  entries: z.number().int(),
  /** From the lock: entries holding tickets and the tickets in all; null before. */
  entriesWithTickets: z.number().int().nullable(),
  ticketTotal: z.number().int().nullable(),
  /** The prizes in all (every place's prize), and how many places. */
  prizesTotal: decimalAmountSchema,
  places: z.number().int(),
  /** The draw's proof: the seed's hash (from creation), the digest and beacon round (from the lock). */
  seedHash: z.string(),
  lockedAt: z.number().int().nullable(),
  digest: z.string().nullable(),
  beaconRound: z.number().int().nullable(),
  drawnAt: z.number().int().nullable(),
  createdBy: z.string(),
  createdAt: z.number().int(),
  /** Drawn: the winners, first place first; empty before. */
  winners: z.array(operatorRaffleWinnerSchema),
});
export type OperatorRaffle = z.infer<typeof operatorRaffleSchema>;

export const rafflesAdminCalls = {
  operatorRaffles: defineCall({
    id: 'operatorRaffles',
    method: 'GET',
    path: '/api/operator/promotion/raffles',
    auth: 'operator',
    encrypted: false,
    summary:
      "Every raffle with its state, entries, tickets, prizes, the draw's proof fields and, once drawn, its winners and their rewards; the promotion pages a raffle can be made on; the bound's smallest wagering multiple",
    tag: 'back-office-promotions',
    value: z.object({
      /** Newest first. */
      raffles: z.array(operatorRaffleSchema),
      /** Promotion pages with neither a raffle nor a bonus rule, in content's order. */
      pages: z.array(
        z.object({
          promotionId: z.number().int(),
          title: z.string(),
          /** The page's own dates (ms), null for open. */
          startsAt: z.number().int().nullable(),
          endsAt: z.number().int().nullable(),
        }),
      ),
      /** The smallest wagering multiple of a prize (as of a bonus); null when no rule can pass. */
      smallestWageringMultiple: z.number().int().nullable(),
      /** The brand's time zone (the form's date-times are read in it), currency, sign and decimals. */
      timeZone: z.string(),
      currency: z.string(),
      currencySymbol: z.string(),
      currencyPrecision: z.number().int(),
    }),
  }),
  operatorRaffleCreate: defineCall({
    id: 'operatorRaffleCreate',
    method: 'POST',
    path: '/api/operator/promotion/raffle/create',
    auth: 'operator',
    encrypted: false,
    summary:
      'Creates a raffle on a promotion page with neither a raffle nor a bonus rule (CONFLICT otherwise): its seed drawn now, its hash published; it starts no earlier than a minute ago and runs at most 90 days; never edited or removed afterwards; audited',
    tag: 'back-office-promotions',
    body: z.object({
      promotionId: z.number().int().min(1).max(INT4_MAX),
      /** ms since epoch: tickets count betting settled from the start (and the member's join) to the end. */
      startsAt: instantSchema,
      endsAt: instantSchema,
      rule: raffleRuleInputSchema,
    }),
    value: operatorRaffleSchema,
  }),
};

/** Raffles are made like the promotion pages they belong to (content.read, content.write). */
export const rafflesAdminCallPermissions: Record<keyof typeof rafflesAdminCalls, OperatorPermission> = {
  operatorRaffles: 'content.read',
  operatorRaffleCreate: 'content.write',
};
