import { z } from 'zod';
import { gameCategorySchema, type LanguageCode } from './system.ts';

/**
 * The vendor wallet protocol (docs/vendor-protocol.md): the messages a game vendor and the platform
 * exchange, shared by the platform (apps/server) and vendors (apps/house-games). Seamless wallet:
 * the vendor holds no money and calls the platform for every bet and win.
 *
 * Vendor → platform: `POST /vendor-wallet/<vendorCode>/<action>` with a JSON body, the raw body
 * signed in the `x-khela-signature` header; every answer is signed the same way. Platform → vendor:
 * `GET <apiBaseUrl>/api/games` (the catalogue), signed both ways; launch is a URL, not a call.
 *
 * Amounts are integer minor units as JSON numbers (safe integers). This file holds schemas only (no
 * node:crypto), so the web may import the package without pulling the signing code in.
 */

/** Header carrying `t=<unix seconds>,v1=<hex HMAC-SHA256(key, "<t>.<raw body>")>`, both ways. */
export const vendorSignatureHeader = 'x-khela-signature';
/** How far a signature's timestamp may be from the receiver's clock, in seconds. */
export const vendorSignatureToleranceSeconds = 300;

export const vendorActions = ['authenticate', 'balance', 'debit', 'credit', 'rollback'] as const;
export const vendorActionSchema = z.enum(vendorActions);
export type VendorAction = z.infer<typeof vendorActionSchema>;

/** Languages of the protocol (ISO 639-1, lower case), and the platform's codes they stand for. */
export const vendorLanguages = ['bn', 'en', 'zh', 'vi', 'ja', 'th'] as const;
export const vendorLanguageSchema = z.enum(vendorLanguages);
export type VendorLanguage = z.infer<typeof vendorLanguageSchema>;

const platformOfVendorLanguage: Record<VendorLanguage, LanguageCode> = {
  bn: 'BN',
  en: 'EN',
  zh: 'CN',
  vi: 'VI',
  ja: 'JA',
  th: 'TH',
};

/** The protocol language for a platform language (TY has no stated meaning: English). */
export function vendorLanguageOf(language: LanguageCode): VendorLanguage {
  const found = vendorLanguages.find((code) => platformOfVendorLanguage[code] === language);
  return found ?? 'en';
}

/** The platform language of a protocol language. */
export function platformLanguageOf(language: VendorLanguage): LanguageCode {
  return platformOfVendorLanguage[language];
}

// ---------------------------------------------------------------------------------------------
// Field types

/** A vendor's id (transaction, round, game): 1–100 printable ASCII characters, no spaces. */
export const vendorIdSchema = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[\x21-\x7e]+$/, 'printable ASCII without spaces');

/** Minor units as a JSON number: a safe integer, never negative. */
export const minorUnitsSchema = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
/** A stake: minor units, more than zero. */
export const stakeSchema = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

/** The platform's wallet session id, handed out by authenticate (digits, as a string). */
export const vendorSessionIdSchema = z.string().regex(/^[1-9][0-9]{0,17}$/, 'a session id');

// ---------------------------------------------------------------------------------------------
// Requests (vendor → platform)

export const authenticateRequestSchema = z.object({
  /** The one-time token of the launch URL (base64url, 43 characters). */
  launchToken: z.string().regex(/^[A-Za-z0-9_-]{16,128}$/, 'a launch token'),
});

export const balanceRequestSchema = z.object({ sessionId: vendorSessionIdSchema });

export const debitRequestSchema = z.object({
  sessionId: vendorSessionIdSchema,
  /** Unique per vendor: the idempotency key of this bet. */
  transactionId: vendorIdSchema,
  /** Unique per vendor and player: the round this bet belongs to (opened by its first debit). */
  roundId: vendorIdSchema,
  gameCode: z.string().min(1).max(64),
  amount: stakeSchema,
});

export const creditRequestSchema = z.object({
  sessionId: vendorSessionIdSchema,
  transactionId: vendorIdSchema,
  roundId: vendorIdSchema,
  /** The win; 0 is a loss (with final: true, it settles the round). */
  amount: minorUnitsSchema,
  /** True settles the round: nothing more may be debited or credited into it. */
  final: z.boolean(),
  /** The vendor's summary of the round (outcome, provably-fair proof) for the betting record. */
  detail: z.record(z.string(), z.unknown()).optional(),
});

