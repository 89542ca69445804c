import { z } from 'zod';
import { defineCall } from './define.ts';
import { pagedValueFields } from './input-rules.ts';
import { REFERENCE_EDGE_BP, gameCategorySchema } from './system.ts';
import { decimalAmountSchema, requestIdSchema } from './wallet.ts';

/**
 * Loyalty points (issue 40 item 2; docs/loyalty.md). Points are earned from each brand day's
 * edge-weighted betting per game category, kept in a points ledger of their own (never expiring),
 * and converted to cash at the brand's ratio with the payment password. Points are whole numbers
 * and cross the API as decimal strings of digits (like money: a JSON number could lose digits).
 */
export const pointsSchema = z.string().regex(/^(0|[1-9][0-9]{0,17})$/, 'whole points');

/** A signed change of points, as the points detail lists it ("-500", "120"). */
export const signedPointsSchema = z.string().regex(/^(0|-?[1-9][0-9]{0,17})$/, 'whole points');

/** Points in a request: a positive whole number below 10^15. */
export const pointsInputSchema = z
  .string()
  .trim()
  .max(15)
  .regex(/^[1-9][0-9]{0,14}$/, 'a positive whole number of points');

/**
 * The bound of the earning rates (docs/loyalty.md "The bound"), held by the server's settings and
 * shown by the back office: the share (basis points of the house's expected win, rounded up) that
 * the cash value of `rate` points per 100 of edge-weighted betting gives away at `pointsPerCash`
 * points a unit of cash: (rate ÷ pointsPerCash) per 100 counted, against the expected win of the
 * reference edge (5 per 100) on it.
 */
export function loyaltyShareBp(rate: number, pointsPerCash: number): number {
  return Math.ceil((Math.round(rate * 100) * 10_000) / (pointsPerCash * REFERENCE_EDGE_BP));
}

/** The highest rate (points per 100, two decimals) that `edgeShare` percent of the expected win allows. */
export function maxLoyaltyRate(edgeShare: number, pointsPerCash: number): number {
  return Math.floor((Math.round(edgeShare * 100) * pointsPerCash * REFERENCE_EDGE_BP) / 10_000) / 100;
}

export const pointBalanceValueSchema = z.object({
  /** The brand earns and converts points (settings loyaltyPoints.enabled). */
  enabled: z.boolean(),
  balance: pointsSchema,
});
export type PointBalanceValue = z.infer<typeof pointBalanceValueSchema>;

export const pointConfigValueSchema = z.object({
  enabled: z.boolean(),
  /** Per game category: points earned per 100 (major units) of edge-weighted betting. */
  rates: z.array(z.object({ gameType: gameCategorySchema, rate: z.string() })),
  /** How many points make one major unit of cash ("100": 100 points → ৳1.00). */
  pointsPerCash: pointsSchema,
  /** The fewest points one conversion takes. */
  minimumConversion: pointsSchema,
  /** A conversion takes a multiple of this many points (so that the cash is exact). */
  conversionStep: pointsSchema,
  currency: z.string(),
  /** The brand's day, on which points are earned and the detail's dates are shown. */
  timeZone: z.string(),
});
export type PointConfigValue = z.infer<typeof pointConfigValueSchema>;

export const pointKinds = ['earn', 'convert'] as const;
export const pointKindSchema = z.enum(pointKinds);
export type PointKind = z.infer<typeof pointKindSchema>;

/** One line of the points detail (spec 3: reference number, time, type, amount, remark). */
export const pointDetailLineSchema = z.object({
  reference: z.string(),
  /** ms since epoch. */
  time: z.number().int(),
  type: pointKindSchema,
  /** Signed: positive earned, negative converted. */
  amount: signedPointsSchema,
  /** The member's points right after this entry. */
  balanceAfter: pointsSchema,
  /** The brand day the points were earned on, or the cash a conversion paid. */
  remark: z.string(),
});
export type PointDetailLine = z.infer<typeof pointDetailLineSchema>;

export const pointDetailQuerySchema = z.object({
  type: pointKindSchema.optional(),
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const pointDetailValueSchema = z.object({
  list: z.array(pointDetailLineSchema),
  ...pagedValueFields,
});
export type PointDetailValue = z.infer<typeof pointDetailValueSchema>;

export const convertPointBodySchema = z.object({
  points: pointsInputSchema,
  paymentPassword: z.string().min(1, 'Required').max(64),
  /** The client's id for this conversion (a UUID): a retry with the same id converts once. */
  requestId: requestIdSchema,
});

export const convertPointValueSchema = z.object({
  /** The points entry's reference number. */
  reference: z.string(),
  replayed: z.boolean(),
  points: pointsSchema,
  /** The cash paid to the main wallet (major units). */
  cash: decimalAmountSchema,
  currency: z.string(),
  /** The member's points right after the conversion. */
  balance: pointsSchema,
});
export type ConvertPointValue = z.infer<typeof convertPointValueSchema>;

export const loyaltyCalls = {
  pointBalance: defineCall({
    id: 'MCS2_getPointBalance',
    method: 'GET',
    path: '/wps/relay/MCS2_getPointBalance',
    auth: 'realMember',
    encrypted: false,
    summary: "The member's points balance (points never expire)",
    tag: 'loyalty',
    value: pointBalanceValueSchema,
  }),
  pointConfig: defineCall({
    id: 'MCS2_getPointConfig',
    method: 'GET',
    path: '/wps/relay/MCS2_getPointConfig',
    auth: 'public',
    encrypted: false,
    summary: 'How points are earned (rate per game category) and converted (ratio, minimum, step)',
    tag: 'loyalty',
    value: pointConfigValueSchema,
  }),
  pointDetail: defineCall({
    id: 'ODSFE2_MemTransDet',
    method: 'GET',
    path: '/wps/relay/ODSFE2_MemTransDet',
    auth: 'realMember',
    encrypted: false,
    summary: "The member's points detail: every points entry, newest first, with its reference number",
    tag: 'loyalty',
    query: pointDetailQuerySchema,
    value: pointDetailValueSchema,
  }),
  convertPoint: defineCall({
    id: 'MCS2_convertPoint',
    method: 'POST',
    path: '/wps/relay/passwordCheck/MCS2_convertPoint',
    auth: 'realMember',
    encrypted: true,
    summary:
      'Converts points to cash in the main wallet at the brand ratio (payment password; once per request id)',
    tag: 'loyalty',
    body: convertPointBodySchema,
    value: convertPointValueSchema,
  }),
};
