import { z } from 'zod';
import { defineCall } from './define.ts';
import {
  amountInputSchema,
  decimalAmountSchema,
  historyPageOf,
  historyPageQuery,
  imageUploadSchema,
  requestIdSchema,
} from './wallet.ts';
import { INT4_MAX, epochMsSchema, plainTextSchema } from './input-rules.ts';
import { depositWalletProviderSchema, walletNumberSchema } from './mobile-wallets.ts';

/**
 * Deposits (depositv2): the methods the operator offers, orders and their history, the player's own
 * deposit limits, the sandbox gateway's signed callback and the operator's decisions.
 */

export const depositStatuses = ['pending', 'approved', 'rejected', 'expired'] as const;
export const depositStatusSchema = z.enum(depositStatuses);
export type DepositStatus = z.infer<typeof depositStatusSchema>;

export const depositMethodKinds = [
  'bank_transfer',
  'sandbox_gateway',
  'wallet_manual',
  'bkash',
  'nagad',
] as const;

export const bankAccountSchema = z.object({
  bankName: z.string(),
  accountName: z.string(),
  accountNumber: z.string(),
});

export const depositMethodSchema = z.object({
  code: z.string(),
  kind: z.enum(depositMethodKinds),
  /** In the caller's language (Language header), else English, else the first one given. */
  name: z.string(),
  logoUrl: z.string().nullable(),
  min: decimalAmountSchema,
  max: decimalAmountSchema,
  /** The fee in basis points of the amount (150 = 1.5 %), kept from what is credited. */
  feeBps: z.number().int(),
  currency: z.string(),
  /** Where to pay, for a bank transfer. */
  bank: bankAccountSchema.nullable(),
  /** The mobile wallet a manual wallet deposit is sent with (`wallet_manual`), else null. */
  walletProvider: depositWalletProviderSchema.nullable(),
});
export type DepositMethod = z.infer<typeof depositMethodSchema>;

export const depositOrderSchema = z.object({
  orderId: z.number().int(),
  methodCode: z.string(),
  kind: z.enum(depositMethodKinds),
  status: depositStatusSchema,
  currency: z.string(),
  amount: decimalAmountSchema,
  fee: decimalAmountSchema,
  /** What reaches the main wallet: amount − fee. */
  credited: decimalAmountSchema,
  reference: z.string().nullable(),
  /** Receipt images the member attached to a bank transfer (0 to 3). */
  receiptCount: z.number().int(),
  /** The gateway's hosted payment page, while a gateway order is pending. */
  payUrl: z.string().nullable(),
  bank: bankAccountSchema.nullable(),
  /** ms since epoch. */
  createdAt: z.number(),
  expiresAt: z.number().nullable(),
  decidedAt: z.number().nullable(),
  /** Why it was rejected, when the operator said. */
  reason: z.string().nullable(),
  /** A manual wallet deposit: where it was sent, from which number, and the provider's TrxID. */
  wallet: z
    .object({
      provider: depositWalletProviderSchema,
      receivingNumber: z.string(),
      senderNumber: z.string(),
      trxId: z.string(),
    })
    .nullable(),
});
export type DepositOrder = z.infer<typeof depositOrderSchema>;

/** A receiving number shown to a member for one manual wallet deposit. */
export const depositWalletNumberSchema = z.object({
  numberId: z.number().int(),
  provider: depositWalletProviderSchema,
  number: z.string(),
  label: z.string().nullable(),
});
export type DepositWalletNumber = z.infer<typeof depositWalletNumberSchema>;

/** A brand's receiving number as the back office lists it, with what it took today. */
export const operatorDepositNumberSchema = depositWalletNumberSchema.extend({
  dailyCap: decimalAmountSchema,
  /** Pending and approved manual deposits sent to it since the start of the brand's day. */
  usedToday: decimalAmountSchema,
  enabled: z.boolean(),
  /** Who listed it; a member is shown it only once another operator approved it (four eyes). */
  addedBy: z.string().nullable(),
  approved: z.boolean(),
  /** Null for an approved number listed before the rule (the demo's too). */
  approvedBy: z.string().nullable(),
  lastShownAt: z.number().nullable(),
});
export type OperatorDepositNumber = z.infer<typeof operatorDepositNumberSchema>;