export const rollbackRequestSchema = z.object({
  sessionId: vendorSessionIdSchema,
  transactionId: vendorIdSchema,
  roundId: vendorIdSchema,
  /** The transactionId of the debit to undo. */
  referenceTransactionId: vendorIdSchema,
});

export const vendorRequestSchemas = {
  authenticate: authenticateRequestSchema,
  balance: balanceRequestSchema,
  debit: debitRequestSchema,
  credit: creditRequestSchema,
  rollback: rollbackRequestSchema,
} as const satisfies Record<VendorAction, z.ZodType>;

export type AuthenticateRequest = z.infer<typeof authenticateRequestSchema>;
export type BalanceRequest = z.infer<typeof balanceRequestSchema>;
export type DebitRequest = z.infer<typeof debitRequestSchema>;
export type CreditRequest = z.infer<typeof creditRequestSchema>;
export type RollbackRequest = z.infer<typeof rollbackRequestSchema>;
export type VendorRequestOf<A extends VendorAction> = z.infer<(typeof vendorRequestSchemas)[A]>;

// ---------------------------------------------------------------------------------------------
// Answers (platform → vendor)

export const authenticateAnswerSchema = z.object({
  ok: z.literal(true),
  sessionId: vendorSessionIdSchema,
  playerId: z.string(),
  nickname: z.string(),
  currency: z.string().length(3),
  balance: minorUnitsSchema,
  language: vendorLanguageSchema,
});

export const balanceAnswerSchema = z.object({
  ok: z.literal(true),
  balance: minorUnitsSchema,
  currency: z.string().length(3),
});

/** Debit, credit and rollback answer alike. */
export const transactionAnswerSchema = z.object({
  ok: z.literal(true),
  /** The wallet's balance right after this call (for a replay: as it was then). */
  balance: minorUnitsSchema,
  /** The vendor's transactionId, echoed. */
  transactionId: z.string(),
  /** The platform's journal entry id; null when the call moved no money (a win of 0, a no-op rollback). */
  platformTransactionId: z.string().nullable(),
});

export const vendorAnswerSchemas = {
  authenticate: authenticateAnswerSchema,
  balance: balanceAnswerSchema,
  debit: transactionAnswerSchema,
  credit: transactionAnswerSchema,
  rollback: transactionAnswerSchema,
} as const satisfies Record<VendorAction, z.ZodType>;

export type AuthenticateAnswer = z.infer<typeof authenticateAnswerSchema>;
export type BalanceAnswer = z.infer<typeof balanceAnswerSchema>;
export type TransactionAnswer = z.infer<typeof transactionAnswerSchema>;
export type VendorAnswerOf<A extends VendorAction> = z.infer<(typeof vendorAnswerSchemas)[A]>;

/**
 * The protocol's error codes with their HTTP status. Stable: vendors branch on `code`, `message`
 * is for people reading logs.
 */
export const vendorErrorCatalogue = {
  /** Malformed body or fields, or a call that contradicts an earlier one (see the message). */
  BAD_REQUEST: { status: 400, description: 'The request is malformed or inconsistent' },
  /** Missing, malformed, stale (±300 s) or wrong signature. */
  BAD_SIGNATURE: { status: 401, description: 'The signature does not check' },
  /** Unknown, used or expired launch token; unknown or expired session. */
  INVALID_TOKEN: { status: 401, description: 'The launch token or session is not valid' },
  /** No such vendor code, or the vendor is switched off. */
  UNKNOWN_VENDOR: { status: 404, description: 'No such vendor' },
  /** A credit for a round with no debit. */
  UNKNOWN_ROUND: { status: 404, description: 'No such round' },
  /** The wallet holds less than the stake: nothing moved. */
  INSUFFICIENT_FUNDS: { status: 409, description: 'Insufficient funds' },
  /**
   * A debit above the member's maximum bet while a bonus is being wagered (docs/promotions.md):
   * nothing moved; `maxBet` in the answer, minor units.
   */
  BET_LIMIT: { status: 409, description: 'The stake is above the maximum bet while a bonus is wagered' },
  /** The transactionId was used before with a different body. */
  DUPLICATE_TRANSACTION: { status: 409, description: 'The transaction id was used for another request' },
  /** A debit, credit or rollback into a settled or rolled-back round. */
  ROUND_CLOSED: { status: 409, description: 'The round is closed' },
  /** A debit whose rollback came first (or that was rolled back since). */
  TRANSACTION_ROLLED_BACK: { status: 409, description: 'The transaction was rolled back' },
  /** A debit that would open a round of a game the platform has switched off. */
  GAME_DISABLED: { status: 409, description: 'The game is not available' },
  /**
   * Over the per-address ceiling of calls a minute: refused before the body was read, so nothing
   * was done. Send the same call again after the answer's `retry-after` seconds, not at once.
   */
  RATE_LIMITED: {
    status: 429,
    description:
      'Too many calls from this address: nothing was done; send the same call again after retry-after',
  },
  INTERNAL: { status: 500, description: 'Internal error: retry later' },
} as const satisfies Record<string, { status: number; description: string }>;

