import { z } from 'zod';
import { defineCall } from './define.ts';
import { amountInputUnit, amountUnit, epochMsSchema, pagedValueFields } from './input-rules.ts';
import {
  AMOUNT_MAX_LENGTH,
  MAX_INPUT_WHOLE_DIGITS,
  amountPattern,
  checkPrecision,
  formatAmount,
  readAmount,
  type ParseAmountOptions,
} from './money.ts';
import { recordKinds } from './record-kinds.ts';

/**
 * The wallet (spec 1 money features, 2 member centre, 7 wallet calls; docs/design.md, Money). Amounts
 * cross the API as decimal strings in major units ("1234.50"), never JSON numbers; the server keeps
 * integer minor units in a double-entry ledger.
 */

/**
 * A decimal amount as the API carries it: spelled by the one rule of `@khela/contract/money`
 * (ASCII digits, optional minus, no exponent, no grouping, no spaces: nothing is trimmed). The
 * currency's precision is the brand's, so the server checks it (`parseAmount`), or `amountCodec`.
 */
export const decimalAmountSchema = z
  .string()
  .max(AMOUNT_MAX_LENGTH)
  .regex(amountPattern, 'format')
  .meta({ unit: amountUnit });

/** The most whole digits an amount in a request may have: below 10^13 major units. */
export const amountInputMaxWholeDigits = MAX_INPUT_WHOLE_DIGITS;

/**
 * An amount in a request. Bounded well inside the ledger's bigint (2^63 − 1 minor units): at most
 * 13 whole digits, so even at 4 decimals one amount is below 10^17 minor units and a sum of ninety
 * of them (a fee, a balance, a period's deposits) still fits. A larger one is a 400 on the field.
 */
export const amountInputSchema = decimalAmountSchema
  .refine((text) => (text.replace(/^-/, '').split('.')[0] ?? '').length <= amountInputMaxWholeDigits, {
    message: 'too large',
    params: { rule: 'too_big', limit: 10 ** amountInputMaxWholeDigits - 1 },
  })
  .meta({ unit: amountInputUnit });

/**
 * An amount at a known precision: a decimal string in major units on the wire ⇄ bigint minor
 * units, read by `readAmount` (the same rule as everywhere). Decoding reports `format`,
 * `too_many_decimals`, `zero`, `negative` or `too_large` as the issue message; encoding formats
 * at the precision. A JSON number is refused: it lost precision before zod saw it
 * (docs/stack.md gotcha 2).
 */
export function amountCodec(options: ParseAmountOptions) {
  // A bad precision fails where the schema is built, not at the first request.
  checkPrecision(options.precision);
  return z.codec(z.string().regex(amountPattern, 'format'), z.bigint(), {
    decode: (text, payload) => {
      const reading = readAmount(text, options);
      if (reading.ok) return reading.minor;
      payload.issues.push({ code: 'custom', message: reading.problem, input: text });
      return z.NEVER;
    },
    encode: (minor) => formatAmount(minor, options.precision),
  });
}

/** The wallets a member owns: main, bonus, trial (demo funds), hold (withdrawals on hold), vendor. */
export const walletKinds = ['main', 'bonus', 'trial', 'hold', 'vendor'] as const;
export const walletKindSchema = z.enum(walletKinds);
export type WalletKind = z.infer<typeof walletKindSchema>;

export { recordKinds };
export const recordKindSchema = z.enum(recordKinds);
export type RecordKind = z.infer<typeof recordKindSchema>;

export const balanceValueSchema = z.object({
  /**
   * What the member can play with here: main + bonus + trial. Game wallets of transfer-mode vendors
   * live at the vendor (their balance changes with play there): GCS_gameWallets reads them.
   */
  sumBalance: decimalAmountSchema,
  /**
   * The transfer-mode game wallets as the books hold them (each as of its last transfer; the live
   * figure is the vendor's, from GCS_gameWallets). Read from the ledger: no vendor call here.
   */
  gameWallets: decimalAmountSchema,
  /** sumBalance + gameWallets: all the member's money, so a move to a game wallet keeps it level. */
  totalBalance: decimalAmountSchema,
  currency: z.string(),
  /** Funds held for withdrawals in progress (not spendable, not in sumBalance). */
  held: decimalAmountSchema,
  /** True for a trial account: demo funds that can never be withdrawn or transferred. */
  demo: z.boolean(),
  wallets: z.array(
    z.object({ kind: walletKindSchema, vendor: z.string().nullable(), balance: decimalAmountSchema }),
  ),
});
export type BalanceValue = z.infer<typeof balanceValueSchema>;

/** The paging of a money history query: page 1 first, 20 lines a page, at most 100. */
export const historyPageQuery = {
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
};

/** One page of a money history: its lines, how many in all, how many pages, which page. */
export const historyPageOf = <Line extends z.ZodType>(line: Line) =>
  z.object({
    list: z.array(line),
    total: z.number().int(),
    totalPages: z.number().int(),
    pageNo: z.number().int(),
  });