/**
 * The daily reconciliation of gateway deposits with the providers' records (issue 37, item 6):
 * what it found, and what became of it (docs/payments.md, "Reconciliation").
 */
export const reconciliationProviders = ['bkash', 'nagad'] as const;
export const reconciliationKinds = ['paid_not_credited', 'credited_not_paid', 'amount_differs'] as const;
export const reconciliationStates = ['open', 'settled', 'resolved'] as const;
/** A brand day, YYYY-MM-DD (settings `timeZone`). */
export const businessDaySchema = z
  .string()
  .max(10)
  .regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, 'a day as YYYY-MM-DD');

export const reconciliationItemSchema = z.object({
  itemId: z.number().int(),
  businessDay: z.string(),
  provider: z.enum(reconciliationProviders),
  orderId: z.number().int(),
  username: z.string(),
  kind: z.enum(reconciliationKinds),
  /** The order's status when the mismatch was found. */
  orderStatus: depositStatusSchema,
  orderAmount: decimalAmountSchema,
  /** The provider's own word (`Completed`, `Failed`, `Success`…), `unknown` when it knows no such payment. */
  providerStatus: z.string(),
  providerAmount: decimalAmountSchema.nullable(),
  providerTransactionId: z.string().nullable(),
  /** open: an operator must look; settled: the job credited it once; resolved: an operator closed it. */
  state: z.enum(reconciliationStates),
  resolvedBy: z.string().nullable(),
  resolvedAt: z.number().nullable(),
  note: z.string().nullable(),
  foundAt: z.number(),
});
export type ReconciliationItem = z.infer<typeof reconciliationItemSchema>;

export const limitPeriods = ['day', 'week', 'month'] as const;
export const limitPeriodSchema = z.enum(limitPeriods);
export type LimitPeriod = z.infer<typeof limitPeriodSchema>;

const limitStateSchema = z.object({
  /** The limit in force; null: none. */
  current: decimalAmountSchema.nullable(),
  /** A higher limit (or its removal) waiting its 24 hours. */
  pending: z.object({ amount: decimalAmountSchema.nullable(), from: z.number() }).nullable(),
  /** Deposited (approved or pending) within the period's rolling window. */
  used: decimalAmountSchema,
});

export const depositLimitsValueSchema = z.object({
  day: limitStateSchema,
  week: limitStateSchema,
  month: limitStateSchema,
});

/**
 * The fields of a call where an operator approves or rejects a waiting item (a deposit order, an
 * adjustment), besides the item's id; with `rejectionNeedsReason` as the object's refinement.
 */
export const approveOrRejectFields = {
  decision: z.enum(['approve', 'reject']),
  reason: z.string().trim().max(200).optional(),
};
/** `.refine(...rejectionNeedsReason)`: a rejection needs a reason of 3+ characters. */
export const rejectionNeedsReason: [
  (body: { decision: 'approve' | 'reject'; reason?: string | undefined }) => boolean,
  { message: string; path: string[] },
] = [
  (body) => body.decision === 'approve' || (body.reason ?? '').length >= 3,
  { message: 'a rejection needs a reason (3+ characters)', path: ['reason'] },
];