export type VendorErrorCode = keyof typeof vendorErrorCatalogue;
export const vendorErrorCodes = Object.keys(vendorErrorCatalogue) as VendorErrorCode[];
export const vendorErrorCodeSchema = z.enum(vendorErrorCodes as [VendorErrorCode, ...VendorErrorCode[]]);

export const vendorErrorAnswerSchema = z.object({
  ok: z.literal(false),
  code: vendorErrorCodeSchema,
  message: z.string(),
});
export type VendorErrorAnswer = z.infer<typeof vendorErrorAnswerSchema>;

// ---------------------------------------------------------------------------------------------
// The catalogue (platform → vendor: GET <apiBaseUrl>/api/games)

/** A lobby vendor (the spec's vendor card) the vendor's games appear under. */
export const vendorLobbyEntrySchema = z.object({
  /** The lobby's vendor code (spec: vassalage), e.g. KHELA_SLOTS. */
  vassalage: z.string().regex(/^[A-Z0-9_]{2,40}$/, 'A-Z, 0-9 and _'),
  displayName: z.string().min(1).max(80),
  smallIcon: z.string().max(500).nullable(),
  gameType: gameCategorySchema,
  /** The spec's accountTypeId of the vendor card; 0 when the vendor has none. */
  accountTypeId: z.number().int().min(0).max(1_000_000).default(0),
});

export const vendorGameSchema = z.object({
  gameCode: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[\x21-\x7e]+$/, 'printable ASCII without spaces'),
  gameType: gameCategorySchema,
  vassalage: z.string().regex(/^[A-Z0-9_]{2,40}$/, 'A-Z, 0-9 and _'),
  /** Slot classify: SC, VP, JP, TG, AC, BG; null for other games. */
  classify: z.enum(['SC', 'VP', 'JP', 'TG', 'AC', 'BG']).nullable(),
  /** Names by protocol language; English at least. */
  names: z
    .partialRecord(vendorLanguageSchema, z.string().min(1).max(120))
    .refine((names) => typeof names.en === 'string', 'an English name is required'),
  icon: z.string().max(500).nullable(),
  minBet: stakeSchema,
  lineNum: z.number().int().min(0).max(10_000),
  isHot: z.union([z.literal(0), z.literal(1)]),
  /** Declared return to player in basis points (9600 = 96.00 %). */
  rtpBasisPoints: z.number().int().min(0).max(10_000).nullable(),
  defaultPlayType: z.string().max(40).nullable(),
  /** Launch rule flags (spec 2), e.g. VASSALAGE. */
  launchFlags: z.array(z.string().regex(/^[A-Z0-9_]{1,40}$/)).max(20),
});

export const vendorGamesListSchema = z.object({
  ok: z.literal(true),
  /** Lobby vendors (vendor cards) the games are listed under; a vassalage not described here shows under its own code. */
  vendors: z.array(vendorLobbyEntrySchema).max(200).default([]),
  games: z.array(vendorGameSchema).max(5000),
});

export type VendorLobbyEntry = z.infer<typeof vendorLobbyEntrySchema>;
export type VendorGame = z.infer<typeof vendorGameSchema>;
export type VendorGamesList = z.infer<typeof vendorGamesListSchema>;

// ---------------------------------------------------------------------------------------------
// Launch URL

/** What the launch URL carries (`<apiBaseUrl>/play/<gameCode>?token=…&lang=…&theme=…&lobby=…`). */
export const vendorLaunchQuerySchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{16,128}$/),
  lang: vendorLanguageSchema,
  theme: z.enum(['light', 'dark']),
  lobby: z.url(),
});
export type VendorLaunchQuery = z.infer<typeof vendorLaunchQuerySchema>;
