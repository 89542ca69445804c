import { z } from 'zod';
import { minorUnitsSchema, stakeSchema, vendorIdSchema } from './vendor-protocol.ts';

/**
 * The transfer wallet API (docs/vendor-protocol.md, "Transfer mode"): a transfer-mode vendor keeps
 * the player's game balance itself, and the platform moves money in and out of it. Platform →
 * vendor: `POST <apiBaseUrl>/api/transfer/<action>` with a JSON body, signed both ways exactly as
 * the seamless protocol (`x-khela-signature` over the raw body, ±300 s).
 *
 * - `deposit` credits the vendor wallet (the platform has already taken the money from the
 *   member's main wallet); `withdraw` debits it (the platform credits the main wallet once the
 *   vendor said yes).
 * - Both are idempotent by `transactionId`: a replay with the same body returns the first answer,
 *   a refusal included; the same id with another body is refused with DUPLICATE_TRANSACTION. So
 *   the platform may send a call again and again until it has a definite answer.
 * - Every answer carries the vendor wallet's balance right after the call (for a replay: as it was
 *   then). The platform books the game results played since the last transfer from it.
 * - `records` reads the vendor's settled rounds page by page after its cursor, for the member's
 *   betting record (records only: no money moves with them).
 *
 * Amounts are integer minor units as JSON numbers (safe integers).
 */

export const transferActions = ['balance', 'deposit', 'withdraw', 'records'] as const;
export const transferActionSchema = z.enum(transferActions);
export type TransferAction = z.infer<typeof transferActionSchema>;

/** The platform's player id at the vendor (the seamless `authenticate` answer's `playerId`). */
const playerIdSchema = z.string().regex(/^[1-9][0-9]{0,18}$/, 'a player id');
/** The platform's transfer id: `vt-` and 1–60 URL-safe characters. */
export const transferIdSchema = z.string().regex(/^vt-[A-Za-z0-9_-]{1,60}$/, 'a transfer id');

export const transferBalanceRequestSchema = z.object({
  playerId: playerIdSchema,
  currency: z.string().regex(/^[A-Z]{3}$/),
});

export const transferMoveRequestSchema = z.object({
  transactionId: transferIdSchema,
  playerId: playerIdSchema,
  currency: z.string().regex(/^[A-Z]{3}$/),
  amount: stakeSchema,
});

/** Where a page of bet records ended: the vendor's own token, opaque to the platform. */
export const transferCursorSchema = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[\x21-\x7e]+$/, 'printable ASCII without spaces');

/** The most bet records one page may hold. */
export const transferRecordsMaxLimit = 500;

/**
 * `records`: the vendor's settled rounds after `cursor` (null: from its first round), oldest first,
 * at most `limit` of them (docs/vendor-protocol.md, "Bet records").
 */
export const transferRecordsRequestSchema = z.object({
  cursor: transferCursorSchema.nullable(),
  limit: z.number().int().min(1).max(transferRecordsMaxLimit),
});

export const transferRequestSchemas = {
  balance: transferBalanceRequestSchema,
  deposit: transferMoveRequestSchema,
  withdraw: transferMoveRequestSchema,
  records: transferRecordsRequestSchema,
} as const satisfies Record<TransferAction, z.ZodType>;

/** A request of the transfer API, by action. */
export type TransferRequest<A extends TransferAction> = z.infer<(typeof transferRequestSchemas)[A]>;

export const transferBalanceAnswerSchema = z.object({
  ok: z.literal(true),
  playerId: z.string(),
  currency: z.string().length(3),
  balance: minorUnitsSchema,
});

export const transferMoveAnswerSchema = z.object({
  ok: z.literal(true),
  transactionId: z.string(),
  /** The vendor wallet's balance right after this transfer. */
  balance: minorUnitsSchema,
});

/** A time in a bet record: Unix milliseconds (UTC). */
const recordTimeSchema = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/**
 * One settled round at the vendor, played from the player's game wallet: what it staked and paid
 * (minor units of `currency`), when it started and settled, and the vendor's summary of it.
 */
export const transferRecordSchema = z.object({
  /** Unique per vendor: the platform keeps each round once by (vendor, roundId). */
  roundId: vendorIdSchema,
  playerId: playerIdSchema,
  gameCode: z.string().min(1).max(64),
  currency: z.string().regex(/^[A-Z]{3}$/),
  bet: minorUnitsSchema,
  win: minorUnitsSchema,
  startedAt: recordTimeSchema,
  settledAt: recordTimeSchema,
  /** The outcome shown to the player (as a seamless credit's `detail`), or null. */
  detail: z.record(z.string(), z.unknown()).nullable(),
});

export const transferRecordsAnswerSchema = z.object({
  ok: z.literal(true),
  records: z.array(transferRecordSchema).max(transferRecordsMaxLimit),
  /** Where this page ended: the next call's `cursor` (null only while the vendor has no record). */
  cursor: transferCursorSchema.nullable(),
  /** More records are ready after this page: ask again at once. */
  more: z.boolean(),
});

export const transferAnswerSchemas = {
  balance: transferBalanceAnswerSchema,
  deposit: transferMoveAnswerSchema,
  withdraw: transferMoveAnswerSchema,
  records: transferRecordsAnswerSchema,
} as const satisfies Record<TransferAction, z.ZodType>;

export type TransferBalanceRequest = z.infer<typeof transferBalanceRequestSchema>;
export type TransferMoveRequest = z.infer<typeof transferMoveRequestSchema>;
export type TransferBalanceAnswer = z.infer<typeof transferBalanceAnswerSchema>;
export type TransferMoveAnswer = z.infer<typeof transferMoveAnswerSchema>;
export type TransferRecordsRequest = z.infer<typeof transferRecordsRequestSchema>;
export type TransferRecord = z.infer<typeof transferRecordSchema>;
export type TransferRecordsAnswer = z.infer<typeof transferRecordsAnswerSchema>;

/**
 * Refusals of the transfer API (same envelope as the seamless protocol's errors): BAD_REQUEST 400,
 * BAD_SIGNATURE 401, INSUFFICIENT_FUNDS 409 (withdraw more than the vendor wallet holds),
 * DUPLICATE_TRANSACTION 409, CURRENCY_MISMATCH 409 (the player's vendor wallet is in another
 * currency), INTERNAL 500 (retry).
 */
export const transferErrorCodes = [
  'BAD_REQUEST',
  'BAD_SIGNATURE',
  'INSUFFICIENT_FUNDS',
  'DUPLICATE_TRANSACTION',
  'CURRENCY_MISMATCH',
  'INTERNAL',
] as const;
export type TransferErrorCode = (typeof transferErrorCodes)[number];