export const accountRecordQuerySchema = z.object({
  /** One kind of entry, or all when absent. */
  type: recordKindSchema.optional(),
  /** Inclusive start, ms since epoch. */
  from: epochMsSchema.optional(),
  /** Exclusive end, ms since epoch. */
  to: epochMsSchema.optional(),
  ...historyPageQuery,
});

export const accountRecordLineSchema = z.object({
  entryId: z.number().int(),
  type: recordKindSchema,
  /** ms since epoch. */
  time: z.number(),
  wallet: walletKindSchema,
  vendor: z.string().nullable(),
  currency: z.string(),
  /** Signed: positive in, negative out. */
  amount: decimalAmountSchema,
  /** The wallet's balance right after this entry (the running balance). */
  balanceAfter: decimalAmountSchema,
  /** Why, when the entry carries one (operator adjustments, reversals). */
  remark: z.string().nullable(),
});
export type AccountRecordLine = z.infer<typeof accountRecordLineSchema>;

export const accountRecordValueSchema = z.object({
  list: z.array(accountRecordLineSchema),
  ...pagedValueFields,
});

/** The member's request id of a money call (a UUID): a retry with the same id moves the money once. */
export const requestIdSchema = z
  .string()
  .trim()
  .min(8)
  .max(100)
  .regex(/^[A-Za-z0-9:_-]+$/, 'letters, digits, : _ -');

export const walletAdjustBodySchema = z.object({
  username: z.string().trim().min(1, 'Required').max(64),
  /** Signed major units: positive credits the main wallet, negative debits it. */
  amount: amountInputSchema,
  reason: z.string().trim().min(3, 'at least 3 characters').max(200),
  /** Unique per adjustment: a replay returns the first result and moves nothing. */
  idempotencyKey: requestIdSchema,
});

export const walletAdjustValueSchema = z.object({
  /**
   * `posted`: the money moved now. `pending`: at or above the four-eyes threshold the adjustment
   * waits for a second operator (operatorAdjustmentDecide); nothing moved yet.
   */
  status: z.enum(['posted', 'pending']),
  /** The journal entry (null while pending). */
  entryId: z.number().int().nullable(),
  /** The adjustment request waiting for approval (null when posted at once). */
  adjustmentId: z.number().int().nullable(),
  replayed: z.boolean(),
  /** The main wallet's balance right after the adjustment (now, while pending). */
  balance: decimalAmountSchema,
  currency: z.string(),
  /** Pending below the threshold: the daily limits it would pass (issue 35). */
  heldBecause: z.string().optional(),
});

const transferFields = {
  /** Major units, positive, at the currency's precision, within the brand's transfer limits. */
  amount: amountInputSchema,
  paymentPassword: z.string().min(1, 'Required').max(64),
  /** The client's id for this transfer (a UUID): a retry with the same id moves the money once. */
  requestId: requestIdSchema,
};

export const transferValueSchema = z.object({
  entryId: z.number().int(),
  replayed: z.boolean(),
  /** The sender's main wallet right after the transfer. */
  balance: decimalAmountSchema,
  currency: z.string(),
  /** Who received it. */
  to: z.string(),
});

/** A transfer-mode vendor's game wallet as the transferFund page shows it. */
export const gameWalletSchema = z.object({
  vendorCode: z.string(),
  /** The lobby name in the member's language. */
  name: z.string(),
  /** The vendor's balance now; null when the vendor did not answer. */
  balance: decimalAmountSchema.nullable(),
  /** What the platform's books hold for it (as of the last transfer). */
  booked: decimalAmountSchema,
  /** A transfer is waiting for the vendor's answer (sent again until it comes). */
  pending: z.boolean(),
});
export type GameWallet = z.infer<typeof gameWalletSchema>;

export const gameWalletsValueSchema = z.object({
  main: decimalAmountSchema,
  currency: z.string(),
  /** Empty in merchant wallet mode (isSingle): every vendor plays from the main wallet. */
  wallets: z.array(gameWalletSchema),
});

export const walletTransferBodySchema = z.discriminatedUnion('direction', [
  /** Main wallet → the vendor's game wallet. */
  z.object({
    direction: z.literal('in'),
    vendorCode: z.string().min(1).max(40),
    amount: amountInputSchema,
    requestId: requestIdSchema,
  }),
  /** The vendor's game wallet → main wallet. */
  z.object({
    direction: z.literal('out'),
    vendorCode: z.string().min(1).max(40),
    amount: amountInputSchema,
    requestId: requestIdSchema,
  }),
  /** Recall all: every game wallet's whole balance back to the main wallet. */
  z.object({ direction: z.literal('recall'), requestId: requestIdSchema }),
]);
export type WalletTransferBody = z.infer<typeof walletTransferBodySchema>;