export const depositCalls = {
  depositMethods: defineCall({
    id: 'depositMethods',
    method: 'GET',
    path: '/wps/deposit/methods',
    auth: 'realMember',
    encrypted: false,
    summary: 'The deposit methods on offer, with their limits and fees',
    tag: 'wallet',
    value: z.array(depositMethodSchema),
  }),
  createDeposit: defineCall({
    id: 'depositCreate',
    method: 'POST',
    path: '/wps/deposit/create',
    auth: 'realMember',
    encrypted: false,
    summary: 'Start a deposit: a bank transfer waiting for the operator, or a gateway order to pay',
    tag: 'wallet',
    body: z.object({
      methodCode: z.string().trim().min(1, 'Required').max(32),
      amount: amountInputSchema,
      /** The bank transfer's reference (required for bank transfers). */
      reference: plainTextSchema({ max: 64 }).optional(),
      /** Pictures of the transfer receipt, for bank transfers only (spec 5: png or jpg, 5 MB, 3). */
      receipts: z.array(imageUploadSchema).max(3).optional(),
      /**
       * A manual wallet deposit (`wallet_manual`, required there): the receiving number shown by
       * depositWalletNumber, the member's own number it was sent from and the provider's TrxID
       * (its shape per provider: mobile-wallets.ts). A TrxID is taken once across all members.
       */
      wallet: z
        .object({
          numberId: z.number().int().min(1).max(INT4_MAX),
          senderNumber: walletNumberSchema,
          trxId: z.string().trim().min(1, 'Required').max(20),
        })
        .optional(),
      /** The client's id for this deposit: a retry answers the same order. */
      requestId: requestIdSchema,
    }),
    value: depositOrderSchema,
  }),
  depositWalletNumber: defineCall({
    id: 'depositWalletNumber',
    method: 'POST',
    path: '/wps/deposit/wallet-number',
    auth: 'realMember',
    encrypted: false,
    summary:
      "A manual wallet deposit's first step: the brand's receiving number to send to (rotating, with the day's cap left)",
    tag: 'wallet',
    body: z.object({
      methodCode: z.string().trim().min(1, 'Required').max(32),
      amount: amountInputSchema,
    }),
    value: depositWalletNumberSchema,
  }),
  depositHistory: defineCall({
    id: 'depositHistory',
    method: 'GET',
    path: '/wps/deposit/history',
    auth: 'realMember',
    encrypted: false,
    summary: "The member's deposits, newest first, by status and date",
    tag: 'wallet',
    query: z.object({
      status: depositStatusSchema.optional(),
      from: epochMsSchema.optional(),
      to: epochMsSchema.optional(),
      ...historyPageQuery,
    }),
    value: historyPageOf(depositOrderSchema),
  }),
  depositLimits: defineCall({
    id: 'depositLimits',
    method: 'GET',
    path: '/wps/deposit/limits',
    auth: 'realMember',
    encrypted: false,
    summary: "The player's own deposit limits for 24 hours, 7 days and 30 days",
    tag: 'wallet',
    value: depositLimitsValueSchema,
  }),
  setDepositLimits: defineCall({
    id: 'depositLimitsSet',
    method: 'POST',
    path: '/wps/deposit/limits',
    auth: 'realMember',
    encrypted: false,
    summary: 'Set deposit limits: a lower one applies at once, a higher one (or none) after 24 hours',
    tag: 'wallet',
    body: z
      .object({
        day: amountInputSchema.nullable().optional(),
        week: amountInputSchema.nullable().optional(),
        month: amountInputSchema.nullable().optional(),
      })
      .refine((body) => body.day !== undefined || body.week !== undefined || body.month !== undefined, {
        message: 'Give day, week or month',
        path: ['day'],
      }),
    value: depositLimitsValueSchema,
  }),
  operatorDeposits: defineCall({
    id: 'operatorDeposits',
    method: 'GET',
    path: '/api/operator/deposits',
    auth: 'operator',
    encrypted: false,
    summary: 'Deposits to review, oldest pending first',
    tag: 'operator',
    query: z.object({
      status: depositStatusSchema.default('pending'),
      limit: z.coerce.number().int().min(1).max(200).default(50),
    }),
    value: z.array(depositOrderSchema.extend({ username: z.string() })),
  }),
  operatorDepositNumbers: defineCall({
    id: 'operatorDepositNumbers',
    method: 'GET',
    path: '/api/operator/deposit/numbers',
    auth: 'operator',
    encrypted: false,
    summary: "The brand's receiving wallet numbers for manual deposits, with today's use",
    tag: 'operator',
    value: z.array(operatorDepositNumberSchema),
  }),
  operatorSaveDepositNumber: defineCall({
    id: 'operatorDepositNumberSave',
    method: 'POST',
    path: '/api/operator/deposit/number',
    auth: 'operator',
    encrypted: false,
    summary:
      "Add a receiving wallet number (no numberId; it waits for another operator's approval) or change one's label, daily cap, on or off; audited",
    tag: 'operator',
    body: z.object({
      numberId: z.number().int().min(1).max(INT4_MAX).optional(),
      provider: depositWalletProviderSchema,
      number: walletNumberSchema,
      label: plainTextSchema({ max: 40 }).optional(),
      dailyCap: amountInputSchema,
      enabled: z.boolean(),
    }),
    value: operatorDepositNumberSchema,
  }),
  operatorApproveDepositNumber: defineCall({
    id: 'operatorDepositNumberApprove',
    method: 'POST',
    path: '/api/operator/deposit/number/approve',
    auth: 'operator',
    encrypted: false,
    summary:
      'Approve a receiving wallet number another operator added (four eyes): only then are members shown it; audited',
    tag: 'operator',
    body: z.object({ numberId: z.number().int().min(1).max(INT4_MAX) }),
    value: operatorDepositNumberSchema,
  }),
  operatorDepositReceipt: defineCall({
    id: 'operatorDepositReceipt',
    method: 'GET',
    path: '/api/operator/deposit/receipt',
    auth: 'operator',
    encrypted: false,
    summary: 'A receipt image the member attached to a bank-transfer deposit (index 0 to 2)',
    tag: 'operator',
    query: z.object({
      orderId: z.coerce.number().int().min(1).max(INT4_MAX),
      index: z.coerce.number().int().min(0).max(2).default(0),
    }),
    value: imageUploadSchema,
  }),
  operatorReconciliation: defineCall({
    id: 'operatorReconciliation',
    method: 'GET',
    path: '/api/operator/deposit/reconciliation',
    auth: 'operator',
    encrypted: false,
    summary:
      "Mismatches the daily reconciliation found between gateway deposits and the providers' records, newest day first",
    tag: 'operator',
    query: z.object({
      state: z.enum(reconciliationStates).optional(),
      provider: z.enum(reconciliationProviders).optional(),
      kind: z.enum(reconciliationKinds).optional(),
      from: businessDaySchema.optional(),
      to: businessDaySchema.optional(),
      limit: z.coerce.number().int().min(1).max(200).default(100),
    }),
    value: z.array(reconciliationItemSchema),
  }),
  operatorResolveReconciliation: defineCall({
    id: 'operatorReconciliationResolve',
    method: 'POST',
    path: '/api/operator/deposit/reconciliation/resolve',
    auth: 'operator',
    encrypted: false,
    summary: 'Close a reconciliation mismatch with a note saying what was done; moves no money; audited',
    tag: 'operator',
    body: z.object({
      itemId: z.number().int().min(1).max(INT4_MAX),
      note: plainTextSchema({ min: 3, max: 500 }),
    }),
    value: reconciliationItemSchema,
  }),
  operatorDecideDeposit: defineCall({
    id: 'operatorDepositDecide',
    method: 'POST',
    path: '/api/operator/deposit/decide',
    auth: 'operator',
    encrypted: false,
    summary: 'Approve (credit) or reject a pending bank-transfer or manual wallet deposit; audited',
    tag: 'operator',
    body: z
      .object({ orderId: z.number().int().min(1).max(INT4_MAX), ...approveOrRejectFields })
      .refine(...rejectionNeedsReason),
    value: depositOrderSchema,
  }),
};