export const walletTransferValueSchema = z.object({
  transfers: z.array(
    z.object({
      vendorCode: z.string(),
      direction: z.enum(['in', 'out']),
      amount: decimalAmountSchema,
      /** done: moved; pending: the vendor's answer is awaited (the platform keeps asking); failed: nothing moved. */
      status: z.enum(['done', 'pending', 'failed']),
      /** Why a transfer failed (e.g. INSUFFICIENT_FUNDS at the vendor), or why one was skipped. */
      code: z.string().nullable(),
    }),
  ),
  /** The main wallet right after. */
  main: decimalAmountSchema,
  currency: z.string(),
});
export type WalletTransferValue = z.infer<typeof walletTransferValueSchema>;

export const vendorTransferStatusSchema = z.enum(['pending', 'done', 'failed']);

/** A game wallet transfer as the operator sees it (GCS_walletTransfer's books). */
export const vendorTransferSchema = z.object({
  transferId: z.string(),
  username: z.string(),
  vendorCode: z.string(),
  direction: z.enum(['in', 'out']),
  amount: decimalAmountSchema,
  currency: z.string(),
  status: vendorTransferStatusSchema,
  /** The vendor's refusal code of a failed transfer. */
  failureCode: z.string().nullable(),
  /** Calls sent so far, and why the last one had no definite answer. */
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  /** ms since epoch. */
  createdAt: z.number(),
  doneAt: z.number().nullable(),
});

export const walletCalls = {
  balance: defineCall({
    id: 'walletBalance',
    method: 'GET',
    path: '/wps/v2/wallets/balance',
    auth: 'member',
    encrypted: false,
    summary: "The member's balance (value.sumBalance) and each wallet's",
    tag: 'wallet',
    value: balanceValueSchema,
  }),
  gameWallets: defineCall({
    id: 'walletGameWallets',
    method: 'GET',
    path: '/wps/relay/GCS_gameWallets',
    auth: 'member',
    encrypted: false,
    summary: "The member's main wallet and each transfer-mode vendor's game wallet, read from the vendor",
    tag: 'wallet',
    value: gameWalletsValueSchema,
  }),
  walletTransfer: defineCall({
    id: 'walletTransfer',
    method: 'POST',
    path: '/wps/relay/GCS_walletTransfer',
    auth: 'realMember',
    encrypted: false,
    summary: 'Move money between the main wallet and a game wallet (in, out), or recall all game wallets',
    tag: 'wallet',
    body: walletTransferBodySchema,
    value: walletTransferValueSchema,
  }),
  accountRecord: defineCall({
    id: 'walletAccountRecord',
    method: 'GET',
    path: '/wps/wallet/record',
    auth: 'member',
    encrypted: false,
    summary: 'The account record (transactionHistory): every ledger line of the member, newest first',
    tag: 'wallet',
    query: accountRecordQuerySchema,
    value: accountRecordValueSchema,
  }),
  transferUpline: defineCall({
    id: 'walletTransferUpline',
    method: 'POST',
    path: '/wps/wallet/transferUpline',
    auth: 'realMember',
    encrypted: true,
    summary: "Send money from the member's main wallet to their own upline agent (payment password)",
    tag: 'wallet',
    body: z.object(transferFields),
    value: transferValueSchema,
  }),
  transferDownline: defineCall({
    id: 'walletTransferDownline',
    method: 'POST',
    path: '/wps/agent/transferDownline',
    auth: 'agent',
    encrypted: true,
    summary: 'An agent sends money from their main wallet to a member of their own downline tree',
    tag: 'wallet',
    body: z.object({ username: z.string().trim().min(1, 'Required').max(64), ...transferFields }),
    value: transferValueSchema,
  }),
  operatorVendorTransfers: defineCall({
    id: 'operatorVendorTransfers',
    method: 'GET',
    path: '/api/operator/vendor-transfers',
    auth: 'operator',
    encrypted: false,
    summary: 'Game wallet transfers, oldest first: pending ones are still waiting for the vendor',
    tag: 'operator',
    query: z.object({
      status: vendorTransferStatusSchema.default('pending'),
      limit: z.coerce.number().int().min(1).max(200).default(50),
    }),
    value: z.array(vendorTransferSchema),
  }),
  operatorAdjust: defineCall({
    id: 'operatorWalletAdjust',
    method: 'POST',
    path: '/api/operator/wallet/adjust',
    auth: 'operator',
    encrypted: false,
    summary: "Credit or debit a member's main wallet with a reason (audited, idempotent)",
    tag: 'operator',
    body: walletAdjustBodySchema,
    value: walletAdjustValueSchema,
  }),
};

/** A png or jpg image sent as base64 (spec 5 and 9: png or jpg, 5 MB each, about 6.7 MB as text). */
export const imageUploadSchema = z.object({
  contentType: z.enum(['image/png', 'image/jpeg']),
  data: z.string().min(1).max(7_000_000),
});
export type ImageUpload = z.infer<typeof imageUploadSchema>;
